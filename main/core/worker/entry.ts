// The decoding worker's process: Electron's utilityProcess in the app (process.parentPort), a forked
// Node process in the harness, the CLI and the tests (process.send). It runs one job at a time and
// answers plain data; main kills and restarts it on a crash, a timeout or past its memory cap.
import type { FromWorker, ToWorker } from './protocol.js';
import { failureOf, runJob } from './jobs.js';

interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

function send(message: FromWorker): void {
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
}

/**
 * What the last page left behind goes before the next is drawn (the worker runs with --expose-gc).
 * A canvas's pixels are Skia's, freed by an N-API finalizer that runs only on a later turn of the
 * event loop: without that turn, each page's canvases stayed (about 40 MB a page, measured).
 */
async function collect(): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setImmediate(resolve));
}

const sendMemory = () => send({ id: 0, type: 'memory', rss: process.memoryUsage.rss() });

let queue: Promise<void> = Promise.resolve();

function receive(raw: unknown): void {
  const { id, job } = raw as ToWorker;
  queue = queue.then(async () => {
    try {
      const value = await runJob(job, {
        opened: (pages) => send({ id, type: 'opened', pages }),
        page: async (outcome) => {
          send({ id, type: 'page', outcome });
          await collect();
          sendMemory();
        },
      });
      send({ id, type: 'done', value });
    } catch (error) {
      send({ id, type: 'failed', failure: failureOf(error) });
    }
    await collect();
    sendMemory();
  });
}

if (parentPort) parentPort.on('message', (event) => receive(event.data));
else process.on('message', receive);
// A parent that died leaves no worker behind.
process.on('disconnect', () => process.exit(0));
sendMemory();
