// Where each bubble really is on a sheet that was folded, curled or lifted: one map through the four
// corner squares puts the middle of a folded page several points from where it lies. Each printed
// ring is found near where the map puts it, following each column of bubbles row by row (a crease
// moves the print smoothly), once from the top and once from the bottom; the two walks must agree
// on every bubble, or the fit is not trusted and the corner map alone decides (and its ring check).
// A page lying flat (every sampled ring where the map says) is not walked at all.
import { BUBBLE_RADIUS, QUESTIONS_PER_COLUMN, QUESTIONS_PER_PAGE, questionRow, type Bubble } from '../sheet-layout.js';
import { sample, type GrayImage } from './gray.js';
import { median } from '../../util/median.js';
import { project, type Homography, type Point } from './homography.js';

/** Layout point ("x,y") → the bubble's shift in scan pixels from where the corner map puts it. */
export type LocalShifts = ReadonlyMap<string, Point>;

/** What a bubble's place depends on: the corner map and, when trusted, the local shifts. */
export interface Placement {
  map: Homography;
  shifts?: LocalShifts;
}

const keyOf = (bubble: Bubble) => `${bubble.cx},${bubble.cy}`;

/** Where a bubble's centre lies in the scan. */
export function bubbleAt(sheet: Placement, bubble: Bubble): Point {
  const [x, y] = project(sheet.map, bubble.cx, bubble.cy);
  const [dx, dy] = sheet.shifts?.get(keyOf(bubble)) ?? [0, 0];
  return [x + dx, y + dy];
}

/**
 * How far a ring may lie from the corner map at a walk's first row (under half the rows' pitch, so
 * no walk starts on a neighbour's ring), how far it may move from one row to the next, and how far
 * the two walks may differ (points).
 */
const START_PT = 8;
const STEP_PT = 3;
/**
 * A walk that slipped is a row's pitch off (18.5 points) or more; walks this close are averaged, which
 * leaves each bubble within 1.5 points of both (the reader reads sheets 2.8 points off right).
 */
const AGREE_PT = 3;
/** Rings this close to the map (a pixel or two of blur) on a page lying flat: nothing to fit. */
const FLAT_PT = 1;
const MOVED_ON_FLAT = 3;
const ANGLES = Array.from({ length: 12 }, (_, i) => [Math.cos((i * Math.PI) / 6), Math.sin((i * Math.PI) / 6)]);

interface Scene {
  image: GrayImage;
  map: Homography;
  /** Scan pixels per layout point. */
  scale: number;
  radius: number;
  /** A ring this much darker than the paper on both its sides is clearly a ring. */
  clear: number;
}

/** How ring-like the image is around (cx, cy): darker on the circle than just inside and outside it. */
function ringScore(scene: Scene, cx: number, cy: number): number {
  const { image, radius: r } = scene;
  let total = 0;
  for (const [c = 0, s = 0] of ANGLES) {
    const ring = Math.min(
      sample(image, cx + c * (r - 1), cy + s * (r - 1)),
      sample(image, cx + c * r, cy + s * r),
      sample(image, cx + c * (r + 1), cy + s * (r + 1)),
    );
    const outside = sample(image, cx + c * r * 1.45, cy + s * r * 1.45);
    const inside = sample(image, cx + c * r * 0.55, cy + s * r * 0.55);
    // A filled bubble is dark inside: it scores nothing, and its place comes from its neighbours.
    total += Math.min(outside, inside) - ring;
  }
  return total / ANGLES.length;
}

/** The best shift within a step of `around`, or null where no clear ring is there (a filled bubble). */
function findRing(scene: Scene, bubble: Bubble, around: Point | undefined): Point | null {
  const [px, py] = project(scene.map, bubble.cx, bubble.cy);
  const reach = Math.ceil((around ? STEP_PT : START_PT) * scene.scale);
  let best = -Infinity;
  let at: Point = around ?? [0, 0];
  const tryAt = (x: number, y: number) => {
    const score = ringScore(scene, px + x, py + y);
    if (score > best) {
      best = score;
      at = [x, y];
    }
  };
  // Every other pixel, then the pixels around the best: a ring's score is about a pixel wide (its
  // darkest of three radii), so the coarse pass cannot step over it.
  const [ax, ay] = at;
  for (let dy = -reach; dy <= reach; dy += 2) for (let dx = -reach; dx <= reach; dx += 2) tryAt(ax + dx, ay + dy);
  const [cx, cy] = at;
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (dx || dy) tryAt(cx + dx, cy + dy);
  return best >= scene.clear ? at : null;
}

const medianShift = (shifts: Point[]): Point => [median(shifts.map(([x]) => x)), median(shifts.map(([, y]) => y))];

/** Where a bubble is read from its row's clear rings (letter → shift), or null with none in the row. */
function readAt(clear: readonly { l: number; shift: Point }[], l: number): Point | null {
  // The median of its own ring and its neighbours': a pen line across one ring moves that ring's
  // centre a little, never three. With none of those clear, the nearest clear ring of the row.
  const near = clear.filter((c) => Math.abs(c.l - l) <= 1).map((c) => c.shift);
  if (near.length > 0) return medianShift(near);
  const nearest = clear.reduce<{ l: number; shift: Point } | null>(
    (best, c) => (best === null || Math.abs(c.l - l) < Math.abs(best.l - l) ? c : best),
    null,
  );
  return nearest?.shift ?? null;
}

/** One walk over the rows in `order`: each bubble's shift, found near the last shift of its column. */
function walk(scene: Scene, order: readonly number[]): Map<string, Point> {
  const shifts = new Map<string, Point>();
  /** The last ring found of each printed column of letters (grid column × 10 + letter). */
  const last = new Map<number, Point>();
  for (const n of order) {
    const { bubbles } = questionRow(n);
    const track = (l: number) => Math.floor(n / QUESTIONS_PER_COLUMN) * 10 + l;
    const found = bubbles.map((b, l) => findRing(scene, b, last.get(track(l))));
    const clear = found.flatMap((shift, l) => (shift ? [{ l, shift }] : []));
    bubbles.forEach((b, l) => shifts.set(keyOf(b), readAt(clear, l) ?? last.get(track(l)) ?? [0, 0]));
    found.forEach((own, l) => {
      if (own) last.set(track(l), own);
    });
  }
  return shifts;
}

/**
 * A flat page: among the rings of every other row's A, C and E bubbles, hardly any is found more
 * than a point off the map (a mark spilling over one ring moves its centre; a crease moves a dozen).
 */
function lying(scene: Scene, order: readonly number[]): boolean {
  const off = FLAT_PT * scene.scale;
  let moved = 0;
  for (const n of order)
    for (const l of n % 2 === 0 ? [0, 2, 4] : []) {
      const bubble = questionRow(n).bubbles[l];
      const shift = bubble ? findRing(scene, bubble, [0, 0]) : null;
      if (shift && Math.hypot(shift[0], shift[1]) > off) moved++;
      if (moved > MOVED_ON_FLAT) return false;
    }
  return true;
}

/**
 * The shift of every question bubble of a page with `rows` rows, or null when the two walks disagree
 * anywhere (a ring lost under a crease's shadow, a walk that slipped): then nothing is shifted.
 */
export function fitLocally(
  image: GrayImage,
  map: Homography,
  scale: number,
  contrast: number,
  rows: number,
): LocalShifts | null {
  const count = Math.min(rows, QUESTIONS_PER_PAGE);
  if (count <= 0) return null;
  const scene: Scene = { image, map, scale, radius: BUBBLE_RADIUS * scale, clear: 0.2 * contrast };
  const order = Array.from({ length: count }, (_, n) => n);
  if (lying(scene, order)) return null;
  // Walked per column of the printed grid: its first row and its last are each a walk's start.
  const byColumn = (rowsOf: number[]) =>
    [...rowsOf].sort((a, b) => (a % QUESTIONS_PER_COLUMN) - (b % QUESTIONS_PER_COLUMN) || a - b);
  const down = walk(scene, byColumn(order));
  const up = walk(scene, byColumn(order).reverse());
  const agreed = new Map<string, Point>();
  const limit = AGREE_PT * scale;
  for (const [key, [x1, y1]] of down) {
    const [x2, y2] = up.get(key) ?? [Infinity, Infinity];
    if (Math.hypot(x1 - x2, y1 - y2) > limit) return null;
    agreed.set(key, [(x1 + x2) / 2, (y1 + y2) / 2]);
  }
  return agreed;
}
