// Why a sheet could not be placed, when its code is whole: a page the four corner squares could not
// fix (refused no-sheet, unreadable-code through a wrong map, or misregistered) is searched for its
// QR code alone. Where the code reads as one of our sheets, its own corners map the printed layout
// onto the photo, and each corner square is looked for where that map puts it: outside the picture,
// or no square of ink there (covered, torn off, folded under). The tutor is then told which corner
// to bring into view or uncover, instead of being sent to the code or the scanner.
import jsQR from 'jsqr';
import { FIDUCIALS, FIDUCIAL_SIZE, QR_QUIET as QUIET, parseSheetPayload, payloadBox } from '../sheet-layout.js';
import { SHEET_CORNERS, type CornerCause, type SheetCorner } from '../../../../preload/contract.js';
import type { Point } from './homography.js';
import { levelAt, type GrayImage } from './gray.js';

/** Long side the whole photo is searched at for the code (a 12 MP photo's code is still ~200 px). */
const SEARCH_SIDE = 1600;
/** Where a corner's square may be, around where the code's map puts it, in square sides: the code is
 * small beside the page, so its map's error grows towards the far corners. */
const SEARCH_REACH = 2.5;
/** Share of a square's area that must be ink in its best place for the corner to count as there. */
const SQUARE_INK = 0.6;

/** A corner square not found, why, and where the code's map puts it in the photo (to mark it there). */
export interface MissingCorner {
  corner: SheetCorner;
  /** 'outside': the square's place is not wholly in the picture; 'covered': it is, with no square there. */
  cause: CornerCause;
  at: Point;
}

/**
 * The corner squares missing from a page whose code is whole, in print order; null when the code is
 * not found or is not one of our sheets (the page's own refusal stands), [] when all four are there.
 */
export function missingCorners(image: GrayImage, histogram: number[]): MissingCorner[] | null {
  const ink = inkLevel(histogram);
  // A page with no ink at all (a blank page of a long PDF) has no code to look for.
  if (ink === null) return null;
  const step = Math.max(1, Math.ceil(Math.max(image.width, image.height) / SEARCH_SIDE));
  const width = Math.floor(image.width / step);
  const height = Math.floor(image.height / step);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const g = image.data[y * step * image.width + x * step] ?? 255;
      const i = (y * width + x) * 4;
      rgba[i] = rgba[i + 1] = rgba[i + 2] = g;
      rgba[i + 3] = 255;
    }
  const code = jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' });
  if (!code || !parseSheetPayload(code.data)) return null;
  // The three finder patterns' centres, which jsQR locates precisely (its fourth corner is an
  // estimate), fix an affine map from the printed code to the photo; the code's text says which of
  // the two printed codes it is.
  const box = payloadBox(code.data);
  const modules = 17 + 4 * code.version;
  const pitch = box.width / (modules + 2 * QUIET);
  const at = (module: number) => box.x + (QUIET + module) * pitch;
  const near = 3.5;
  const far = modules - 3.5;
  const { topLeftFinderPattern: a, topRightFinderPattern: b, bottomLeftFinderPattern: d } = code.location;
  const map = affine(
    [
      [at(near), box.y + (QUIET + near) * pitch],
      [at(far), box.y + (QUIET + near) * pitch],
      [at(near), box.y + (QUIET + far) * pitch],
    ],
    [a, b, d].map((p): Point => [p.x * step, p.y * step]),
  );
  if (!map) return null;
  // SHEET_CORNERS is in FIDUCIALS' order, as printed (a sheet photographed upside down too).
  return SHEET_CORNERS.flatMap((corner, i) => {
    const [fx, fy] = FIDUCIALS[i] ?? [0, 0];
    const centre = map(fx, fy);
    // The square's side in the photo, from how far the map carries one side of it each way.
    const across = map(fx + FIDUCIAL_SIZE, fy);
    const down = map(fx, fy + FIDUCIAL_SIZE);
    const side = Math.max(
      4,
      (Math.hypot(across[0] - centre[0], across[1] - centre[1]) +
        Math.hypot(down[0] - centre[0], down[1] - centre[1])) /
        2,
    );
    if (squareNear(image, centre[0], centre[1], side, ink)) return [];
    const half = side / 2;
    const inPicture =
      centre[0] - half >= 0 &&
      centre[1] - half >= 0 &&
      centre[0] + half <= image.width &&
      centre[1] + half <= image.height;
    return [{ corner, cause: inPicture ? 'covered' : 'outside', at: centre }];
  });
}

/** The affine map carrying three points onto three others; null when the first three are in a line. */
function affine(from: readonly Point[], to: readonly Point[]): ((x: number, y: number) => Point) | null {
  const [[x0, y0], [x1, y1], [x2, y2]] = from as [Point, Point, Point];
  const [[u0, v0], [u1, v1], [u2, v2]] = to as [Point, Point, Point];
  const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(det) < 1e-9) return null;
  // (x, y) as a + s·(p1 − p0) + t·(p2 − p0), carried over with the same s and t.
  return (x, y) => {
    const s = ((x - x0) * (y2 - y0) - (x2 - x0) * (y - y0)) / det;
    const t = ((x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)) / det;
    return [u0 + s * (u1 - u0) + t * (u2 - u0), v0 + s * (v1 - v0) + t * (v2 - v0)];
  };
}

/**
 * Grey level under which a pixel is ink: halfway between the darkest and the paper (percentiles of
 * the page's histogram); null when nothing on the page is dark.
 */
function inkLevel(histogram: number[]): number | null {
  const darkest = levelAt(histogram, 0.01);
  const paper = levelAt(histogram, 0.6);
  return paper - darkest < 60 ? null : (darkest + paper) / 2;
}

/** Whether a square of ink of about this side lies within reach of (cx, cy), wholly in the picture. */
function squareNear(image: GrayImage, cx: number, cy: number, side: number, ink: number): boolean {
  const reach = side * SEARCH_REACH;
  const x0 = Math.max(0, Math.floor(cx - reach));
  const y0 = Math.max(0, Math.floor(cy - reach));
  const x1 = Math.min(image.width, Math.ceil(cx + reach));
  const y1 = Math.min(image.height, Math.ceil(cy + reach));
  const w = x1 - x0;
  const h = y1 - y0;
  const s = Math.round(side);
  if (w < s || h < s) return false;
  // Ink counted over every square of this side in the window (a summed-area table).
  const sums = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += (image.data[(y0 + y) * image.width + x0 + x] ?? 255) < ink ? 1 : 0;
      sums[(y + 1) * (w + 1) + x + 1] = (sums[y * (w + 1) + x + 1] ?? 0) + row;
    }
  }
  const at = (x: number, y: number) => sums[y * (w + 1) + x] ?? 0;
  const needed = SQUARE_INK * s * s;
  for (let y = 0; y + s <= h; y++)
    for (let x = 0; x + s <= w; x++)
      if (at(x + s, y + s) - at(x, y + s) - at(x + s, y) + at(x, y) >= needed) return true;
  return false;
}
