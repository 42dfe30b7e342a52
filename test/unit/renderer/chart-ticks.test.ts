// The forecast's axis: ticks that never touch (they overlapped, and the ends were clipped), the
// span's first and last day among them whenever they fit.
import { describe, expect, it } from 'vitest';
import { tickIndexes } from '../../../renderer/src/components/chartTicks';

const ROOM = 550;
const CHAR = 7.5;

function assertApart(texts: string[], shown: number[]) {
  const slot = ROOM / texts.length;
  const widest = Math.max(...texts.map((t) => t.length)) * CHAR;
  for (let k = 1; k < shown.length; k++) {
    const gap = ((shown[k] ?? 0) - (shown[k - 1] ?? 0)) * slot;
    expect(gap, `ticks ${shown[k - 1]} and ${shown[k]}`).toBeGreaterThanOrEqual(widest);
  }
}

describe('chart ticks', () => {
  for (const count of [1, 2, 7, 20, 30, 45, 62, 17, 52]) {
    it(`${count} columns of dates: apart, the first and the last shown`, () => {
      const texts = Array.from({ length: count }, (_, i) => `${String((i % 28) + 1).padStart(2, '0')}/11`);
      const shown = tickIndexes(texts, ROOM);
      assertApart(texts, shown);
      expect(shown[0]).toBe(0);
      if (count > 1) expect(shown.at(-1)).toBe(count - 1);
      expect(shown.length).toBeGreaterThanOrEqual(Math.min(count, 2));
    });
  }

  it('long labels (a week’s, spelt out) are spaced by their own width', () => {
    const texts = Array.from({ length: 40 }, (_, i) => `semana de ${String(i + 1).padStart(2, '0')}/11/2027`);
    const shown = tickIndexes(texts, ROOM);
    assertApart(texts, shown);
    expect(shown.length).toBeLessThanOrEqual(Math.floor(ROOM / (texts[0]?.length ?? 1) / CHAR) + 1);
  });
});
