// Finding an answer sheet in a scan, and making sure it was found: the four corner squares among the
// dark blobs of a local (adaptive) threshold — a shadow along the scanner's edge or light falling off
// across a photo moves the paper's level, not the squares' contrast with what surrounds them — then
// the candidates checked against each other (same size, a quadrilateral of the sheet's shape, squares
// of the size that shape implies), the projective map from the layout, the QR code read from its own
// rectified square (jsQR; a page turned round is read turned), and the map checked against the
// printed bubble rings before any bubble is read. A page whose corners cannot be agreed on is
// refused as misregistered, with a thumbnail for the tutor: never graded from the wrong place.
import jsQR from 'jsqr';
import type { Canvas } from '@napi-rs/canvas';
import {
  BUBBLE_RADIUS,
  FIDUCIAL_SIZE,
  FIDUCIALS,
  parseSheetPayload,
  QR_BOX,
  QUESTIONS_PER_PAGE,
  questionRow,
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

interface Component {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  area: number;
}

const CELL = 4;

/** The coarse grid: each cell the mean grey of CELL×CELL pixels. */
function cellMeans(image: GrayImage): { means: Float64Array; cols: number; rows: number } {
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
function adaptiveDark(grid: { means: Float64Array; cols: number; rows: number }, window: number): Uint8Array {
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
function componentsOf(dark: Uint8Array, cols: number): Component[] {
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
function centre(image: GrayImage, c: Component): Point {
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

/** A candidate set of corner squares (top-left, top-right, bottom-right, bottom-left) and how well they agree. */
interface Quad {
  squares: Component[];
  score: number;
}

const sideOf = (c: Component) => Math.sqrt(c.area);
const midOf = (c: Component): Point => [(c.minX + c.maxX + 1) / 2, (c.minY + c.maxY + 1) / 2];
const [[LAYOUT_LEFT, LAYOUT_TOP], [LAYOUT_RIGHT], , [, LAYOUT_BOTTOM]] = FIDUCIALS as [Point, Point, Point, Point];
/** The layout's corner-square side over the distance between left and right squares. */
const SQUARE_SHARE = FIDUCIAL_SIZE / (LAYOUT_RIGHT - LAYOUT_LEFT);
const LAYOUT_ASPECT = (LAYOUT_BOTTOM - LAYOUT_TOP) / (LAYOUT_RIGHT - LAYOUT_LEFT);

/**
 * How far four squares are from being the sheet's corner squares (0 = exactly), or null when they
 * cannot be: sizes that differ, a quadrilateral that is not convex and clockwise, squares of another
 * size than its width implies. The aspect is scored, not refused: a sideways page is told apart later.
 */
function agreement(squares: Component[], expected: number): number | null {
  const sides = squares.map(sideOf);
  const ratio = Math.max(...sides) / Math.min(...sides);
  // A phone's perspective makes the near squares up to a quarter larger, and a side measured in 4 px
  // cells is ±1 cell on a square of 8–11 cells; a bubble is 0.6 of a square (a ratio of 1.67).
  if (ratio > 1.5) return null;
  const points = squares.map(midOf);
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = points[i] ?? [0, 0];
    const [bx, by] = points[(i + 1) % 4] ?? [0, 0];
    const [cx, cy] = points[(i + 2) % 4] ?? [0, 0];
    // Clockwise in image coordinates (y down): every turn has a positive cross product.
    if ((bx - ax) * (cy - by) - (by - ay) * (cx - bx) <= 0) return null;
  }
  const [tl, tr, br, bl] = points as [Point, Point, Point, Point];
  const width = (Math.hypot(tr[0] - tl[0], tr[1] - tl[1]) + Math.hypot(br[0] - bl[0], br[1] - bl[1])) / 2;
  const height = (Math.hypot(bl[0] - tl[0], bl[1] - tl[1]) + Math.hypot(br[0] - tr[0], br[1] - tr[1])) / 2;
  const mean = sides.reduce((a, b) => a + b, 0) / 4;
  const share = mean / Math.min(width, height / LAYOUT_ASPECT);
  if (share < SQUARE_SHARE * 0.55 || share > SQUARE_SHARE * 1.8) return null;
  return (
    Math.abs(Math.log(ratio)) +
    Math.abs(Math.log(share / SQUARE_SHARE)) +
    Math.abs(Math.log(height / width / LAYOUT_ASPECT)) +
    // Four filled bubbles can agree as well as the corner squares: they are smaller than the
    // corner square of a page that fills the image.
    Math.abs(Math.log(mean / expected))
  );
}

/** Candidate sets of corner squares, the best agreeing first (at most `limit`). */
function cornerQuads(image: GrayImage, limit: number): Quad[] {
  const grid = cellMeans(image);
  const short = Math.min(image.width, image.height);
  // A fiducial is 20 pt of a 595 pt page; the page fills 55–110 % of the image's short side.
  const expected = ((FIDUCIAL_SIZE / SHEET_PAGE.width) * short) / CELL;
  const found = componentsOf(adaptiveDark(grid, expected * 4), grid.cols);
  const squares = found.filter((c) => {
    const w = c.maxX - c.minX + 1;
    const h = c.maxY - c.minY + 1;
    const side = Math.sqrt(c.area);
    // How much of its box a blob fills: a square turned 6° and blurred by a 150 dpi page fills about
    // 0.7 of it, a filled bubble π/4. The bound only drops ragged blobs (text, the QR code's parts);
    // the candidates' agreement, the QR code and the rings decide.
    return side >= expected * 0.5 && side <= expected * 1.5 && w / h > 0.7 && w / h < 1.43 && c.area / (w * h) >= 0.65;
  });
  const corners: Point[] = [
    [0, 0],
    [grid.cols, 0],
    [grid.cols, grid.rows],
    [0, grid.rows],
  ];
  // The nearest few squares to each image corner, within its corner region.
  const near = corners.map(([cx, cy]) =>
    squares
      .map((c) => ({ c, distance: Math.hypot(midOf(c)[0] - cx, midOf(c)[1] - cy) }))
      .filter(({ distance }) => distance <= (short / CELL) * 0.45)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, 4)
      .map(({ c }) => c),
  );
  const quads: Quad[] = [];
  const [a = [], b = [], c = [], d = []] = near;
  for (const tl of a)
    for (const tr of b)
      for (const br of c)
        for (const bl of d) {
          const set = [tl, tr, br, bl];
          if (new Set(set).size < 4) continue;
          const score = agreement(set, expected * 0.85);
          if (score !== null) quads.push({ squares: set, score });
        }
  return quads.sort((x, y) => x.score - y.score).slice(0, limit);
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

export type LocateRefusal = 'no-sheet' | 'upside-down' | 'sideways' | 'unreadable-code' | 'misregistered';

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
  /** The page was turned round in the scanner: read turned. */
  turned: boolean;
}

export interface LocateOptions {
  /**
   * How many question rows the identified sheet prints on this page, to check the map against their
   * rings; null for a sheet that is not read (another exam's). Without it, the map is not checked.
   */
  rowsOf?: (identity: SheetIdentity) => number | null;
}

/** Which refusal says the most: a sheet whose corners could not be agreed on, over one with no code… */
const REFUSAL_WEIGHT: Record<LocateRefusal, number> = {
  'no-sheet': 0,
  sideways: 1,
  'upside-down': 2,
  'unreadable-code': 3,
  misregistered: 4,
};

/** Up to twelve rows spread over the page's printed rows (0-based). */
function spreadRows(count: number): number[] {
  if (count <= 0) return [];
  const picks = Math.min(12, count);
  return [...new Set(Array.from({ length: picks }, (_, i) => Math.round((i * (count - 1)) / Math.max(1, picks - 1))))];
}

/** Grey level of the image at a point on a circle around (cx, cy). */
const onCircle = (image: GrayImage, cx: number, cy: number, radius: number, angle: number) =>
  sample(image, cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 255;
};

/** Whether the printed ring of a bubble is where the map puts it: darker than the paper just outside. */
function ringShows(sheet: LocatedSheet, bubble: { cx: number; cy: number }): boolean {
  const [cx, cy] = project(sheet.map, bubble.cx, bubble.cy);
  const r = BUBBLE_RADIUS * sheet.scale;
  const angles = Array.from({ length: 16 }, (_, i) => (i * Math.PI) / 8);
  // The ring's darkest point along each ray, a pixel and a half either side (blur, a slight misfit).
  const ring = median(
    angles.map((a) => {
      let darkest = 255;
      for (let d = -1.5; d <= 1.5; d += 0.5) darkest = Math.min(darkest, onCircle(sheet.image, cx, cy, r + d, a));
      return darkest;
    }),
  );
  const outside = median(angles.map((a) => onCircle(sheet.image, cx, cy, r * 1.5, a)));
  return outside - ring >= 0.15 * Math.max(40, outside - sheet.ink);
}

/** The share of sampled bubble rings found where the map says (an A and an E bubble of spread rows). */
export function ringsVisible(sheet: LocatedSheet, rows: number): number {
  const bubbles = spreadRows(Math.min(rows, QUESTIONS_PER_PAGE)).flatMap((n) => {
    const row = questionRow(n).bubbles;
    return [row[0], row[row.length - 1]].filter((b): b is { cx: number; cy: number } => b !== undefined);
  });
  if (bubbles.length === 0) return 1;
  return bubbles.filter((b) => ringShows(sheet, b)).length / bubbles.length;
}

/** At least this share of the sampled rings must be where the map puts them. */
export const RINGS_NEEDED = 0.8;

export function locateSheet(canvas: Canvas, options: LocateOptions = {}): LocatedSheet | { refused: LocateRefusal } {
  const image = grayOf(canvas);
  const histogram = histogramOf(image);
  const paper = paperLevel(histogram);
  let refusal: LocateRefusal = 'no-sheet';
  const refuse = (reason: LocateRefusal) => {
    if (REFUSAL_WEIGHT[reason] > REFUSAL_WEIGHT[refusal]) refusal = reason;
  };
  // Each candidate set is checked by its QR code and the rings: trying more costs milliseconds.
  for (const quad of cornerQuads(image, 16)) {
    const corners = quad.squares.map((c) => centre(image, c)) as [Point, Point, Point, Point];
    const [tl, tr, br, bl] = corners;
    const width = (Math.hypot(tr[0] - tl[0], tr[1] - tl[1]) + Math.hypot(br[0] - bl[0], br[1] - bl[1])) / 2;
    const height = (Math.hypot(bl[0] - tl[0], bl[1] - tl[1]) + Math.hypot(br[0] - tr[0], br[1] - tr[1])) / 2;
    const spanX = LAYOUT_RIGHT - LAYOUT_LEFT;
    const spanY = LAYOUT_BOTTOM - LAYOUT_TOP;
    const aspect = height / width / LAYOUT_ASPECT;
    if (aspect < 0.6) {
      refuse('sideways');
      continue;
    }
    if (aspect > 1.6 || width < image.width * 0.3) continue;
    let ink = 0;
    for (const [x, y] of corners) ink += sample(image, x, y);
    // As it lies, then turned round (the page went into the scanner upside down).
    for (const turned of [false, true]) {
      const order: Point[] = turned ? [br, bl, tl, tr] : corners;
      const map = homography(FIDUCIALS, order);
      if (!map) continue;
      const text = readQr(image, map, QR_BOX);
      const identity = text ? parseSheetPayload(text) : null;
      if (!identity) {
        refuse(text ? 'no-sheet' : 'unreadable-code');
        continue;
      }
      const sheet: LocatedSheet = {
        image,
        map,
        scale: (width / spanX + height / spanY) / 2,
        identity,
        ink: ink / 4,
        paper,
        turned,
      };
      const rows = options.rowsOf?.(identity) ?? null;
      if (rows === null || ringsVisible(sheet, rows) >= RINGS_NEEDED) return sheet;
      refuse('misregistered');
    }
  }
  return { refused: refusal };
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
