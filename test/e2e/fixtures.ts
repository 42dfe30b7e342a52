// Spec fixtures: `launch` opens the app (harness or Electron, by project) with an
// isolated profile and closes it after the test; `fakeApi` starts the fake catalog.
import { test as base } from '@playwright/test';
import { startFakeApi, type FakeApi, type FakeApiOptions } from '../fake-api/server.js';
import { QUICK_TAG } from '../../scripts/test-tiers.mjs';
import { launchApp, type AppHandle, type LaunchOptions, type Target } from '../support/launch-app.js';

interface Fixtures {
  fakeApiOptions: Partial<FakeApiOptions>;
  fakeApi: FakeApi;
  launch: (options?: Omit<LaunchOptions, 'target'>) => Promise<AppHandle>;
}

export const test = base.extend<Fixtures>({
  fakeApiOptions: [{ questions: 300, seed: 7 }, { option: true }],
  fakeApi: async ({ fakeApiOptions }, use) => {
    const api = await startFakeApi(fakeApiOptions);
    await use(api);
    await api.close();
  },
  // Playwright reads a fixture's dependencies from its first parameter's destructuring: it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  launch: async ({}, use, testInfo) => {
    const opened: AppHandle[] = [];
    await use(async (options = {}) => {
      const app = await launchApp({ ...options, target: testInfo.project.name as Target });
      opened.push(app);
      return app;
    });
    for (const app of opened) await app.close();
  },
});

/**
 * `test(title, quick, body)`: the journey is in the quick tier `npm test` runs (one or two per
 * screen and every testers' journey); the rest run in the long tier, which CI runs too.
 */
export const quick = { tag: QUICK_TAG };

export { expect } from '@playwright/test';
