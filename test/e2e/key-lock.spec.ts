import { expect, test } from './fixtures.js';
import { ui } from './locators.js';

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
