// The suite's two tiers, declared once for Vitest, Playwright and scripts/test.mjs.
//
// `npm test` runs the quick tier: every layer (types, lint, unit, integration, the package, the UI
// e2e journeys tagged @quick), sized to answer in minutes on a busy two-core laptop. The long tier
// is the rest: files whose promise takes a long input to show (a 160-page scan, the OMR worlds, a
// scan killed mid-file) and the e2e journeys beyond the first of each screen. CI (`.ci/run`) runs
// both, then the soak, so nothing CI checked before is checked less (docs/testing.md › Tiers).
//
// EXAM_PRACTICE_TIER=quick|long selects one; unset (a developer's `npx vitest`, `npx playwright
// test`) runs everything.

/** Vitest files of the long tier; every other test file is quick. */
export const LONG_VITEST_FILES = [
  'test/integration/decoding-worker-limits.test.ts',
  'test/integration/omr.test.ts',
  'test/integration/scan-during-exam.test.ts',
];

/** The tag that puts a Playwright journey in the quick tier: `test(title, { tag: QUICK_TAG }, …)`. */
export const QUICK_TAG = '@quick';

/** @returns {'quick' | 'long' | 'all'} */
export function selectedTier(env = process.env) {
  const tier = env.EXAM_PRACTICE_TIER ?? 'all';
  if (tier !== 'quick' && tier !== 'long' && tier !== 'all')
    throw new Error(`EXAM_PRACTICE_TIER must be quick, long or all (got "${tier}")`);
  return tier;
}
