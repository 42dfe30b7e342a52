// A file the OS handed over (a double-click, a second launch's arguments), read as the app reads a
// dropped one: only a regular file, at most `maxBytes`, in one read of the handle it checked. A FIFO
// would block a file-I/O thread on open, a device (or a link to /dev/zero) would never end.
import { createHash, randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type RegularFileRefusal = 'not-a-file' | 'too-large' | 'unreadable';

export class RegularFileError extends Error {
  constructor(readonly reason: RegularFileRefusal) {
    super(reason);
    this.name = 'RegularFileError';
  }
}

/**
 * Opens without blocking (O_NONBLOCK: a FIFO with no writer opens at once instead of holding a thread),
 * then asks the handle itself what it is, so a file swapped for a FIFO after a check cannot slip by;
 * `use` gets that one handle and the size it had. Any other failure is the file's: `unreadable`.
 */
async function withRegularFile<T>(
  path: string,
  maxBytes: number,
  use: (handle: FileHandle, size: number) => Promise<T>,
): Promise<T> {
  const flags = constants.O_RDONLY | (process.platform === 'win32' ? 0 : constants.O_NONBLOCK);
  const handle = await open(path, flags).catch(() => {
    throw new RegularFileError('unreadable');
  });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new RegularFileError('not-a-file');
    if (stat.size > maxBytes) throw new RegularFileError('too-large');
    return await use(handle, stat.size);
  } catch (error) {
    if (error instanceof RegularFileError) throw error;
    throw new RegularFileError('unreadable');
  } finally {
    await handle.close();
  }
}

export function readRegularFile(path: string, maxBytes: number): Promise<Buffer<ArrayBuffer>> {
  return withRegularFile(path, maxBytes, async (handle, size) => {
    // One past the limit: a file that grew after the stat is refused, not cut short.
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, size + 1));
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > maxBytes) throw new RegularFileError('too-large');
    // It grew while it was read: not the file that was checked.
    if (filled > size) throw new RegularFileError('unreadable');
    return buffer.subarray(0, filled);
  });
}

/** A file the OS handed over, copied where only the app writes: what every later step reads. */
export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
}

/**
 * Copies a regular file of at most `maxBytes` into `dir` in chunks, hashing as it goes: main holds
 * one chunk at a time, however large the file, and its event loop turns between chunks. The same
 * checks as readRegularFile, on the one handle that is copied; the path is never opened again.
 */
export function stageRegularFile(
  path: string,
  maxBytes: number,
  dir: string,
  /** Told the file's size once it is checked, before a byte is copied (to make room for it). */
  beforeCopy: (size: number) => Promise<void> = () => Promise.resolve(),
): Promise<StagedFile> {
  return withRegularFile(path, maxBytes, async (handle, expected) => {
    await beforeCopy(expected);
    await mkdir(dir, { recursive: true });
    const target = join(dir, `${randomUUID()}.staged`);
    const hash = createHash('sha256');
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.byteLength;
        // It grew while it was copied: not the file that was checked.
        if (size > expected) return done(new RegularFileError('unreadable'));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(
        handle.createReadStream({ autoClose: false, highWaterMark: STAGE_CHUNK }),
        counted,
        createWriteStream(target),
      );
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
    return { path: target, size, sha256: hash.digest('hex') };
  });
}

/** What main holds of a file being staged at any moment. */
const STAGE_CHUNK = 1024 * 1024;
