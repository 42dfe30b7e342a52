import { defineConfig } from '@playwright/test';
import { electronBinaryPath, FETCH_COMMAND } from './scripts/electron-binary.mjs';

// The same specs run against the harness everywhere and against real Electron
// where its binary was downloaded; otherwise that project is left out, said once.
// EXAM_PRACTICE_E2E_APP points at a packaged e2e build (CI's e2e-packaged job).
const electron = process.env.EXAM_PRACTICE_E2E_APP ?? electronBinaryPath();
if (!electron && !process.env.PLAYWRIGHT_QUIET_SKIP) {
  console.log(`electron e2e: skipped — the Electron binary is not downloaded here (${FETCH_COMMAND} fetches it).`);
  process.env.PLAYWRIGHT_QUIET_SKIP = '1'; // workers re-read this file: say it once
}

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [{ name: 'harness', use: {} }, ...(electron ? [{ name: 'electron', use: {} }] : [])],
});
