// A scanned page as grey levels, and the dark blobs on it: a local (adaptive) threshold over cell
// means, so that a shadow along the scanner's edge or light falling off across a photo moves the
// paper's level and not a mark's contrast with what surrounds it. What locate.ts looks for corner
// squares among, and the bubble reader samples.
import type { Canvas } from '@napi-rs/canvas';
import type { Point } from './homography.js';

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
export function histogramOf(image: GrayImage): number[] {
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < image.data.length; i += 3) {
    const g = image.data[i] ?? 255;
    histogram[g] = (histogram[g] ?? 0) + 1;
  }
  return histogram;
}

export interface Component {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  area: number;
}

export const CELL = 4;

/** The coarse grid: each cell the mean grey of CELL×CELL pixels. */
export function cellMeans(image: GrayImage): { means: Float64Array; cols: number; rows: number } {
  const cols = Math.floor(image.width / CELL);
  const rows = Math.floor(image.height / CELL);
  const means = new Float64Array(cols * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      let sum = 0;
      for (let y = 0; y < CELL; y++) {
        const base = (r * CELL + y) * image.width + c * CELL;
        for (let x = 0; x < CELL; x++) sum += image.data[base + x] ?? 255;
      }
      means[r * cols + c] = sum / (CELL * CELL);
    }
  return { means, cols, rows };
}

/**
 * Dark cells by the light around them (Bradley and Roth's adaptive threshold over an integral
 * image): a cell is ink when it is clearly darker than the mean of a window a few corner squares
 * wide, so a square in a scanner's edge shadow stays a square instead of melting into the shadow.
 */
export function adaptiveDark(grid: { means: Float64Array; cols: number; rows: number }, window: number): Uint8Array {
  const { means, cols, rows } = grid;
  const integral = new Float64Array((cols + 1) * (rows + 1));
  for (let r = 0; r < rows; r++) {
    let line = 0;
    for (let c = 0; c < cols; c++) {
      line += means[r * cols + c] ?? 255;
      integral[(r + 1) * (cols + 1) + c + 1] = (integral[r * (cols + 1) + c + 1] ?? 0) + line;
    }
  }
  const half = Math.max(2, Math.round(window / 2));
  const dark = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    const r0 = Math.max(0, r - half);
    const r1 = Math.min(rows, r + half + 1);
    for (let c = 0; c < cols; c++) {
      const c0 = Math.max(0, c - half);
      const c1 = Math.min(cols, c + half + 1);
      const w = cols + 1;
      const sum =
        (integral[r1 * w + c1] ?? 0) -
        (integral[r0 * w + c1] ?? 0) -
        (integral[r1 * w + c0] ?? 0) +
        (integral[r0 * w + c0] ?? 0);
      const local = sum / ((r1 - r0) * (c1 - c0));
      const value = means[r * cols + c] ?? 255;
      dark[r * cols + c] = value < local * 0.72 && local - value > 18 ? 1 : 0;
    }
  }
  return dark;
}

/** Connected dark blobs of the grid (4-neighbours). */
export function componentsOf(dark: Uint8Array, cols: number): Component[] {
  const label = new Int32Array(dark.length).fill(-1);
  const found: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < dark.length; start++) {
    if (!dark[start] || label[start] !== -1) continue;
    const component = { minX: cols, minY: Infinity, maxX: 0, maxY: 0, area: 0 };
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
  return found;
}

/** The ink-weighted centre of a blob, at full resolution (ink: darker than the blob's own surroundings). */
export function centre(image: GrayImage, c: Component): Point {
  const x0 = Math.max(0, (c.minX - 1) * CELL);
  const y0 = Math.max(0, (c.minY - 1) * CELL);
  const x1 = Math.min(image.width, (c.maxX + 2) * CELL);
  const y1 = Math.min(image.height, (c.maxY + 2) * CELL);
  // Midway between the darkest and the lightest of the box: the square's own edge.
  let lo = 255;
  let hi = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const g = image.data[y * image.width + x] ?? 255;
      lo = Math.min(lo, g);
      hi = Math.max(hi, g);
    }
  const threshold = (lo + hi) / 2;
  let sx = 0;
  let sy = 0;
  let weight = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const w = Math.max(0, threshold - (image.data[y * image.width + x] ?? 255));
      sx += w * x;
      sy += w * y;
      weight += w;
    }
  return weight
    ? [sx / weight + 0.5, sy / weight + 0.5]
    : [((c.minX + c.maxX + 1) * CELL) / 2, ((c.minY + c.maxY + 1) * CELL) / 2];
}

/** The grey level below which this share of the (sampled) page lies. */
export function levelAt(histogram: number[], share: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let g = 0; g < 256; g++) {
    seen += histogram[g] ?? 0;
    if (seen >= total * share) return g;
  }
  return 255;
}

/** The paper's grey level: the 90th percentile of the page. */
export function paperLevel(histogram: number[]): number {
  return levelAt(histogram, 0.9);
}
