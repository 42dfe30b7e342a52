// A sheet's own marks set where its bubbles turn into marks: a class answering in HB pencil is
// graded with few rows to confirm, while a sheet in pen, a tick or an eraser's residue is decided
// exactly as before. (The scanned pencil corpus is in omr.test.ts and `npm run bench -- omr`.)
import { describe, expect, it } from 'vitest';
import {
  BLANK,
  decideRow,
  FAINT_ALONE,
  MARKED,
  MARKED_FLOOR,
  PEN_SCALE,
  sheetScale,
  STROKE_ANY,
  STROKE_SEEN,
  type BubbleMeasure,
} from '../../../../main/core/paper/scan/bubbles.js';

const fill = (value: number, stroke = 0): BubbleMeasure => ({ fill: value, stroke });
const blank = fill(0.05);
/** A row with `top` in bubble A and blanks elsewhere. */
const rowOf = (top: BubbleMeasure): BubbleMeasure[] => [top, blank, blank, blank, blank];
/** A sheet of 30 rows whose marks spread ±30 % around `typical`, as one hand's fills do. */
const sheetOf = (typical: number, stroke = 0) =>
  Array.from({ length: 30 }, (_, i) => rowOf(fill(typical * (0.7 + (0.6 * i) / 29), stroke)));

describe('the sheet’s own scale', () => {
  it('a pale pencil hand lowers the line for "marked" with it, and its fills are decided', () => {
    const pencil = sheetOf(0.34);
    const scale = sheetScale(pencil);
    expect(scale.marked).toBeLessThan(MARKED);
    expect(scale.marked).toBeCloseTo(0.6 * 0.34, 2);
    // Under the pen's line, two thirds of this hand's rows would go to the tutor.
    const onPen = pencil.map((row) => decideRow(row).symbol);
    expect(onPen.filter((s) => s === '?').length).toBeGreaterThan(15);
    expect(pencil.map((row) => decideRow(row, scale).symbol)).toEqual(pencil.map(() => 'A'));
  });

  it('a sheet in pen keeps the pen’s line, so a light mark on it is still doubtful', () => {
    const pen = sheetOf(0.85, 1);
    expect(sheetScale(pen)).toEqual(PEN_SCALE);
    expect(decideRow(rowOf(fill(0.3)), sheetScale(pen)).symbol).toBe('?');
  });

  it('pen ticks do not count as a pale hand', () => {
    const ticks = Array.from({ length: 30 }, () => rowOf(fill(0.21, 0.15)));
    const sheet = [...ticks, ...sheetOf(0.85, 1).slice(0, 20)];
    expect(sheetScale(sheet)).toEqual(PEN_SCALE);
  });

  it('an eraser’s residue is never a mark, however pale the hand', () => {
    const palest = sheetOf(0.22);
    const scale = sheetScale(palest);
    expect(scale.marked).toBe(MARKED_FLOOR);
    // A residue alone in its row is left to the tutor (it may be a pale tick); a fainter one is a blank.
    expect(decideRow(rowOf(fill(BLANK)), scale).symbol).toBe('?');
    expect(decideRow(rowOf(fill(FAINT_ALONE - 0.01)), scale).symbol).toBe('-');
    expect(decideRow(rowOf(fill(MARKED_FLOOR - 0.01)), scale).symbol).toBe('?');
    // A fill rubbed out beside the answer leaves the row to the tutor, not silently decided.
    const rubbedBeside = [fill(0.34), fill(0.18), blank, blank, blank];
    expect(decideRow(rubbedBeside, sheetScale(sheetOf(0.34))).symbol).toBe('?');
  });

  it('too few answered rows to know the hand: the pen’s line', () => {
    const few = [...sheetOf(0.3).slice(0, 9), ...Array.from({ length: 30 }, () => rowOf(blank))];
    expect(sheetScale(few)).toEqual(PEN_SCALE);
  });

  it('a quick tick through the edge of a bubble, a few pen-dark pixels in its disc, is left to the tutor, never read blank', () => {
    // Measured on the bench's unseen pen seed (9100): fill 0.139, stroke 0.024 — below the line that
    // tells a tick from a fill, above any blank's (0 on every world).
    const edgeTick = fill(0.139, 0.024);
    expect(edgeTick.stroke).toBeLessThan(STROKE_SEEN);
    expect(decideRow(rowOf(edgeTick)).marks[0]).toBe('doubtful');
    expect(decideRow(rowOf(edgeTick)).symbol).toBe('?');
    // A speck (under STROKE_ANY) in an empty bubble is still a blank.
    expect(decideRow(rowOf(fill(0.04, STROKE_ANY / 2))).symbol).toBe('-');
  });

  it('a pale tick alone in its row, blurred to no pen-dark pixel, is left to the tutor; beside a mark, a faint erasure stays blank', () => {
    // Measured on a held-out seed (31004): fill 0.157 (the blank line is 0.16), stroke 0, the row's
    // other bubbles 0.05–0.06.
    const paleTick = fill(0.157);
    const row = [fill(0.058), fill(0.064), paleTick, fill(0.057), fill(0.052)];
    expect(decideRow(row).marks[2]).toBe('doubtful');
    expect(decideRow(row).symbol).toBe('?');
    // Every blank the bench measures sits under 0.09: a row of blanks stays blank.
    expect(decideRow([fill(0.08), fill(0.05), fill(0.06), fill(0.07), fill(0.05)]).symbol).toBe('-');
    // An erasure as full as the pale tick, beside a decided mark, changes nothing.
    expect(decideRow([fill(0.9), fill(FAINT_ALONE + 0.03), blank, blank, blank]).symbol).toBe('A');
  });
});
