// The one way this app replaces a file on disk. Per path: one ordered queue, writes
// that arrive while one is in flight coalesce (the last state wins), a temp name no
// other writer can share, write + fsync, rename over the target, fsync of the folder.
// A caller's promise resolves only once a write holding its change is durable.
// Hand-written because no library does all of it: write-file-atomic fsyncs but
// neither coalesces nor syncs the folder; steno coalesces but shares one temp name
// between instances and never fsyncs (docs/architecture.md, "Storage layer").
import { randomBytes } from 'node:crypto';
import { copyFile, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';

export type FileData = string | Uint8Array;
/** The bytes, or a function producing them when the write starts (so coalesced writes serialise once). */
export type FileContent = FileData | (() => FileData);

export interface WriteOptions {
  /** Keep the previous content as `<path>.bak` (one generation) before replacing it. */
  backup?: boolean;
}

let sequence = 0;

/** Temp files of this layer: `.<name>.<pid>.<n>.<random>.tmp`, beside their target. */
export const TEMP_FILE = /^\..+\.\d+\.\d+\.[0-9a-f]{8}\.tmp$/;

function tempPath(path: string): string {
  sequence += 1;
  return join(dirname(path), `.${basename(path)}.${process.pid}.${sequence}.${randomBytes(4).toString('hex')}.tmp`);
}

export const backupPath = (path: string) => `${path}.bak`;

async function writeSynced(path: string, data: FileData): Promise<void> {
  // 'wx': a temp name is never shared; if it somehow exists, fail rather than interleave.
  const handle = await open(path, 'wx');
  try {
    // One write call, not `writeFile`'s 512 KB steps: each step waits for this thread, which a sync
    // keeps busy (a 2 MB chunk took four such waits, about 20 ms).
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    let written = 0;
    while (written < bytes.byteLength) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.byteLength - written, written);
      written += bytesWritten;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a rename durable. Windows cannot open a folder for fsync; some filesystems refuse it. */
export async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort: the file itself is already synced.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

const RETRYABLE_RENAME = new Set(['EPERM', 'EACCES', 'EBUSY']);

/** rename, retried briefly on Windows, where a scanner or indexer may hold the target open. */
async function renameOver(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (process.platform !== 'win32' || !RETRYABLE_RENAME.has(code) || attempt >= 10) throw error;
      await new Promise((done) => setTimeout(done, 20 * (attempt + 1)));
    }
  }
}

async function replace(path: string, data: FileData, options: WriteOptions): Promise<void> {
  const temp = tempPath(path);
  try {
    await writeSynced(temp, data);
    if (options.backup) {
      const bakTemp = tempPath(backupPath(path));
      try {
        await copyFile(path, bakTemp);
        await syncFile(bakTemp);
        await renameOver(bakTemp, backupPath(path));
      } catch (error) {
        await rm(bakTemp, { force: true });
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    await renameOver(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDir(dirname(path));
}

interface Job {
  content: FileContent;
  options: WriteOptions;
  waiters: { resolve: () => void; reject: (error: unknown) => void }[];
}

/** Per path: the job waiting behind the one in flight (null when none waits), and its drain. */
const queues = new Map<string, { pending: Job | null; drained?: Promise<void> }>();

/**
 * Settles once no write under `dir` is in flight or waiting: a data folder closes only then, so
 * that its next opening (which sweeps leftover temp files) never removes a write's temp file.
 */
export async function writesSettled(dir: string): Promise<void> {
  const root = resolve(dir);
  for (;;) {
    const draining = [...queues].flatMap(([path, queue]) =>
      path === root || path.startsWith(`${root}${sep}`) ? [queue.drained ?? Promise.resolve()] : [],
    );
    if (draining.length === 0) return;
    await Promise.all(draining);
  }
}

async function drain(path: string, queue: { pending: Job | null }) {
  while (queue.pending) {
    const job = queue.pending;
    queue.pending = null;
    try {
      await replace(path, typeof job.content === 'function' ? job.content() : job.content, job.options);
      for (const waiter of job.waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of job.waiters) waiter.reject(error);
    }
  }
  queues.delete(path);
}

/** Replaces a file durably; concurrent calls for one path are ordered and coalesced. */
export function writeDurably(path: string, content: FileContent, options: WriteOptions = {}): Promise<void> {
  const key = resolve(path);
  return new Promise((resolvePromise, reject) => {
    const waiter = { resolve: resolvePromise, reject };
    const queue = queues.get(key);
    if (queue?.pending) {
      // Not started yet: this call's state supersedes it, and both callers wait for the one write.
      queue.pending.content = content;
      queue.pending.options = { backup: Boolean(queue.pending.options.backup || options.backup) };
      queue.pending.waiters.push(waiter);
      return;
    }
    const job: Job = { content, options, waiters: [waiter] };
    if (queue) {
      queue.pending = job; // behind the write in flight
      return;
    }
    const fresh: { pending: Job | null; drained?: Promise<void> } = { pending: job };
    queues.set(key, fresh);
    fresh.drained = drain(key, fresh);
  });
}
