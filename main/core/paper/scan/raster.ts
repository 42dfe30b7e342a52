// Scans as pixels, within bounds: a PDF from the school's scanner (every page rendered by pdf.js),
// or a JPEG/PNG photo (decoded by Skia through @napi-rs/canvas). Each page is yielded in turn and
// can be dropped before the next is made, so a stack of forty sheets never sits in memory at once.
// What is too big to read safely is refused by name before a pixel is decoded. This runs in the
// decoding worker (main/core/worker): a decoder that crashes anyway takes only that process down.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { imageSize } from 'image-size';
import { MAX_FILE_BYTES, RasterError } from './raster-bounds.js';

export { MAX_FILE_BYTES, RasterError, type RasterRefusal } from './raster-bounds.js';
/** Pixels an image may declare before it is decoded (a 12 MP phone photo is well within). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Either side of an image, in pixels: an A4 page at 1200 dpi is 9,921 × 14,031. */
export const MAX_IMAGE_SIDE = 16_000;
/** Long side over short side: a page is 1.41, a receipt-like phone crop 4; 40,000,000 × 1 is no page. */
export const MAX_IMAGE_ASPECT = 8;
/** Pixels pdf.js may decode for one image inside a PDF (its maxImageSize): a full page at 600 dpi. */
export const MAX_PDF_IMAGE_PIXELS = 36_000_000;
/** Pages of one PDF: two classes' worth of two-page sheets. */
export const MAX_PDF_PAGES = 160;
/** The width a page is read at: 150 dpi on A4, enough for bubbles and the QR code. */
export const READ_WIDTH = 1240;

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

/**
 * An image's declared size, checked before any decoder sees it: a decoder trusts its header, and
 * Skia crashes the process on some (40,000,000 × 1, a JPEG of height 0). Refused by name instead.
 */
export function checkImageSize(bytes: Uint8Array): { width: number; height: number } {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new RasterError('unreadable');
  }
  const { width = 0, height = 0 } = size;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RasterError('unreadable', `${width}×${height}`);
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS || long / short > MAX_IMAGE_ASPECT)
    throw new RasterError('too-large', `${width}×${height}`);
  return { width, height };
}

/** An image fitted to the read width (never enlarged past twice its size), on white. */
async function imagePage(bytes: Uint8Array): Promise<ScanPage> {
  const declared = checkImageSize(bytes);
  const image = await loadImage(Buffer.from(bytes)).catch(() => {
    throw new RasterError('unreadable');
  });
  // What was decoded must be what was declared (a second frame or a lying header is refused).
  if (image.width !== declared.width && image.width !== declared.height) throw new RasterError('unreadable');
  // A photo may hold the page anywhere: keep its long side near an A4 page's at the read width.
  const scale = Math.min(2, (READ_WIDTH * 1.45) / Math.max(image.width, image.height));
  const canvas = createCanvas(
    Math.max(1, Math.round(image.width * scale)),
    Math.max(1, Math.round(image.height * scale)),
  );
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return { page: 1, canvas };
}

const require = createRequire(import.meta.url);

/** Every page of a PDF at the read width from `fromPage` on, one at a time, each released before the next. */
async function* pdfPages(
  bytes: Uint8Array,
  fromPage: number,
  opened: (pages: number) => void,
): AsyncGenerator<ScanPage> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  const doc = await pdfjs
    .getDocument({
      data: new Uint8Array(bytes),
      standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
      disableFontFace: true,
      isEvalSupported: false,
      // A bound pdf.js keeps itself: an image over this many pixels is not decoded (the page is then
      // drawn without it, and a sheet without its marks is refused by the reader); no browser decoders.
      maxImageSize: MAX_PDF_IMAGE_PIXELS,
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      verbosity: 0,
    })
    .promise.catch(() => {
      throw new RasterError('unreadable');
    });
  try {
    if (doc.numPages > MAX_PDF_PAGES) throw new RasterError('too-many-pages', String(doc.numPages));
    opened(doc.numPages);
    for (let n = Math.max(1, fromPage); n <= doc.numPages; n++) {
      // A page tree that points nowhere (or at itself) fails here: that file is unreadable, not the app.
      const page = await doc.getPage(n).catch(() => {
        throw new RasterError('unreadable', `p. ${n}`);
      });
      const base = page.getViewport({ scale: 1 });
      if (!(base.width > 0 && base.height > 0)) throw new RasterError('unreadable', `p. ${n}`);
      const scale = Math.min(READ_WIDTH / base.width, (READ_WIDTH * 1.45) / base.height);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // pdf.js draws on any 2D context with the browser's API; Skia's is one.
      const params = { canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0];
      await page.render(params).promise.catch(() => {
        throw new RasterError('unreadable', `p. ${n}`);
      });
      // The page's decoded images and operator list go now, not when the document closes.
      page.cleanup();
      yield { page: n, canvas };
    }
  } finally {
    await doc.destroy();
  }
}

/**
 * The pages of one file from `fromPage` on, refused by name when it cannot or may not be read.
 * `opened` hears a PDF's page count once it is known to be within bounds (an image has no count).
 */
export async function* scanPages(
  bytes: Uint8Array,
  fromPage = 1,
  opened: (pages: number) => void = () => undefined,
): AsyncGenerator<ScanPage> {
  if (bytes.byteLength > MAX_FILE_BYTES)
    throw new RasterError('too-large', `${Math.round(bytes.byteLength / 1024 / 1024)} MB`);
  const kind = kindOf(bytes);
  if (kind === null) throw new RasterError('not-an-image');
  // An image is one page: whatever goes wrong with it is said of the file (`opened` is a PDF's).
  if (kind === 'image') {
    if (fromPage <= 1) yield await imagePage(bytes);
  } else yield* pdfPages(bytes, fromPage, opened);
}
