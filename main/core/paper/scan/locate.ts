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
  isCopyPayload,
  parseSheetPayload,
  sheetPayload,
  QR_CODES,
  QUESTIONS_PER_PAGE,
  questionRow,
  SHEET_PAGE,
  type Box,
  type SheetIdentity,
} from '../sheet-layout.js';
import { homography, project, type Homography, type Point } from './homography.js';
import { readQrGrid } from './qr-grid.js';
import { bubbleAt, fitLocally, type LocalShifts } from './local-fit.js';
import { missingCorners, type MissingCorner } from './corner-check.js';
import {
  adaptiveDark,
  CELL,
  cellMeans,
  centre,
  componentsOf,
  grayOf,
  histogramOf,
  paperLevel,
  sample,
  type Component,
  type GrayImage,
} from './gray.js';

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

/**
 * jsQR on the rectified square, else the module grid the map predicts (qr-grid.ts): two independent
 * reads. The copy has no finder squares for jsQR to find: the grid alone reads it.
 */
function readQr(image: GrayImage, h: Homography, { box, copy }: { box: Box; copy: boolean }): string | null {
  if (copy) return readQrGrid(image, h, box);
  const { rgba, size } = rectify(image, h, box, 3);
  return jsQR(rgba, size, size, { inversionAttempts: 'dontInvert' })?.data ?? readQrGrid(image, h, box);
}

export type LocateRefusal =
  'no-sheet' | 'upside-down' | 'sideways' | 'unreadable-code' | 'misregistered' | 'corner-missing' | 'codes-disagree';

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
  /** Where a fold or a curl moved the bubbles from the corner map (local-fit.ts), when trusted. */
  shifts?: LocalShifts;
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
  'corner-missing': 5,
  'codes-disagree': 6,
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
  const [cx, cy] = bubbleAt(sheet, bubble);
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

export function locateSheet(
  canvas: Canvas,
  options: LocateOptions = {},
): LocatedSheet | { refused: LocateRefusal; corners?: MissingCorner[] } {
  const image = grayOf(canvas);
  const histogram = histogramOf(image);
  const paper = paperLevel(histogram);
  let refusal = 'no-sheet' as LocateRefusal;
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
      // The code and its copy (sheets printed since the copy), each taken only from its own box: a
      // map shifted from one code onto the other reads a code, but not the one printed there. Both
      // are read: two that read and name different sheets (a copy pasted from another sheet, a
      // label stuck over the code) leave the sheet to the tutor, never to whichever read first.
      let text: string | null = null;
      const identities: SheetIdentity[] = [];
      for (const code of QR_CODES) {
        const read = readQr(image, map, code);
        text = read ?? text;
        const found = read && isCopyPayload(read) === code.copy ? parseSheetPayload(read) : null;
        if (found) identities.push(found);
      }
      const [identity, other] = identities;
      if (identity && other && sheetPayload(identity) !== sheetPayload(other)) return { refused: 'codes-disagree' };
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
      if (rows === null) return sheet;
      // Each ring found where it lies: a fold moves the middle of the page off the corner map.
      const shifts = fitLocally(image, map, sheet.scale, Math.max(40, paper - sheet.ink), rows);
      const fitted = shifts ? { ...sheet, shifts } : sheet;
      if (ringsVisible(fitted, rows) >= RINGS_NEEDED) return fitted;
      refuse('misregistered');
    }
  }
  // The code whole but a corner square not where it maps: that corner is the cause, whatever the
  // wrong maps made of the page (corner-check.ts).
  const missing = refusal === 'sideways' ? null : missingCorners(image, histogram);
  if (missing && missing.length > 0) return { refused: 'corner-missing', corners: missing };
  return { refused: refusal };
}
