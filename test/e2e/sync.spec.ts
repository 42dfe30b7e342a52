import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';
import { connectKey } from './steps.js';

test.describe('a full sync under a tight rate limit', () => {
  // A 3 s window: each countdown shows for seconds, not for the one second a busy machine can miss.
  test.use({ fakeApiOptions: { questions: 1000, seed: 7, ratePerMinute: 3, windowMs: 3000, retryAfter: 3 } });

  test(
    'shows an estimate, progress, a rate-limit countdown, and an end report, with zero 429s',
    quick,
    async ({ launch, fakeApi }, testInfo) => {
      test.skip(
        testInfo.project.name === 'electron',
        'needs the fake’s 3 s window mirrored in the app (harness option)',
      );
      const app = await launch({ rateWindowMs: 3000 });
      const screen = ui(app.page);
      await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys.enem);
      await expect(screen.keys.success).toBeVisible();
      await screen.nav('sync').click();
      await screen.sync.estimate.click();
      const national = fakeApi.catalog().filter((q) => q.national).length;
      await expect(screen.sync.estimateResult).toContainText(`${national} questões`);
      await screen.sync.start.click();
      await expect(screen.sync.progress).toBeVisible();
      // One check for the countdown and its words: it shows only while a wait lasts, and a second
      // check could come after it ended (seen beside two busy loops).
      await expect(screen.sync.rateWait).toContainText(/continuando em \d+ s/, { timeout: 30_000 });
      await expect(screen.sync.report).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
      await expect(screen.sync.report).toContainText(`${national} questões`);
      expect(fakeApi.log.filter((r) => r.status === 429)).toEqual([]);
      const progress = app.ipcLog().filter((e) => e.type === 'event' && e.event === 'sync:progress');
      expect(progress.length).toBeGreaterThan(3);
      await app.page.getByTestId('go-library').click();
      await expect(screen.library.count).toHaveAttribute('data-count', String(national));
    },
  );
});

test.describe('cancel and resume', () => {
  test.use({ fakeApiOptions: { questions: 1200, seed: 3 } });

  test('a cancelled sync keeps every page that arrived and, resumed after a restart, asks again only the one cut short', async ({
    launch,
    fakeApi,
  }) => {
    // Page 3's answer is held back: the app stores pages 1–2, has 4 and 5 (prefetched) in hand,
    // and is still waiting for 3 when the student cancels.
    const gate = fakeApi.holdPages([3]);
    const app = await launch();
    const screen = ui(app.page);
    await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys.vestibulares);
    await expect(screen.keys.success).toBeVisible();
    await screen.nav('sync').click();
    await screen.sync.product.selectOption('vestibulares');
    const mark = app.mark();
    await screen.sync.start.click();
    await gate.reached(3);
    // 1, 2, 4 and 5 have arrived (the app says so): nothing below depends on timing.
    await app.waitForEvent('sync:progress', { after: mark, match: (p) => p.received >= 4, timeoutMs: 30_000 });
    await screen.sync.cancel.click();
    await expect(screen.sync.report).toHaveAttribute('data-status', 'cancelled');
    const listed = () =>
      fakeApi.log.filter((r) => r.path.endsWith('/questions') && r.query.limit === '100' && r.status === 200);
    expect(
      listed()
        .map((r) => r.query.page)
        .sort(),
    ).toEqual(['1', '2', '4', '5']);
    const before = listed().length;

    await app.restart();
    const again = ui(app.page);
    await again.nav('sync').click();
    await expect(again.sync.resume).toBeVisible();
    await again.sync.resume.click();
    await expect(again.sync.report).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    // Every page that arrived before the cancel is reused: the resumed run asks 3 and the pages never asked.
    const resumed = listed()
      .slice(before)
      .map((r) => Number(r.query.page))
      .sort((a, b) => a - b);
    expect(resumed).toEqual([3, 6, 7, 8, 9, 10, 11, 12]);
    await again.nav('library').click();
    await expect(again.library.count).toHaveAttribute('data-count', '1200');
  });
});
