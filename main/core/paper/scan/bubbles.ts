// How full each bubble of a located sheet is, and what that means. A bubble's fill is the mean
// darkness of its inner disc, measured between the paper around it (a ring just outside the
// bubble: a phone photo's shading changes across the page) and the ink of the corner squares.
// Clear marks and clear blanks are decided; anything between is left to the tutor, never guessed.
import type { ScannedMark } from '../../../../preload/contract.js';
import { BUBBLE_RADIUS, type Bubble } from '../sheet-layout.js';
import { project } from './homography.js';
import type { LocatedSheet } from './locate.js';

/** At or above: a mark. At or below: a blank. Between: doubtful (measured on the synthetic corpus, docs/paper.md). */
export const MARKED = 0.42;
export const BLANK = 0.16;

export function bubbleFill(sheet: LocatedSheet, bubble: Bubble): number {
  const [cx, cy] = project(sheet.map, bubble.cx, bubble.cy);
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
  if (inner.length === 0) return 0;
  ring.sort((a, b) => a - b);
  // The ring's bright end: paper, even where a mark spills over it.
  const paper = Math.max(ring[Math.floor(ring.length * 0.75)] ?? sheet.paper, sheet.ink + 40);
  const span = paper - sheet.ink;
  let dark = 0;
  for (const g of inner) dark += Math.min(1, Math.max(0, (paper - g) / span));
  return dark / inner.length;
}

export function markOf(fill: number): ScannedMark {
  if (fill >= MARKED) return 'marked';
  if (fill <= BLANK) return 'blank';
  return 'doubtful';
}

export interface RowReading {
  fill: number[];
  marks: ScannedMark[];
  /** A–E, '-' blank, '*' double, '?' doubtful. */
  symbol: string;
}

const LETTERS = 'ABCDEFGHIJ';

/** A row of bubbles read as one answer: one mark is a letter, two a double; doubt is never resolved here. */
export function readRow(sheet: LocatedSheet, bubbles: Bubble[]): RowReading {
  const fill = bubbles.map((b) => bubbleFill(sheet, b));
  const marks = fill.map(markOf);
  const marked = marks.flatMap((m, i) => (m === 'marked' ? [i] : []));
  let symbol: string;
  if (marked.length >= 2) symbol = '*';
  else if (marks.includes('doubtful')) symbol = '?';
  else if (marked.length === 1) symbol = LETTERS[marked[0] ?? 0] ?? '?';
  else symbol = '-';
  return { fill, marks, symbol };
}
