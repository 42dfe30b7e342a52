// How full each bubble of a located sheet is, and what that means. A bubble's fill is the mean
// darkness of its inner disc, measured between the paper around it (a ring just outside the
// bubble: a phone photo's shading changes across the page) and the ink of the corner squares; its
// stroke is the share of that disc as dark as a pen line (a tick or an X covers little of the disc
// but is as dark as ink, where an erasure or a faint smudge never is).
// Clear marks and clear blanks are decided; anything between is left to the tutor, never guessed.
// A mark's scale is the sheet's own: a class answering in HB pencil fills every bubble paler than
// pen, so on a sheet whose marks are pale the line for "marked" moves down with them (never below
// an absolute floor, never above the pen's line), while a blank stays a blank on every sheet.
import type { ScannedMark } from '../../../../preload/contract.js';
import { BUBBLE_RADIUS, type Bubble } from '../sheet-layout.js';
import { bubbleAt } from './local-fit.js';
import type { LocatedSheet } from './locate.js';

/** At or above: a mark. At or below: a blank. Between: doubtful (measured on the synthetic corpus, docs/paper.md). */
export const MARKED = 0.42;
export const BLANK = 0.16;
/** A disc with this share of pen-dark pixels has a line in it (a tick or X, not a pale fill). */
export const STROKE_SEEN = 0.03;
/**
 * Any pen-dark pixels at all, past a speck's few: never read as a blank, but left to the tutor. No
 * blank, erased or rubbed-out bubble of the bench's worlds has one (their stroke is 0 on 14,000
 * bubbles), while a quick tick through the edge of a bubble, mostly outside the measured disc, had
 * 0.024 and was read blank (docs/paper.md).
 */
export const STROKE_ANY = 0.015;
/** A line this strong, alone in its row of clean bubbles, is the answer: a tick or an X in pen. */
export const STROKE_MARK = 0.12;
/** "Clean": the other bubbles of such a row (no line, hardly any fill). */
const CLEAN_FILL = 0.1;
/**
 * In a row that would read blank, a bubble this full is left to the tutor: every blank of the
 * bench's worlds measures under 0.09, while a pale tick blurred in a phone photo (no pen-dark pixel
 * left) measured 0.157 and a mark rubbed out and left alone 0.12–0.19 (docs/paper.md). A row with a
 * decided mark is not touched: an erasure beside the chosen bubble stays a blank.
 */
export const FAINT_ALONE = 0.12;

/**
 * A sheet's own marks set its line for "marked": this share of its typical mark (the median of its
 * rows' fullest bubbles). An eraser leaves at most about 0.45 of the hand's mark; one hand's fills
 * vary from about 0.65 to 1.4 of its median (docs/paper.md).
 */
export const RELATIVE_MARK = 0.6;
/** However pale a sheet's marks, a fill below this is never decided as a mark. */
export const MARKED_FLOOR = 0.2;
/** Fewer rows with something in them than this, and the sheet has no scale of its own. */
const ROWS_FOR_SCALE = 10;

/** Where one sheet's bubbles turn into marks. */
export interface SheetScale {
  marked: number;
}
/** The pen's line: a sheet with too few marks to have a scale of its own is read on it. */
export const PEN_SCALE: SheetScale = { marked: MARKED };

export interface BubbleMeasure {
  fill: number;
  stroke: number;
}

export function bubbleMeasure(sheet: LocatedSheet, bubble: Bubble): BubbleMeasure {
  const [cx, cy] = bubbleAt(sheet, bubble);
  const r = BUBBLE_RADIUS * sheet.scale;
  const { image } = sheet;
  const ring: number[] = [];
  const inner: number[] = [];
  const reach = Math.ceil(r * 1.6);
  for (let dy = -reach; dy <= reach; dy++)
    for (let dx = -reach; dx <= reach; dx++) {
      const x = Math.round(cx) + dx;
      const y = Math.round(cy) + dy;
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const distance = Math.hypot(x - cx, y - cy) / r;
      const g = image.data[y * image.width + x] ?? 255;
      if (distance <= 0.68) inner.push(g);
      else if (distance >= 1.3 && distance <= 1.6) ring.push(g);
    }
  if (inner.length === 0) return { fill: 0, stroke: 0 };
  ring.sort((a, b) => a - b);
  // The ring's bright end: paper, even where a mark spills over it.
  const paper = Math.max(ring[Math.floor(ring.length * 0.75)] ?? sheet.paper, sheet.ink + 40);
  const span = paper - sheet.ink;
  let dark = 0;
  let pen = 0;
  for (const g of inner) {
    const darkness = Math.min(1, Math.max(0, (paper - g) / span));
    dark += darkness;
    if (darkness >= 0.55) pen++;
  }
  return { fill: dark / inner.length, stroke: pen / inner.length };
}

export function bubbleFill(sheet: LocatedSheet, bubble: Bubble): number {
  return bubbleMeasure(sheet, bubble).fill;
}

/**
 * The scale of a sheet from every question row's measures: the median of the rows' fullest bubbles,
 * over the rows holding more than a blank. A pen tick or X is left out: its fill is pale by its shape,
 * not by the hand's pressure. It only ever lowers the pen's line, so a sheet filled in pen reads as
 * it always did.
 */
export function sheetScale(rows: readonly (readonly BubbleMeasure[])[]): SheetScale {
  const tops = rows
    .map((row) => row.reduce<BubbleMeasure>((top, m) => (m.fill > top.fill ? m : top), { fill: 0, stroke: 0 }))
    .filter((top) => top.fill > BLANK && !(top.stroke >= STROKE_SEEN && top.fill < MARKED))
    .map((top) => top.fill)
    .sort((a, b) => a - b);
  if (tops.length < ROWS_FOR_SCALE) return PEN_SCALE;
  const typical = tops[Math.floor(tops.length / 2)] ?? MARKED;
  return { marked: Math.min(MARKED, Math.max(MARKED_FLOOR, RELATIVE_MARK * typical)) };
}

export function markOf(measure: BubbleMeasure | number, scale: SheetScale = PEN_SCALE): ScannedMark {
  const { fill, stroke } = typeof measure === 'number' ? { fill: measure, stroke: 0 } : measure;
  if (fill >= scale.marked) return 'marked';
  // A thin pen line leaves the disc mostly white: its fill says blank, its stroke says otherwise.
  if (fill <= BLANK && stroke < STROKE_ANY) return 'blank';
  return 'doubtful';
}

export interface RowReading {
  fill: number[];
  marks: ScannedMark[];
  /** A–E, '-' blank, '*' double, '?' doubtful. */
  symbol: string;
}

const LETTERS = 'ABCDEFGHIJ';

/**
 * A row of bubbles read as one answer: one mark is a letter, two a double; doubt is never resolved
 * here, and a row that would read blank with something faint in it is doubt too — except a pen tick
 * or X that is unambiguous: a strong line in one bubble while every other bubble of the row is clean
 * (no line, hardly any fill). That is the student's answer.
 */
export function readRow(sheet: LocatedSheet, bubbles: Bubble[], scale: SheetScale = PEN_SCALE): RowReading {
  return decideRow(measureRow(sheet, bubbles), scale);
}

export function measureRow(sheet: LocatedSheet, bubbles: Bubble[]): BubbleMeasure[] {
  return bubbles.map((b) => bubbleMeasure(sheet, b));
}

export function decideRow(measures: readonly BubbleMeasure[], scale: SheetScale = PEN_SCALE): RowReading {
  const fill = measures.map((m) => m.fill);
  const marks = measures.map((m) => markOf(m, scale));
  const lined = measures.flatMap((m, i) => (m.stroke >= STROKE_MARK && marks[i] === 'doubtful' ? [i] : []));
  const clean = (i: number) => (measures[i]?.stroke ?? 0) < STROKE_SEEN && (measures[i]?.fill ?? 0) <= CLEAN_FILL;
  const [only] = lined;
  if (lined.length === 1 && only !== undefined && measures.every((_, i) => i === only || clean(i)))
    marks[only] = 'marked';
  // Nothing decided in the row: something faint in it is the only trace of an answer.
  if (!marks.some((m) => m !== 'blank'))
    measures.forEach((m, i) => {
      if (m.fill >= FAINT_ALONE) marks[i] = 'doubtful';
    });
  const marked = marks.flatMap((m, i) => (m === 'marked' ? [i] : []));
  let symbol: string;
  if (marked.length >= 2) symbol = '*';
  else if (marks.includes('doubtful')) symbol = '?';
  else if (marked.length === 1) symbol = LETTERS[marked[0] ?? 0] ?? '?';
  else symbol = '-';
  return { fill, marks, symbol };
}
