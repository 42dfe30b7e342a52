// The local fit on drawn pages (no scan, no noise): the printed rings of a 90-question page drawn
// where a field of shifts put them, and the fit asked where each bubble is. A flat page is left to
// the corner map, a fold is followed bubble by bubble, and a page whose print jumps (two halves of
// a torn sheet laid together) is not fitted at all. The scanned corpora are in omr.test.ts.
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { grayOf } from '../../../../main/core/paper/scan/gray.js';
import type { Homography, Point } from '../../../../main/core/paper/scan/homography.js';
import { bubbleAt, fitLocally } from '../../../../main/core/paper/scan/local-fit.js';
import { BUBBLE_RADIUS, questionRow, SHEET_PAGE } from '../../../../main/core/paper/sheet-layout.js';

const SCALE = 2;
const MAP: Homography = [SCALE, 0, 0, 0, SCALE, 0, 0, 0, 1];
const ROWS = 90;

/** The page's rings drawn `shift(x, y)` points from where the map puts them (layout points). */
function pageWith(shift: (x: number, y: number) => Point) {
  const canvas = createCanvas(Math.ceil(SHEET_PAGE.width * SCALE), Math.ceil(SHEET_PAGE.height * SCALE));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fafafa';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = '#202020';
  ctx.lineWidth = 0.9 * SCALE;
  for (let n = 0; n < ROWS; n++)
    for (const b of questionRow(n).bubbles) {
      const [dx, dy] = shift(b.cx, b.cy);
      ctx.beginPath();
      ctx.arc((b.cx + dx) * SCALE, (b.cy + dy) * SCALE, BUBBLE_RADIUS * SCALE, 0, Math.PI * 2);
      ctx.stroke();
    }
  return grayOf(canvas);
}

const fit = (shift: (x: number, y: number) => Point) => fitLocally(pageWith(shift), MAP, SCALE, 200, ROWS);

describe('the local fit', () => {
  it('leaves a page lying flat to the corner map', () => {
    expect(fit(() => [0, 0])).toBeNull();
  });

  it('finds each bubble where a fold across the middle moved it, within a point and a half', () => {
    // 7 points down and 3 across at the crease (y = 421), fading over a tenth of the page.
    const fold = (_x: number, y: number): Point => {
      const bend = Math.exp(-(((y - 421) / 84) ** 2));
      return [3 * bend, 7 * bend];
    };
    const shifts = fit(fold);
    expect(shifts).not.toBeNull();
    let worst = 0;
    for (let n = 0; n < ROWS; n++)
      for (const b of questionRow(n).bubbles) {
        const [x, y] = bubbleAt({ map: MAP, ...(shifts && { shifts }) }, b);
        const [dx, dy] = fold(b.cx, b.cy);
        worst = Math.max(worst, Math.hypot(x / SCALE - (b.cx + dx), y / SCALE - (b.cy + dy)));
      }
    // Rings found to the pixel (half a point here) and averaged over neighbours; the reader reads a
    // sheet 2.8 points off right, and the corner map alone was 7.6 points off at the crease.
    expect(worst).toBeLessThan(1.5);
  });

  it('does not fit a page whose lower half jumps 7 points (the walks from each end disagree)', () => {
    expect(fit((_x, y) => [0, y > 421 ? 7 : 0])).toBeNull();
  });
});
