// A file the OS handed over (a double-click, a second launch's arguments), read as the app reads a
// dropped one: only a regular file, at most `maxBytes`, in one read of the handle it checked. A FIFO
// would block a file-I/O thread on open, a device (or a link to /dev/zero) would never end.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

export type RegularFileRefusal = 'not-a-file' | 'too-large' | 'unreadable';

export class RegularFileError extends Error {
  constructor(readonly reason: RegularFileRefusal) {
    super(reason);
    this.name = 'RegularFileError';
  }
}

/**
 * Opens without blocking (O_NONBLOCK: a FIFO with no writer opens at once instead of holding a thread),
 * then asks the handle itself what it is, so a file swapped for a FIFO after a check cannot slip by.
 */
export async function readRegularFile(path: string, maxBytes: number): Promise<Buffer<ArrayBuffer>> {
  const flags = constants.O_RDONLY | (process.platform === 'win32' ? 0 : constants.O_NONBLOCK);
  const handle = await open(path, flags).catch(() => {
    throw new RegularFileError('unreadable');
  });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new RegularFileError('not-a-file');
    if (stat.size > maxBytes) throw new RegularFileError('too-large');
    // One past the limit: a file that grew after the stat is refused, not cut short.
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, stat.size + 1));
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    if (filled > maxBytes) throw new RegularFileError('too-large');
    // It grew while it was read: not the file that was checked.
    if (filled > stat.size) throw new RegularFileError('unreadable');
    return buffer.subarray(0, filled);
  } catch (error) {
    if (error instanceof RegularFileError) throw error;
    throw new RegularFileError('unreadable');
  } finally {
    await handle.close();
  }
}
