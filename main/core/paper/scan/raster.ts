// Scans as pixels, within bounds: a PDF from the school's scanner (every page rendered by pdf.js),
// or a JPEG/PNG photo (decoded by Skia through @napi-rs/canvas). Each page is yielded in turn and
// can be dropped before the next is made, so a stack of forty sheets never sits in memory at once.
// What is too big to read safely is refused by name before a pixel is decoded.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { imageSize } from 'image-size';

/** A phone photo is a few MB; a scanner's PDF of a class, tens. */
export const MAX_FILE_BYTES = 48 * 1024 * 1024;
/** Pixels an image may declare before it is decoded (a 12 MP phone photo is well within). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Pages of one PDF: two classes' worth of two-page sheets. */
export const MAX_PDF_PAGES = 160;
/** The width a page is read at: 150 dpi on A4, enough for bubbles and the QR code. */
export const READ_WIDTH = 1240;

export type RasterRefusal = 'too-large' | 'too-many-pages' | 'not-an-image' | 'unreadable';

export class RasterError extends Error {
  constructor(
    readonly reason: RasterRefusal,
    readonly detail = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
}

export interface ScanPage {
  /** 1-based page of its file (1 for an image). */
  page: number;
  canvas: Canvas;
}

export type ScanKind = 'pdf' | 'image';

export function kindOf(bytes: Uint8Array): ScanKind | null {
  const head = Buffer.from(bytes.subarray(0, 8));
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head[0] === 0xff && head[1] === 0xd8) return 'image';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image';
  return null;
}

/** An image fitted to the read width (never enlarged past twice its size), on white. */
async function imagePage(bytes: Uint8Array): Promise<ScanPage> {
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new RasterError('unreadable');
  }
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new RasterError('too-large', `${size.width}×${size.height}`);
  const image = await loadImage(Buffer.from(bytes)).catch(() => {
    throw new RasterError('unreadable');
  });
  // A photo may hold the page anywhere: keep its long side near an A4 page's at the read width.
  const scale = Math.min(2, (READ_WIDTH * 1.45) / Math.max(image.width, image.height));
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return { page: 1, canvas };
}

const require = createRequire(import.meta.url);

/** Every page of a PDF at the read width, one at a time. */
async function* pdfPages(bytes: Uint8Array): AsyncGenerator<ScanPage> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  const doc = await pdfjs
    .getDocument({
      data: new Uint8Array(bytes),
      standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
      disableFontFace: true,
      isEvalSupported: false,
      verbosity: 0,
    })
    .promise.catch(() => {
      throw new RasterError('unreadable');
    });
  try {
    if (doc.numPages > MAX_PDF_PAGES) throw new RasterError('too-many-pages', String(doc.numPages));
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(READ_WIDTH / base.width, (READ_WIDTH * 1.45) / base.height);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // pdf.js draws on any 2D context with the browser's API; Skia's is one.
      const params = { canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0];
      await page.render(params).promise;
      page.cleanup();
      yield { page: n, canvas };
    }
  } finally {
    await doc.destroy();
  }
}

/** The pages of one dropped file, refused by name when it cannot or may not be read. */
export async function* scanPages(bytes: Uint8Array): AsyncGenerator<ScanPage> {
  if (bytes.byteLength > MAX_FILE_BYTES)
    throw new RasterError('too-large', `${Math.round(bytes.byteLength / 1024 / 1024)} MB`);
  const kind = kindOf(bytes);
  if (kind === null) throw new RasterError('not-an-image');
  if (kind === 'image') yield await imagePage(bytes);
  else yield* pdfPages(bytes);
}
