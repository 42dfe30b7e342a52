// A class's result files handed to the worker through one staged file instead of a message: main
// writes it asynchronously (the I/O runs on the threadpool, its event loop stays free), the worker
// reads it back. Layout: a JSON line of names and sizes (-1: unreadable), then the bytes in order.
import { randomUUID } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StagedResult {
  name: string;
  bytes: Uint8Array | null;
}

/** Prefix of the staged files, then the writer's pid: the start-up sweep removes those of a dead process. */
export const RESULTS_PREFIX = 'exam-practice-results-';

export async function stageResults(results: readonly StagedResult[]): Promise<string> {
  const path = join(tmpdir(), `${RESULTS_PREFIX}${process.pid}-${randomUUID()}`);
  const header = `${JSON.stringify(results.map((r) => [r.name, r.bytes === null ? -1 : r.bytes.byteLength]))}\n`;
  const file = await open(path, 'wx', 0o600);
  try {
    await file.write(header);
    // One file at a time: each write is its own threadpool request, main only queues it.
    for (const result of results) if (result.bytes) await file.write(result.bytes);
  } finally {
    await file.close();
  }
  return path;
}

export async function readStagedResults(path: string): Promise<StagedResult[]> {
  const all = await readFile(path);
  const newline = all.indexOf(0x0a);
  const header = JSON.parse(all.subarray(0, newline).toString('utf8')) as [string, number][];
  let at = newline + 1;
  return header.map(([name, size]) => {
    if (size < 0) return { name, bytes: null };
    const bytes = new Uint8Array(all.buffer, all.byteOffset + at, size);
    at += size;
    return { name, bytes };
  });
}
