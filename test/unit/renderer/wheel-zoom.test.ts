// The figure viewer's wheel: one notch is one gentle step (Ctrl + a mouse wheel zoomed ×2.7 a
// notch), a pinch still follows the fingers, and zooming in then out by the same notch returns.
import { describe, expect, it } from 'vitest';
import { WHEEL_STEP_MAX, wheelFactor } from '../../../renderer/src/components/wheelZoom';

describe('wheel zoom', () => {
  it('one notch, with or without Ctrl, is at most one step', () => {
    for (const pinch of [false, true]) {
      expect(wheelFactor(-100, pinch)).toBeLessThanOrEqual(WHEEL_STEP_MAX + 1e-9);
      expect(wheelFactor(-100, pinch)).toBeGreaterThan(1.1);
      expect(wheelFactor(100, pinch)).toBeGreaterThanOrEqual(1 / WHEEL_STEP_MAX - 1e-9);
      expect(wheelFactor(100, pinch) * wheelFactor(-100, pinch)).toBeCloseTo(1, 9);
    }
  });

  it('a pinch’s small steps stay proportional', () => {
    expect(wheelFactor(-4, true)).toBeCloseTo(Math.exp(0.04), 9);
    expect(wheelFactor(-8, true)).toBeCloseTo(Math.exp(0.08), 9);
  });
});
