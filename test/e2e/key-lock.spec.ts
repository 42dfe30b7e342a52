import { expect, test } from './fixtures.js';
import { ui } from './locators.js';
import { importDemo } from './steps.js';

test('while a retry of the misses runs, the earlier result hides those questions’ keys, in the UI and through the bridge', async ({
  launch,
}) => {
  const app = await launch();
  const screen = ui(app.page);
  await screen.packs.importDemo.click();
  await expect(screen.library.count).toHaveAttribute('data-count', '44');
  // Exam A through the bridge, as a curious renderer would: every answer "A", submitted; then B retries the misses.
  const { a, hidden } = await app.page.evaluate(async () => {
    const api = window.examApp;
    const first = await api['exam:start']({
      request: { count: 10 },
      settings: { title: 'A', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 11 },
    });
    for (const q of first.questions)
      await api['exam:answer']({ attemptId: first.attemptId, index: q.index, choice: 0 });
    const result = await api['exam:submit']({ attemptId: first.attemptId });
    await api['exam:retry-wrong']({ attemptId: first.attemptId });
    const again = await api['exam:result']({ attemptId: first.attemptId });
    return {
      a: first.attemptId,
      hidden: again.questions.filter((q) => q.hidden),
      wrong: result.questions.filter((q) => !q.isCorrect).length,
    };
  });
  expect(hidden.length).toBeGreaterThan(0);
  for (const q of hidden) {
    expect(q.isCorrect).toBeNull();
    expect(q.correctChoice).toBeNull();
    expect(q.alternatives.every((alt) => alt.originalLetter === null)).toBe(true);
  }
  // What the student sees: history without a score for A, and A's review saying why.
  await screen.nav('history').click();
  const itemA = app.page.locator(`[data-testid="history-item"][data-attempt-id="${a}"]`);
  await expect(itemA.getByTestId('history-score')).toHaveAttribute('data-hidden', 'true');
  await itemA.getByTestId('history-open').click();
  await expect(app.page.getByTestId('result-hidden')).toBeVisible();
  await expect(app.page.locator('[data-testid="review-item"][data-hidden="true"]')).toHaveCount(hidden.length);
  await expect(app.page.locator('[data-testid="review-item"][data-hidden="true"] .correct')).toHaveCount(0);
});

test('an earlier result read before an exam over the same questions starts is never painted with its keys while that exam runs', async ({
  launch,
}) => {
  const app = await launch();
  const screen = ui(app.page);
  await importDemo(app.page);
  const settings = { title: 'A', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 11 } as const;
  const a = await app.page.evaluate(async (given) => {
    const api = window.examApp;
    const first = await api['exam:start']({ request: { count: 10 }, settings: given });
    for (const q of first.questions)
      await api['exam:answer']({ attemptId: first.attemptId, index: q.index, choice: 0 });
    await api['exam:submit']({ attemptId: first.attemptId });
    return first.attemptId;
  }, settings);
  // The student reads A's result and the notebook: the renderer's cache now holds A's keys.
  await screen.nav('history').click();
  const itemA = app.page.locator(`[data-testid="history-item"][data-attempt-id="${a}"]`);
  await itemA.getByTestId('history-open').click();
  await expect(app.page.locator('[data-testid="review-item"][data-hidden="false"]')).toHaveCount(10);
  await screen.nav('notebook').click();
  // B: the same seed, so the same ten questions run (started as the exam builder would).
  await app.page.evaluate(async (given) => {
    await window.examApp['exam:start']({ request: { count: 10 }, settings: { ...given, title: 'B' } });
  }, settings);
  // From here on, any review item painted with a verdict is recorded, however briefly it shows.
  await app.page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { verdictsPainted: string[] }).verdictsPainted = seen;
    const check = () => {
      for (const item of document.querySelectorAll('[data-testid="review-item"]'))
        if (item.getAttribute('data-hidden') !== 'true') seen.push(item.outerHTML.slice(0, 80));
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await screen.nav('history').click();
  await itemA.getByTestId('history-open').click();
  await expect(app.page.getByTestId('result-hidden')).toBeVisible();
  await expect(app.page.locator('[data-testid="review-item"][data-hidden="true"]')).toHaveCount(10);
  expect(await app.page.evaluate(() => (window as unknown as { verdictsPainted: string[] }).verdictsPainted)).toEqual(
    [],
  );
});
