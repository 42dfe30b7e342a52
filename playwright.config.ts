import { defineConfig } from '@playwright/test';
import { electronBinaryPath, FETCH_COMMAND } from './scripts/electron-binary.mjs';
import { packagedApp } from './scripts/package-app.mjs';
import { QUICK_TAG, selectedTier } from './scripts/test-tiers.mjs';

// The same specs run against the harness everywhere and against real Electron
// where its binary was downloaded; otherwise that project is left out, said once.
// EXAM_PRACTICE_E2E_APP points at a packaged e2e build (CI's e2e-packaged job).
const electron = process.env.EXAM_PRACTICE_E2E_APP ?? electronBinaryPath();
const packaged = packagedApp() !== null;
if (!process.env.PLAYWRIGHT_QUIET_SKIP) {
  if (!electron)
    console.log(`electron e2e: skipped — the Electron binary is not downloaded here (${FETCH_COMMAND} fetches it).`);
  if (!packaged)
    console.log('packaged e2e: skipped — nothing packaged yet (node scripts/package-app.mjs packages it).');
  process.env.PLAYWRIGHT_QUIET_SKIP = '1'; // workers re-read this file: say it once
}

/**
 * The journeys run once more over what electron-builder packaged (the `packaged` project: renderer,
 * preload, decoding worker and demo pack from the package): the shell over the shipped preload, the
 * four journeys, and each kind of file from outside read by the packaged worker (a scanned stack, a
 * pack and a result file from the OS, Moodle XML).
 */
const PACKAGED_JOURNEYS = ['smoke.spec.ts', 'journeys.spec.ts', 'paper.spec.ts', 'packs.spec.ts', 'class.spec.ts'];
const PACKAGED_GREP = [
  'opens the window',
  'one method per channel',
  'journeys: ',
  'scanned stack is read',
  'pack opened from the OS',
  'to Moodle XML and brings',
  'result files opened from the OS',
];

/**
 * The tier (scripts/test-tiers.mjs): npm test runs the journeys tagged @quick, CI the rest after
 * them; unset, every journey. Playwright matches a project's grep against the title and its tags.
 */
const tier = selectedTier();
const quick = new RegExp(QUICK_TAG);
const tierFilter = tier === 'quick' ? { grep: quick } : tier === 'long' ? { grepInvert: quick } : {};
/** The packaged journeys of this tier: a PACKAGED_GREP title, and the quick tag when the tier asks. */
const packagedOf = (titles: string): RegExp =>
  tier === 'quick' ? new RegExp(`^(?=.*${QUICK_TAG})(?=.*(${titles}))`) : new RegExp(titles);

export default defineConfig({
  testDir: 'test/e2e',
  // Limits far from a journey's time on a quiet machine (the longest, every screen in both themes
  // through axe, takes about 40 s): a machine busy with other work slows each journey twofold or
  // threefold, and a verdict must not depend on that.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'harness', use: {}, ...tierFilter },
    ...(packaged
      ? [
          {
            name: 'packaged',
            use: {},
            testMatch: PACKAGED_JOURNEYS,
            grep: packagedOf(PACKAGED_GREP.join('|')),
            ...(tier === 'long' ? { grepInvert: quick } : {}),
          },
        ]
      : []),
    ...(electron ? [{ name: 'electron', use: {}, ...tierFilter }] : []),
  ],
});
