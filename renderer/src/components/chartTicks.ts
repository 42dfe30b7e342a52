// Which columns of a chart print their tick: a pure rule, tested on its own (test/unit/renderer/chart-ticks.test.ts).

/** About how wide a tick's text is in the chart's units (0.75rem labels in a 600-unit-wide chart). */
const CHAR_WIDTH = 7.5;
const TICK_GAP = 14;

/**
 * The columns whose ticks are printed: as many as fit side by side without touching, evenly spaced,
 * the first and the last always among them when they fit (the span's two ends are what a reader looks for).
 */
export function tickIndexes(texts: string[], room: number): number[] {
  if (texts.length === 0) return [];
  const widest = Math.max(...texts.map((t) => t.length)) * CHAR_WIDTH + TICK_GAP;
  const slot = room / texts.length;
  const step = Math.max(1, Math.ceil(widest / slot));
  const shown: number[] = [];
  for (let i = 0; i < texts.length; i += step) shown.push(i);
  const last = texts.length - 1;
  // The last column replaces the stepped tick before it when that one would be too close.
  if (shown.at(-1) !== last) {
    if ((last - (shown.at(-1) ?? 0)) * slot < widest) shown.pop();
    if (shown.length === 0 || (last - (shown.at(-1) ?? 0)) * slot >= widest) shown.push(last);
  }
  return shown;
}
