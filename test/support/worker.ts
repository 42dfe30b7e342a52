// The decoding worker as the harness and the CLI run it (a forked Node process), for tests that
// read files from outside through the same process boundary the app uses.
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_LIMITS, DecodingWorker, type SpawnWorker, type WorkerLimits } from '../../main/core/worker/client.js';
import { Decoder } from '../../main/core/worker/decoder.js';
import { forkWorker } from '../../main/core/worker/node-spawn.js';
import type { WorkerJob } from '../../main/core/worker/protocol.js';
import type { ScanResult } from '../../preload/contract.js';
import { stackPdf, synthesize, type Corpus } from './omr-synth.js';

export function workerDecoder(limits: Partial<WorkerLimits> = {}): Decoder {
  return new Decoder(new DecodingWorker(forkWorker(), { ...DEFAULT_LIMITS, ...limits }));
}

/**
 * A forked worker whose process dies (SIGKILL, as a native abort or a segfault ends it) as soon as
 * it is handed its first job of `kind` (any kind when absent); the processes after it live.
 */
export function killedOnFirstJob(kind?: WorkerJob['kind']): { spawn: SpawnWorker; killed: () => boolean } {
  const base = forkWorker();
  let killed = false;
  const spawn: SpawnWorker = () => {
    const handle = base();
    return {
      ...handle,
      pid: handle.pid,
      send: (message) => {
        handle.send(message);
        if (!killed && (kind === undefined || message.job.kind === kind)) {
          killed = true;
          // The child, by its handle: never process.kill(pid ?? 0), which on a fork that failed to
          // spawn (no pid, as on a loaded machine) kills this process's whole group, the test runner's.
          handle.kill();
        }
      },
    };
  };
  return { spawn, killed: () => killed };
}

/**
 * A forked worker whose first process dies (SIGKILL, as a decoder's segfault would end it) right
 * after it reports its first page; the processes after it live. `killed()` says whether it happened.
 */
export function killedAfterFirstPage(): { spawn: SpawnWorker; killed: () => boolean } {
  const base = forkWorker();
  let killed = false;
  const spawn: SpawnWorker = () => {
    const handle = base();
    handle.onMessage((message) => {
      if (!killed && message.type === 'page') {
        killed = true;
        handle.kill();
      }
    });
    return handle;
  };
  return { spawn, killed: () => killed };
}

/** A forked worker that counts the pages it reports (a test waits for a scan to be under way). */
export function watchedWorker(): { spawn: SpawnWorker; pages: () => number } {
  const base = forkWorker();
  let pages = 0;
  const spawn: SpawnWorker = () => {
    const handle = base();
    handle.onMessage((message) => {
      if (message.type === 'page') pages += 1;
    });
    return handle;
  };
  return { spawn, pages: () => pages };
}

/** The small printed exam the worker's tests read, and three scanned sheets of it. */
export const WORKER_EXAM = { code: 'PWORK42', questions: 10, versions: 1, language: false } as const;

/** What the tutor is told of each refused file or page, as [source, reason]. */
export const refusals = (result: ScanResult): [string, string][] => result.refused.map((r) => [r.source, r.reason]);

/** Three synthesized scans of WORKER_EXAM (fixed seed), and a one-page PDF of the first. */
export async function workerSheets(): Promise<{ corpus: Corpus; sheet: Buffer }> {
  const corpus = await synthesize(WORKER_EXAM, 3, 7, { photos: 'none' });
  return { corpus, sheet: await stackPdf(corpus.images.slice(0, 1)) };
}

/**
 * A test file's decoder and WORKER_EXAM's scans: the scans made before the file's tests (read
 * `sheets.sheet` and `sheets.corpus` inside a test), the decoder closed after them.
 */
export function workerFile(): { decoder: Decoder; sheets: { corpus: Corpus; sheet: Buffer } } {
  const decoder = workerDecoder();
  const sheets = { corpus: { images: [], truths: [] } as Corpus, sheet: Buffer.alloc(0) };
  beforeAll(async () => {
    Object.assign(sheets, await workerSheets());
  }, 60_000);
  afterAll(() => decoder.close());
  return { decoder, sheets };
}
