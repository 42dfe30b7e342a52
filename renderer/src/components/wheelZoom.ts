// The figure viewer's wheel rule: pure, tested on its own (test/unit/renderer/wheel-zoom.test.ts).

/** One wheel notch (or pinch step) zooms at most this much, whatever the device reports (Ctrl + a mouse wheel's 100 was ×2.7). */
export const WHEEL_STEP_MAX = 1.2;

/**
 * The zoom one wheel event asks for: a pinch (sent as Ctrl + small deltas) follows the fingers, a
 * wheel notch is one gentle step either way.
 */
export function wheelFactor(deltaY: number, pinch: boolean): number {
  const log = -deltaY * (pinch ? 0.01 : 0.002);
  const bound = Math.log(WHEEL_STEP_MAX);
  return Math.exp(Math.max(-bound, Math.min(bound, log)));
}
