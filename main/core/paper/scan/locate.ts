// Finding an answer sheet in a scan: the page's ink threshold (Otsu), the four corner squares
// (connected components of a coarse grid, the solid squares nearest each corner), the projective
// map from the layout, and the QR code read from its own rectified square (jsQR). A page that is
// not one of our sheets, or is upside down or sideways, is refused by name.
import jsQR from 'jsqr';
import type { Canvas } from '@napi-rs/canvas';
import {
  FIDUCIAL_SIZE,
  FIDUCIALS,
  parseSheetPayload,
  QR_BOX,
  SHEET_PAGE,
  type Box,
  type SheetIdentity,
} from '../sheet-layout.js';
import { homography, project, type Homography, type Point } from './homography.js';

export interface GrayImage {
  width: number;
  height: number;
  /** 0 = black, 255 = white. */
  data: Uint8Array;
}

export function grayOf(canvas: Canvas): GrayImage {
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4)
    data[i] = ((rgba[p] ?? 0) * 299 + (rgba[p + 1] ?? 0) * 587 + (rgba[p + 2] ?? 0) * 114) / 1000;
  return { width, height, data };
}

/** Bilinear grey level at a sub-pixel position (white outside the image). */
export function sample(image: GrayImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= image.width || y0 + 1 >= image.height) return 255;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * image.width + x0;
  const d = image.data;
  const top = (d[i] ?? 255) * (1 - fx) + (d[i + 1] ?? 255) * fx;
  const bottom = (d[i + image.width] ?? 255) * (1 - fx) + (d[i + image.width + 1] ?? 255) * fx;
  return top * (1 - fy) + bottom * fy;
}

/** How many (sampled) pixels have each grey level. */
function histogramOf(image: GrayImage): number[] {
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < image.data.length; i += 3) {
    const g = image.data[i] ?? 255;
    histogram[g] = (histogram[g] ?? 0) + 1;
  }
  return histogram;
}

/** Otsu's threshold between paper and ink, from the grey-level histogram. */
function inkThreshold(histogram: number[]): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  const sum = histogram.reduce((a, count, g) => a + count * g, 0);
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    below += histogram[t] ?? 0;
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += t * (histogram[t] ?? 0);
    const between = below * above * (sumBelow / below - (sum - sumBelow) / above) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

interface Component {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  area: number;
}

const CELL = 4;

/** Dark blobs of a coarse grid (each cell the mean of CELL×CELL pixels). */
function components(image: GrayImage, threshold: number): { found: Component[]; cols: number } {
  const cols = Math.floor(image.width / CELL);
  const rows = Math.floor(image.height / CELL);
  const dark = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      let sum = 0;
      for (let y = 0; y < CELL; y++) {
        const base = (r * CELL + y) * image.width + c * CELL;
        for (let x = 0; x < CELL; x++) sum += image.data[base + x] ?? 255;
      }
      dark[r * cols + c] = sum / (CELL * CELL) < threshold ? 1 : 0;
    }
  const label = new Int32Array(cols * rows).fill(-1);
  const found: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < dark.length; start++) {
    if (!dark[start] || label[start] !== -1) continue;
    const component = { minX: cols, minY: rows, maxX: 0, maxY: 0, area: 0 };
    label[start] = found.length;
    stack.push(start);
    while (stack.length) {
      const at = stack.pop() ?? 0;
      const x = at % cols;
      const y = (at - x) / cols;
      component.area++;
      component.minX = Math.min(component.minX, x);
      component.maxX = Math.max(component.maxX, x);
      component.minY = Math.min(component.minY, y);
      component.maxY = Math.max(component.maxY, y);
      for (const next of [at - 1, at + 1, at - cols, at + cols]) {
        if (next < 0 || next >= dark.length || !dark[next] || label[next] !== -1) continue;
        if ((next === at - 1 && x === 0) || (next === at + 1 && x === cols - 1)) continue;
        label[next] = found.length;
        stack.push(next);
      }
    }
    found.push(component);
  }
  return { found, cols };
}

/** The ink-weighted centre of a blob, at full resolution. */
function centre(image: GrayImage, c: Component, threshold: number): Point {
  let sx = 0;
  let sy = 0;
  let weight = 0;
  for (let y = (c.minY - 1) * CELL; y < (c.maxY + 2) * CELL; y++)
    for (let x = (c.minX - 1) * CELL; x < (c.maxX + 2) * CELL; x++) {
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const w = Math.max(0, threshold - (image.data[y * image.width + x] ?? 255));
      sx += w * x;
      sy += w * y;
      weight += w;
    }
  return weight
    ? [sx / weight + 0.5, sy / weight + 0.5]
    : [((c.minX + c.maxX + 1) * CELL) / 2, ((c.minY + c.maxY + 1) * CELL) / 2];
}

/** The four corner squares (top-left, top-right, bottom-right, bottom-left), or null. */
function fiducials(image: GrayImage, threshold: number): Point[] | null {
  const { found } = components(image, threshold);
  const short = Math.min(image.width, image.height);
  // A fiducial is 20 pt of a 595 pt page; the page fills 55–110 % of the image's short side.
  const expected = ((FIDUCIAL_SIZE / SHEET_PAGE.width) * short) / CELL;
  const squares = found.filter((c) => {
    const w = c.maxX - c.minX + 1;
    const h = c.maxY - c.minY + 1;
    const side = Math.sqrt(c.area);
    return side >= expected * 0.5 && side <= expected * 1.5 && w / h > 0.7 && w / h < 1.43 && c.area / (w * h) >= 0.72;
  });
  const corners: Point[] = [
    [0, 0],
    [image.width / CELL, 0],
    [image.width / CELL, image.height / CELL],
    [0, image.height / CELL],
  ];
  const chosen: Component[] = [];
  for (const [cx, cy] of corners) {
    let best: Component | null = null;
    let bestDistance = Infinity;
    for (const c of squares) {
      const distance = Math.hypot((c.minX + c.maxX) / 2 - cx, (c.minY + c.maxY) / 2 - cy);
      if (distance < bestDistance && !chosen.includes(c)) {
        best = c;
        bestDistance = distance;
      }
    }
    // Within the corner third of the image: a blob in the middle is not a corner square.
    if (!best || bestDistance > (short / CELL) * 0.45) return null;
    chosen.push(best);
  }
  return chosen.map((c) => centre(image, c, threshold));
}

/** A rectified square of the layout as RGBA (what jsQR reads), `scale` pixels per point. */
function rectify(image: GrayImage, h: Homography, box: Box, scale: number): { rgba: Uint8ClampedArray; size: number } {
  const size = Math.round(box.width * scale);
  const rgba = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const [px, py] = project(h, box.x + x / scale, box.y + y / scale);
      const g = sample(image, px, py);
      const i = (y * size + x) * 4;
      rgba[i] = rgba[i + 1] = rgba[i + 2] = g;
      rgba[i + 3] = 255;
    }
  return { rgba, size };
}

function readQr(image: GrayImage, h: Homography, box: Box): string | null {
  const { rgba, size } = rectify(image, h, box, 3);
  return jsQR(rgba, size, size, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

export type LocateRefusal = 'no-sheet' | 'upside-down' | 'sideways' | 'unreadable-code';

export interface LocatedSheet {
  image: GrayImage;
  /** Layout points → scan pixels. */
  map: Homography;
  /** Scan pixels per layout point (the page's mean scale). */
  scale: number;
  identity: SheetIdentity;
  /** Grey levels of the corner squares' ink and of the paper: the ends of a bubble's darkness. */
  ink: number;
  paper: number;
}

export function locateSheet(canvas: Canvas): LocatedSheet | { refused: LocateRefusal } {
  const image = grayOf(canvas);
  const histogram = histogramOf(image);
  const threshold = inkThreshold(histogram);
  const corners = fiducials(image, threshold);
  if (!corners) return { refused: 'no-sheet' };
  const [tl, tr, br, bl] = corners as [Point, Point, Point, Point];
  const width = (Math.hypot(tr[0] - tl[0], tr[1] - tl[1]) + Math.hypot(br[0] - bl[0], br[1] - bl[1])) / 2;
  const height = (Math.hypot(bl[0] - tl[0], bl[1] - tl[1]) + Math.hypot(br[0] - tr[0], br[1] - tr[1])) / 2;
  const [[left, top], [right], , [, bottom]] = FIDUCIALS as [Point, Point, Point, Point];
  const spanX = right - left;
  const spanY = bottom - top;
  const aspect = height / width / (spanY / spanX);
  if (aspect < 0.6) return { refused: 'sideways' };
  if (aspect > 1.6 || width < image.width * 0.3) return { refused: 'no-sheet' };
  const map = homography(FIDUCIALS, corners);
  if (!map) return { refused: 'no-sheet' };
  const text = readQr(image, map, QR_BOX);
  const identity = text ? parseSheetPayload(text) : null;
  if (!identity) {
    // The code where it would be if the page were turned round: an upside-down sheet.
    const turned: Box = {
      x: SHEET_PAGE.width - QR_BOX.x - QR_BOX.width,
      y: SHEET_PAGE.height - QR_BOX.y - QR_BOX.height,
      width: QR_BOX.width,
      height: QR_BOX.height,
    };
    const upside = readQr(image, map, turned);
    if (upside && parseSheetPayload(upside)) return { refused: 'upside-down' };
    return { refused: text ? 'no-sheet' : 'unreadable-code' };
  }
  let ink = 0;
  for (const [x, y] of corners) ink += sample(image, x, y);
  return {
    image,
    map,
    scale: (width / spanX + height / spanY) / 2,
    identity,
    ink: ink / 4,
    paper: paperLevel(histogram),
  };
}

/** The paper's grey level: the 90th percentile of the page. */
function paperLevel(histogram: number[]): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let g = 0; g < 256; g++) {
    seen += histogram[g] ?? 0;
    if (seen >= total * 0.9) return g;
  }
  return 255;
}
