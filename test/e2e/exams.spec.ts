import { QUESTIONS } from '../../assets/demo/questions.js';
import type { Locator } from '@playwright/test';
import { expect, quick, test } from './fixtures.js';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { correctLetter, importDemo, startDemoExam } from './steps.js';
import { ui } from './locators.js';

test('takes a 10-question exam end to end by keyboard and gets it graded in main', quick, async ({ launch }) => {
  const app = await launch();
  const { page } = app;
  await startDemoExam(page, { preset: 'quick-10' });
  await expect(page.getByTestId('exam-countdown')).toHaveText(/^(20:00|19:5\d)$/);
  for (let n = 1; n <= 10; n++) {
    await expect(page.getByTestId('exam-question-number')).toContainText(`Questão ${n} de 10`);
    // Questions 9 and 10 are answered wrong on purpose.
    const right = await correctLetter(page);
    const letter = n <= 8 ? right : (['A', 'B', 'C', 'D', 'E'].find((l) => l !== right) ?? 'A');
    await page.keyboard.press(letter.toLowerCase());
    await expect(page.getByTestId(`exam-choice-${letter}`)).toHaveAttribute('aria-pressed', 'true');
    if (n < 10) await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('?');
  await expect(page.getByTestId('exam-shortcuts')).toBeVisible();
  // Every shortcut is in the help, "Chutei" and striking included.
  await expect(page.getByTestId('exam-shortcuts')).toContainText('G: marcar a resposta como chute');
  await expect(page.getByTestId('exam-shortcuts')).toContainText('Shift + letra');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('exam-confirm')).toContainText('Todas as questões foram respondidas');
  // The confirmation opens on the safe choice: Enter keeps the exam going, nothing is handed in.
  await expect(page.getByTestId('exam-confirm-no')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('exam-confirm')).toBeHidden();
  await expect(page.getByTestId('exam-question-number')).toContainText('Questão 10 de 10');
  // Handing in is a choice of its own: to "Entregar agora", then Enter.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('exam-confirm-no')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('exam-confirm-yes')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-score')).toHaveAttribute('data-correct', '8');
  await expect(page.getByTestId('result-score')).toContainText('8 de 10 acertos (80%)');
  await expect(page.getByTestId('chart-subject')).toBeVisible();
  await expect(page.getByTestId('chart-difficulty')).toBeVisible();
  // A bar per question waits behind its disclosure: the review is not pushed down the page by it.
  await expect(page.getByTestId('chart-time')).toBeHidden();
  await page.getByTestId('chart-time-details').locator('summary').click();
  await expect(page.getByTestId('chart-time')).toBeVisible();
  await page.getByTestId('review-filter-wrong').click();
  await expect(page.getByTestId('review-item')).toHaveCount(2);
  await expect(page.getByTestId('review-item').first()).toContainText('alternativa original');
});

test('flags, leaves some blank, sees them listed before submitting, and reviews them', async ({ launch }) => {
  const { page } = await launch();
  await startDemoExam(page, { count: '5' });
  await page.getByTestId('exam-choice-A').click();
  await page.getByTestId('exam-grid-3').click();
  await page.getByTestId('exam-flag').click();
  await expect(page.getByTestId('exam-grid-3')).toHaveAttribute('data-flagged', 'true');
  await page.getByTestId('exam-strike-B').click();
  await expect(page.getByTestId('exam-strike-B')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('exam-choice-C').click();
  await page.getByTestId('exam-submit').click();
  await expect(page.getByTestId('exam-confirm-unanswered')).toContainText('2, 4, 5');
  await expect(page.getByTestId('exam-confirm-flagged')).toContainText('3');
  await page.getByTestId('exam-confirm-yes').click();
  await expect(page.getByTestId('result-details')).toContainText('2 respondidas');
  await page.getByTestId('review-filter-unanswered').click();
  await expect(page.getByTestId('review-item')).toHaveCount(3);
  await page.getByTestId('review-filter-flagged').click();
  await expect(page.getByTestId('review-item')).toHaveCount(1);
  await expect(page.getByTestId('review-item')).toContainText('Questão 3');
});

test('main submits the attempt at the deadline by itself (fast clock)', async ({ launch }) => {
  const app = await launch({ clockSpeed: 60 });
  const { page } = app;
  await startDemoExam(page, { count: '5', minutes: '6' }); // 6 s of real time
  await page.getByTestId('exam-choice-B').click();
  await expect(page.getByTestId('exam-save-state')).toHaveAttribute('data-pending', '0');
  await expect(page.getByTestId('exam-warning')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('exam-time-up')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('result-by-deadline')).toBeVisible();
  await expect(page.getByTestId('result-details')).toContainText('1 respondidas');
  const submitted = app.ipcLog().filter((e) => e.type === 'event' && e.event === 'exam:submitted');
  expect(submitted).toHaveLength(1);
});

test('a warning mark reached on another screen is shown there, with the way back to the exam', async ({ launch }) => {
  const app = await launch({ clockSpeed: 60 });
  const { page } = app;
  const screen = ui(page);
  // 20 minutes (20 s of real time), warned at 19 minutes left (1 s in).
  await startDemoExam(page, { count: '5', minutes: '20', warnings: '19' });
  await screen.nav('library').click();
  await app.waitForEvent('exam:warning', { timeoutMs: 20_000 });
  await expect(screen.warningAway.notice).toContainText('faltam 19 minutos');
  await screen.warningAway.back.click();
  await expect(screen.exam.screen).toBeVisible();
  await expect(screen.warningAway.notice).toHaveCount(0);
});

test('a deadline that passed while the app was closed is told on reopening, with the way to the result', async ({
  launch,
}, testInfo) => {
  const dataDir = testInfo.outputPath('profile');
  const first = await launch({ dataDir });
  const screen = ui(first.page);
  await importDemo(first.page);
  await screen.nav('exams').click();
  await screen.builder.preset.selectOption('');
  await screen.builder.count.fill('3');
  await screen.builder.minutes.fill('30');
  await screen.builder.strict.check();
  await screen.builder.start.click();
  await screen.exam.choice('B').click();
  await expect(screen.exam.saveState).toHaveAttribute('data-pending', '0');
  const attemptId = (await screen.exam.screen.getAttribute('data-attempt-id')) ?? '';
  await first.close();
  // The app stays closed past the strict deadline: as the file says when it is opened again.
  const file = join(dataDir, 'attempts', `${attemptId}.json`);
  const saved = JSON.parse(await readFile(file, 'utf8')) as { deadline: number; lastSeenAt: number };
  saved.lastSeenAt = Date.now() - 2 * 3_600_000;
  saved.deadline = saved.lastSeenAt + 60_000;
  await writeFile(file, JSON.stringify(saved));

  const again = await launch({ dataDir });
  const back = ui(again.page);
  await expect(back.deadline.notice).toBeVisible();
  await back.deadline.result.click();
  await expect(back.results.screen).toHaveAttribute('data-attempt-id', attemptId);
  await expect(again.page.getByTestId('result-by-deadline')).toBeVisible();
});

test('resumes a running exam after the app restarts, with every answer and flag', async ({ launch }) => {
  const app = await launch();
  let page = app.page;
  await startDemoExam(page, { count: '6', seed: '77' });
  const first = await page.getByTestId('exam-statement').innerText();
  await page.keyboard.press('d');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('f');
  await page.keyboard.press('b');
  await expect(page.getByTestId('exam-save-state')).toHaveAttribute('data-pending', '0');
  await app.restart();
  page = app.page;
  await expect(page.getByTestId('exam-screen')).toBeVisible();
  await expect(page.getByTestId('exam-question-number')).toContainText('Questão 2 de 6');
  await expect(page.getByTestId('exam-choice-B')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('exam-grid-2')).toHaveAttribute('data-flagged', 'true');
  await page.getByTestId('exam-grid-1').click();
  await expect(page.getByTestId('exam-statement')).toHaveText(first);
  await expect(page.getByTestId('exam-choice-D')).toHaveAttribute('aria-pressed', 'true');
});

test('practice mode shows right or wrong at once, then the key', async ({ launch }) => {
  const { page } = await launch();
  await startDemoExam(page, { count: '3', mode: 'practice' });
  // No time limit, no clock: said once, quietly, not as a countdown.
  await expect(page.getByTestId('exam-untimed')).toHaveText('Sem limite de tempo');
  await expect(page.getByTestId('exam-countdown')).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveCount(0);
  const right = await correctLetter(page);
  await page.keyboard.press(right.toLowerCase());
  await expect(page.getByTestId('exam-feedback')).toHaveAttribute('data-correct', 'true');
  await page.keyboard.press('ArrowRight');
  const rightTwo = await correctLetter(page);
  const wrong = ['A', 'B', 'C', 'D', 'E'].find((l) => l !== rightTwo) ?? 'A';
  await page.keyboard.press(wrong.toLowerCase());
  await expect(page.getByTestId('exam-feedback')).toContainText(`A resposta correta é ${rightTwo}`);
  // The grid shows right and wrong in the legend's colours (the "answered" style used to hide them).
  const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
  const legend = page.getByTestId('exam-grid-legend');
  await expect(page.getByTestId('exam-grid-1')).toHaveAttribute('data-verdict', 'right');
  await expect(page.getByTestId('exam-grid-2')).toHaveAttribute('data-verdict', 'wrong');
  expect(await background(page.getByTestId('exam-grid-1'))).toBe(await background(legend.locator('.grid-cell.right')));
  expect(await background(page.getByTestId('exam-grid-2'))).toBe(await background(legend.locator('.grid-cell.wrong')));
  expect(await background(page.getByTestId('exam-grid-1'))).not.toBe(
    await background(legend.locator('.grid-cell.answered')),
  );
  await page.getByTestId('exam-finish-practice').click();
  // Ending practice asks first, and says what is left unanswered.
  await expect(page.getByTestId('exam-confirm')).toContainText('Encerrar o treino?');
  await expect(page.getByTestId('exam-confirm-unanswered')).toContainText('3');
  await page.getByTestId('exam-confirm-yes').click();
  await expect(page.getByTestId('result-score')).toHaveAttribute('data-correct', '1');
});

test('nothing delivered to the renderer before submission contains or implies the key', quick, async ({ launch }) => {
  const app = await launch();
  const { page } = app;
  await startDemoExam(page, { count: '10', seed: '5' });
  const from = app.ipcLog().findIndex((e) => e.type === 'invoke' && e.channel === 'exam:start');
  for (let n = 0; n < 10; n++) {
    await page.keyboard.press('c');
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('f');
  await expect(page.getByTestId('exam-save-state')).toHaveAttribute('data-pending', '0');
  // Which demo questions are in the attempt: known to the test only, from the texts shown.
  const state = await page.evaluate(() => window.examApp['exam:current']({}));
  const shown = new Set(state?.questions.map((q) => q.statement));
  const ids = QUESTIONS.flatMap((q, i) => (shown.has(q.statement) ? [`demo-${String(i + 1).padStart(3, '0')}`] : []));
  expect(ids).toHaveLength(10);
  // Main refuses to reveal them in the library while the attempt runs.
  for (const id of ids) {
    const answer = await page.evaluate(
      (questionId) =>
        window.examApp['catalog:reveal']({ id: questionId }).then(
          () => 'revealed',
          (e: Error) => e.message,
        ),
      id,
    );
    expect(JSON.parse(answer)).toMatchObject({ code: 'locked-by-exam' });
  }
  // Pack export of those questions is refused too (it would carry their keys).
  const exported = await page.evaluate(
    (list) =>
      window.examApp['packs:build']({ filter: {}, ids: list, title: 'x' }).then(
        () => 'built',
        (e: Error) => e.message,
      ),
    ids,
  );
  expect(JSON.parse(exported)).toMatchObject({ code: 'locked-by-exam' });

  const during = app.ipcLog().slice(from);
  const delivered = JSON.stringify(during.map((e) => (e.type === 'invoke' ? e.result : e.payload)));
  expect(delivered).not.toMatch(/isCorrect|correctAlternative|correctId|correctChoice|originalLetter|"feedback":\{/);
  for (const id of ids) expect(delivered).not.toContain(id); // no question or alternative id (the demo's encode letters)
  for (const entry of during) {
    if (entry.type !== 'invoke' || entry.channel !== 'exam:start') continue;
    const value = (entry.result as { value: { questions: { alternatives: object[] }[] } }).value;
    for (const q of value.questions)
      for (const a of q.alternatives) expect(Object.keys(a).sort()).toEqual(['image', 'letter', 'text']);
  }
  // The displayed order is shuffled: the correct one is not always at its original letter.
  const movedOff = state?.questions.filter((q) => {
    const source = QUESTIONS.find((s) => s.statement === q.statement);
    return source && q.alternatives[source.correct]?.text !== source.alternatives[source.correct];
  });
  expect(movedOff?.length).toBeGreaterThan(4);

  await page.getByTestId('exam-submit').click();
  await page.getByTestId('exam-confirm-yes').click();
  await expect(page.getByTestId('result-score')).toBeVisible();
  // After submission the key is delivered, and the library reveals again.
  const after = await page.evaluate(
    (id) => window.examApp['catalog:reveal']({ id }).then((r) => r.correctAlternativeId),
    ids[0] ?? '',
  );
  expect(after).toMatch(/^demo-\d{3}-[A-E]$/);
});

test('history lists attempts with a trend per subject, and retries the misses', quick, async ({ launch }) => {
  const { page } = await launch();
  await startDemoExam(page, { count: '4', seed: '11' });
  await page.keyboard.press('a');
  await page.getByTestId('exam-submit').click();
  await page.getByTestId('exam-confirm-yes').click();
  const correct = Number(await page.getByTestId('result-score').getAttribute('data-correct'));
  // The filters tell the truth: one answered (right or wrong), three blank.
  const screen = ui(page);
  await screen.review.filter('unanswered').click();
  await expect(screen.review.items).toHaveCount(3);
  await screen.review.filter('wrong').click();
  await expect(screen.review.items).toHaveCount(1 - correct);
  await screen.review.filter('right').click();
  await expect(screen.review.items).toHaveCount(correct);
  // "Refazer" takes the wrong answers; the blank ones only when asked.
  await screen.results.retryBlank.check();
  await page.getByTestId('result-retry-wrong').click();
  await expect(page.getByTestId('exam-question-number')).toContainText(`de ${4 - correct}`);
  await page.getByTestId('exam-submit').click();
  await page.getByTestId('exam-confirm-yes').click();
  await page.getByTestId('result-history').click();
  await expect(page.getByTestId('history-item')).toHaveCount(2);
  await expect(page.getByTestId('history-trend')).toBeVisible();
  await page.getByTestId('history-open').last().click();
  await expect(page.getByTestId('result-score')).toHaveAttribute('data-total', '4');
});
