// The error notebook as a student uses it: misses and guesses of a mock exam come in, today's
// review runs on the exam screen and reschedules, notes stay, the exam date bounds the load ahead.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { ui } from './locators.js';
import { correctLetter, rateAnswer, startDemoExam, startTodaysReview } from './steps.js';
import { seriousViolations } from './axe.js';

const wrongLetter = (right: string) => ['A', 'B', 'C', 'D', 'E'].find((l) => l !== right) ?? 'A';

/** A 3-question exam: the first answered wrong, the second right but marked "chutei", the third right. */
async function examWithAMissAndAGuess(page: Page) {
  await startDemoExam(page, { count: '3' });
  await page.keyboard.press(wrongLetter(await correctLetter(page)).toLowerCase());
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press((await correctLetter(page)).toLowerCase());
  await page.keyboard.press('g');
  await expect(page.getByTestId('exam-guess')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press((await correctLetter(page)).toLowerCase());
  await page.getByTestId('exam-submit').click();
  await page.getByTestId('exam-confirm-yes').click();
  await expect(page.getByTestId('result-score')).toHaveAttribute('data-correct', '2');
}

/** Local 'YYYY-MM-DD' `days` from today. */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('notebook: a wrong answer and a guessed right one come in; the exam date bounds the load ahead', async ({
  launch,
}, testInfo) => {
  const { page } = await launch();
  const screen = ui(page);
  await examWithAMissAndAGuess(page);
  await expect(screen.notebookDue).toHaveText('2');
  await screen.nav('notebook').click();
  await expect(screen.notebook.cards).toHaveCount(2);
  await expect(screen.notebook.cards.and(page.locator('[data-reason="wrong"]'))).toHaveCount(1);
  await expect(screen.notebook.cards.and(page.locator('[data-reason="guessed"]'))).toHaveCount(1);
  await expect(screen.notebook.stat('dueToday')).toHaveAttribute('data-value', '2');
  await expect(screen.notebook.stat('total')).toHaveAttribute('data-value', '2');
  // Each a new card, introduced under the new-card limit: none reviewed yet.
  await expect(screen.notebook.cards.first()).toContainText('nova: entra na fila de novas · nenhuma revisão');
  await expect(screen.notebook.stat('newWaiting')).toHaveAttribute('data-value', '2');
  // No date yet: a month ahead, and the ENEM's likely date offered.
  await expect(screen.notebook.forecastColumns).toHaveCount(30);
  await expect(screen.notebook.planStatus).toContainText('Sem data de prova');
  await expect(screen.examDateCountdown).toHaveCount(0);

  await screen.notebook.examDate.fill(dayFromToday(20));
  await screen.notebook.examLabel.fill('FUVEST 1ª fase');
  await expect(screen.notebook.dailyLimit).toHaveValue('60');
  await screen.notebook.dailyLimit.fill('40');
  await screen.notebook.planSave.click();
  await expect(screen.notebook.planSaved).toBeVisible();
  await expect(screen.examDateCountdown).toHaveAttribute('data-days', '20');
  // The date field reads as the text beside it does (dd/mm/aaaa in Portuguese), never the OS's order.
  const [y, m, d] = dayFromToday(20).split('-');
  await expect(screen.notebook.examDate).toHaveValue(`${d}/${m}/${y}`);
  await expect(screen.notebook.planStatus).toContainText(`${d}/${m}/${y}`);
  await expect(screen.examDateCountdown).toHaveText('Faltam 20 dias para FUVEST 1ª fase');
  // Today up to the eve of the exam; both cards due today.
  await expect(screen.notebook.forecastColumns).toHaveCount(20);
  // Its ticks never touch, and the first and last stay inside the chart (they were clipped).
  const ticks = await screen.notebook.forecastTicks.evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  );
  const chart = await screen.notebook.forecast.locator('svg').boundingBox();
  expect(ticks.length).toBeGreaterThan(2);
  for (let k = 1; k < ticks.length; k++) expect(ticks[k]?.left ?? 0).toBeGreaterThan(ticks[k - 1]?.right ?? 0);
  expect(ticks[0]?.left ?? 0).toBeGreaterThanOrEqual(chart?.x ?? Infinity);
  expect(ticks.at(-1)?.right ?? Infinity).toBeLessThanOrEqual((chart?.x ?? 0) + (chart?.width ?? 0));
  await expect(screen.notebook.forecastColumns.first()).toHaveAttribute('data-value', '2');
  await expect(screen.notebook.planStatus).toContainText('Nenhuma revisão é marcada para depois de');
  await expect(screen.notebook.retentionEmpty).toBeVisible();
  await expect(screen.notebook.dailyLimit).toHaveValue('40');
  await screen.notebook.cards.first().getByTestId('notebook-card-note-toggle').click();
  await expect(screen.notebook.note.text).toBeVisible();
  expect(await seriousViolations(page, testInfo.project.name === 'electron'), 'notebook').toEqual([]);

  // A question added by hand from the library joins them.
  await screen.nav('library').click();
  await page.getByTestId('question-row').nth(5).click();
  await screen.library.addToNotebook.click();
  await expect(screen.library.addedToNotebook).toBeVisible();
  await page.getByTestId('question-close').click();
  await screen.nav('notebook').click();
  await expect(screen.notebook.cards).toHaveCount(3);
  // All three wait to be introduced (new), none is a review due yet.
  await screen.notebook.filterStatus.selectOption('new');
  await expect(screen.notebook.cards).toHaveCount(3);
  await screen.notebook.filterStatus.selectOption('due');
  await expect(screen.notebook.noMatch).toBeVisible();

  // The exam is today, under no name of its own: the countdown reads as Portuguese ("dia de a prova" it was).
  await screen.notebook.examDate.fill(dayFromToday(0));
  await screen.notebook.examLabel.fill('');
  await screen.notebook.planSave.click();
  await expect(screen.examDateCountdown).toHaveText('Chegou o dia: a prova é hoje. Boa prova!');
  // A time or a limit the plan cannot take is refused in the app's own words, beside the field, and nothing is saved.
  await screen.notebook.examTime.fill('25:00');
  await screen.notebook.newPerDay.fill('600');
  await screen.notebook.planSave.click();
  await expect(screen.notebook.planFieldError('examTime')).toHaveText(
    'Início da prova: escreva a hora como 13:30 (de 00:00 a 23:59).',
  );
  await expect(screen.notebook.planFieldError('newPerDay')).toHaveText('Novas por dia: um número inteiro de 0 a 500.');
  await expect(screen.notebook.planFieldError('dailyLimit')).toHaveCount(0);
  await expect(screen.notebook.examTime).toHaveAttribute('aria-invalid', 'true');
  await expect(screen.notebook.examTime).toBeFocused();
  await expect(screen.notebook.planSaved).toHaveCount(0);
  await screen.notebook.examTime.fill('09:00');
  await screen.notebook.newPerDay.fill('10');
  await screen.notebook.planSave.click();
  await expect(screen.notebook.planSaved).toBeVisible();
  await expect(screen.notebook.planFieldError('examTime')).toHaveCount(0);
  await screen.notebook.filterStatus.selectOption('mastered');
  await expect(screen.notebook.noMatch).toBeVisible();
});

test('notebook: today’s review runs on the exam screen, rates each answer, reschedules, and a restart keeps it all', async ({
  launch,
}, testInfo) => {
  const app = await launch();
  const { page } = app;
  const screen = ui(page);
  await examWithAMissAndAGuess(page);
  await startTodaysReview(page);
  await expect(page.locator('#exam-title')).toHaveText('Revisão do caderno');
  // A review looks like one: the notebook's menu entry, its own words in the sidebar, and no clock.
  await expect(screen.nav('notebook').button).toHaveAttribute('aria-current', 'page');
  await expect(screen.nav('exams').button).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('nav-running-exam')).toContainText('Revisão do caderno em andamento');
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByTestId('exam-untimed')).toHaveCount(0);
  await expect(screen.exam.answeredCount).toContainText('0/2');
  // The key stays hidden until the answer: no feedback, no rating, no note.
  await expect(screen.exam.feedback).toHaveCount(0);
  await expect(screen.exam.rating).toHaveCount(0);

  // First card: right at once (inferred "easy"); the student tries "hard", then settles on "easy".
  await page.keyboard.press((await correctLetter(page)).toLowerCase());
  await expect(screen.exam.feedback).toHaveAttribute('data-correct', 'true');
  await expect(screen.exam.rating).toHaveAttribute('data-grade', '4');
  await page.keyboard.press('2');
  await expect(screen.exam.rating).toHaveAttribute('data-grade', '2');
  await expect(screen.exam.rate(2)).toHaveAttribute('aria-pressed', 'true');
  await rateAnswer(page, 4);
  expect(await seriousViolations(page, testInfo.project.name === 'electron'), 'review').toEqual([]);
  const remembered = await screen.exam.statement.innerText();
  await screen.exam.note.text.fill('Lembrar: ler o enunciado até o fim.');
  await screen.exam.note.save.click();
  await expect(screen.exam.note.saved).toBeVisible();

  // Second card: wrong again, rated "again".
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(wrongLetter(await correctLetter(page)).toLowerCase());
  await expect(screen.exam.feedback).toHaveAttribute('data-correct', 'false');
  await expect(screen.exam.rating).toHaveAttribute('data-grade', '1');
  // A review's words: it ends as a review, and offers no "mark for review" of its own.
  await expect(screen.exam.finishPractice).toHaveText('Encerrar a revisão');
  await expect(screen.exam.flag).toHaveCount(0);
  await screen.exam.finishPractice.click();
  // Its end talks about cards: the missed one still to be repeated, not an exam to hand in.
  await expect(page.getByTestId('exam-confirm')).toContainText('Encerrar a revisão?');
  await expect(page.getByTestId('exam-confirm-review')).toContainText('Falta 1 questão desta revisão');
  await expect(page.getByTestId('exam-confirm-yes')).toHaveText('Encerrar a revisão');
  await expect(page.getByTestId('exam-confirm-unanswered')).toHaveCount(0);
  await page.getByTestId('exam-confirm-yes').click();
  await expect(screen.results.screen).toBeVisible();
  // The result is the notebook's: its cards (two, one recalled the first time), under its menu
  // entry, with the way back to it; no retry, no seed, no exam's pace.
  await expect(screen.results.cards).toHaveAttribute('data-total', '2');
  await expect(screen.results.cards).toHaveAttribute('data-recalled', '1');
  await expect(screen.results.cards).toHaveText('Lembrou de 1 de 2 cartões na primeira vez');
  await expect(screen.nav('notebook').button).toHaveAttribute('aria-current', 'page');
  await expect(screen.results.score).toHaveCount(0);
  await expect(screen.results.retryWrong).toHaveCount(0);
  await expect(screen.results.details).not.toContainText('Semente');
  await expect(page.getByTestId('result-pacing')).toHaveCount(0);

  // The recalled card rests for days; the missed one is due again today.
  await screen.results.notebook.click();
  await expect(screen.notebook.screen).toBeVisible();
  await expect(screen.notebook.stat('dueToday')).toHaveAttribute('data-value', '1');
  await expect(screen.notebook.cards.and(page.locator('[data-status="due"]'))).toHaveCount(1);
  await expect(screen.notebook.cards.and(page.locator('[data-status="learning"]'))).toHaveCount(1);
  const rested = screen.notebook.cards.filter({ hasText: remembered.slice(0, 60) });
  await expect(rested).toHaveAttribute('data-status', 'learning');
  await expect(rested.getByTestId('notebook-card-note')).toHaveText('Lembrar: ler o enunciado até o fim.');
  await expect(screen.notebookDue).toHaveText('1');

  await app.restart();
  const after = ui(app.page);
  await after.nav('notebook').click();
  await expect(after.notebook.cards).toHaveCount(2);
  await expect(after.notebook.stat('dueToday')).toHaveAttribute('data-value', '1');
  await expect(
    after.notebook.cards.filter({ hasText: remembered.slice(0, 60) }).getByTestId('notebook-card-note'),
  ).toHaveText('Lembrar: ler o enunciado até o fim.');
  // The review is in the history, under its own name, not counted as a full exam.
  await after.nav('history').click();
  await expect(app.page.getByTestId('history-item').first()).toContainText('Revisão do caderno');
});

test('notebook: a missed card comes back at the end of today’s review until recalled; each rating says when; undo takes the last back', async ({
  launch,
}) => {
  const { page } = await launch();
  const screen = ui(page);
  await examWithAMissAndAGuess(page);
  await startTodaysReview(page);
  await expect(screen.exam.answeredCount).toContainText('0/2');
  const first = await screen.exam.statement.innerText();

  // Missed again: rated "again", and the buttons say when each rating would bring it back.
  await page.keyboard.press(wrongLetter(await correctLetter(page)).toLowerCase());
  await expect(screen.exam.rating).toHaveAttribute('data-grade', '1');
  await expect(screen.exam.rateInterval(1)).toHaveText(/^\d+ min$/);
  await expect(screen.exam.rateInterval(4)).toHaveText(/^\d+ dias?$/);
  await expect(screen.exam.againLeft).toHaveAttribute('data-count', '1');
  await expect(screen.exam.answeredCount).toContainText('1/3');
  await expect(screen.exam.gridItem(3)).toHaveAttribute('data-repeat', 'true');

  // Undo (Ctrl+Z): unrated, the repeat it caused gone; rated again, it comes back.
  await expect(screen.exam.saveState).toHaveAttribute('data-pending', '0');
  await page.keyboard.press('Control+z');
  await expect(screen.exam.rating).toHaveAttribute('data-grade', '');
  await expect(screen.exam.againLeft).toHaveCount(0);
  await expect(screen.exam.answeredCount).toContainText('1/2');
  await expect(screen.exam.undoRating).toHaveCount(0);
  await rateAnswer(page, 1);
  await expect(screen.exam.againLeft).toHaveAttribute('data-count', '1');
  await expect(screen.exam.undoRating).toHaveAttribute('data-index', '0');

  // The other card recalled; then the missed one again, at the end, recalled this time: it graduates.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press((await correctLetter(page)).toLowerCase());
  await expect(screen.exam.rating).toHaveAttribute('data-grade', '4');
  await page.keyboard.press('ArrowRight');
  await expect(screen.exam.repeat).toBeVisible();
  await expect(screen.exam.statement).toHaveText(first);
  await expect(screen.exam.feedback).toHaveCount(0);
  await page.keyboard.press((await correctLetter(page)).toLowerCase());
  await expect(screen.exam.feedback).toHaveAttribute('data-correct', 'true');
  await expect(screen.exam.saveState).toHaveAttribute('data-pending', '0');
  await expect(screen.exam.againLeft).toHaveCount(0);
  await expect(screen.exam.answeredCount).toContainText('3/3');
  // Nothing is left for today, and the menu says so while the session is still open.
  await expect(screen.notebookDue).toHaveCount(0);
  // Ended, its result counts two cards (the missed one's return is no third), one recalled the first time.
  await screen.exam.finishPractice.click();
  await screen.exam.confirmYes.click();
  await expect(screen.results.cards).toHaveAttribute('data-total', '2');
  await expect(screen.results.cards).toHaveAttribute('data-recalled', '1');
});

test('notebook: a note written in a result’s review shows there and in the notebook', async ({ launch }) => {
  const { page } = await launch();
  const screen = ui(page);
  await examWithAMissAndAGuess(page);
  await screen.review.filter('wrong').click();
  await expect(screen.review.items).toHaveCount(1);
  // The miss is a card already: said, not offered again.
  await expect(screen.review.addedToNotebook).toHaveText('No caderno de erros');
  await expect(screen.review.addToNotebook).toHaveCount(0);
  await screen.review.noteToggle.click();
  await screen.review.note.text.fill('Troquei as unidades.');
  await screen.review.note.save.click();
  await expect(screen.review.note.saved).toBeVisible();
  await screen.review.noteToggle.click();
  await expect(screen.review.noteText).toHaveText('Troquei as unidades.');
  await screen.nav('notebook').click();
  await expect(
    screen.notebook.cards.and(page.locator('[data-reason="wrong"]')).getByTestId('notebook-card-note'),
  ).toHaveText('Troquei as unidades.');
});
