// A scan's file-size bound and why a scan was refused before it was read: thrown in the decoding
// worker (raster.ts), checked and rebuilt in main (cli/print-scan.ts, worker/decoder.ts), which must
// not load the raster's libraries (test/unit/main-start-imports.test.ts).

/** A phone photo is a few MB; a scanner's PDF of a class, tens. */
export const MAX_FILE_BYTES = 48 * 1024 * 1024;

export type RasterRefusal = 'too-large' | 'too-many-pages' | 'not-an-image' | 'unreadable' | 'too-slow';

export class RasterError extends Error {
  constructor(
    readonly reason: RasterRefusal,
    readonly detail = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
}
