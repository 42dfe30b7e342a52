// The exam screen always shows main's truth, and the exam looks and scores like the ENEM.
import { QUESTIONS } from '../../assets/demo/questions.js';
import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';
import { importDemo, startDemoExam, toFirstFigure } from './steps.js';

test(
  'leave a running exam and come back: same question, answers, flags, strikes and guesses, from main',
  quick,
  async ({ launch }) => {
    const { page } = await launch();
    await startDemoExam(page, { count: '10' });
    await page.keyboard.press('b');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('f');
    await page.keyboard.press('g');
    await page.keyboard.press('Shift+C');
    await expect(page.getByTestId('exam-save-state')).toHaveAttribute('data-pending', '0');
    await ui(page).nav('library').click();
    // The sidebar keeps the running exam, with its countdown, one click away.
    await expect(page.getByTestId('nav-running-countdown')).toHaveText(/\d+:\d\d/);
    await page.getByTestId('nav-running-exam').click();
    await expect(page.getByTestId('exam-question')).toHaveAttribute('data-index', '2');
    await expect(page.getByTestId('exam-flag')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('exam-guess')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('exam-strike-C')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('exam-grid-1')).toHaveAttribute('data-answered', 'true');
    // The grid shows the guess where it was made.
    await expect(page.getByTestId('exam-grid-3')).toHaveAttribute('data-guessed', 'true');
    await expect(page.getByTestId('exam-grid-1')).toHaveAttribute('data-guessed', 'false');
    await expect(page.getByTestId('exam-answered-count')).toContainText('1/10');
    // The confirmation lists what main holds: question 1 is answered.
    await page.getByTestId('exam-submit').click();
    await expect(page.getByTestId('exam-confirm-unanswered')).not.toContainText(/(^|\D)1(,|$)/);
    await expect(page.getByTestId('exam-confirm-flagged')).toContainText('3');
    await page.getByTestId('exam-confirm-no').click();
    // "Simulados" in the menu also returns to it.
    await ui(page).nav('history').click();
    await ui(page).nav('exams').click();
    await expect(page.getByTestId('exam-question')).toHaveAttribute('data-index', '2');
  },
);

test('the deadline passes while the student is elsewhere: a notice leads to the result', async ({ launch }) => {
  const app = await launch({ clockSpeed: 120 });
  const { page } = app;
  await startDemoExam(page, { count: '5', minutes: '3' });
  const started = app.mark();
  await ui(page).nav('library').click();
  // Main submits by itself and says so: the attempt ended by the deadline, and none runs now.
  const submitted = await app.waitForEvent('exam:submitted', { after: started });
  expect(submitted.by).toBe('deadline');
  await app.waitForEvent('exam:running', { after: started, match: (running) => running === null });
  expect(app.since(started).filter((entry) => entry.type === 'invoke' && entry.channel === 'exam:submit')).toEqual([]);
  await expect(page.getByTestId('deadline-notice')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('nav-running-exam')).toBeHidden();
  await page.getByTestId('deadline-notice-result').click();
  await expect(page.getByTestId('result-by-deadline')).toBeVisible();
  // And the exam screen is not left showing a live countdown.
  await ui(page).nav('exams').click();
  await expect(page.getByTestId('exam-countdown')).toBeHidden();
});

test('ENEM day 1 with the demo pack, which is not the ENEM: its composition, the language chosen, no half-filled start', async ({
  launch,
}) => {
  const app = await launch();
  const { page } = app;
  await importDemo(page);
  // The demo pack says it is not the ENEM (its name and its exam's name decide nothing).
  await ui(page).nav('packs').click();
  await expect(page.getByTestId('pack-enem-demo-pack')).toHaveAttribute('data-enem', '0');
  await expect(page.getByTestId('pack-enem-demo-pack')).toContainText('Não é ENEM');
  await ui(page).nav('exams').click();
  await page.getByTestId('exam-preset').selectOption('enem-day1');
  await expect(page.getByTestId('exam-enem-sources')).toBeVisible();
  const blocks = page.getByTestId('exam-block');
  await expect(blocks).toHaveCount(3);
  await expect(blocks.nth(0)).toHaveAttribute('data-block', 'linguagens-ingles');
  await expect(blocks.nth(1)).toHaveAttribute('data-block', 'linguagens');
  await expect(blocks.nth(2)).toHaveAttribute('data-block', 'humanas');
  // No ENEM question at all: what is short is said, and the exam cannot start.
  await expect(page.getByTestId('exam-short')).toBeVisible();
  await expect(page.getByTestId('exam-start')).toBeDisabled();
  await page.getByTestId('exam-language').selectOption('espanhol');
  await expect(blocks.nth(0)).toHaveAttribute('data-block', 'linguagens-espanhol');
  // One area that the demo pack can fill in the counted sense follows the choice of area.
  await page.getByTestId('exam-preset').selectOption('enem-area');
  await page.getByTestId('exam-area').selectOption('matematica');
  await expect(blocks).toHaveCount(1);
  await expect(blocks.first()).toHaveAttribute('data-block', 'matematica');
  await app.restart();
  await ui(app.page).nav('settings').click();
  await expect(app.page.getByTestId('settings-foreign-language')).toHaveValue('espanhol');
});

test('results by area, pacing and guesses; review shows figures with alt text, enlarged on a click', async ({
  launch,
}) => {
  const { page } = await launch();
  await startDemoExam(page, { count: '44', mode: 'practice' });
  // Answer the first two, one marked as a guess, struck through and flagged.
  await page.keyboard.press('Shift+C');
  await page.keyboard.press('a');
  await page.keyboard.press('g');
  await page.keyboard.press('f');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('b');
  await expect(page.getByTestId('exam-save-state')).toHaveAttribute('data-pending', '0');
  // Practice: the grid tells right from wrong.
  await expect(page.getByTestId('exam-grid-1')).toHaveAttribute('data-verdict', /right|wrong/);
  await page.getByTestId('exam-finish-practice').click();
  await page.getByTestId('exam-confirm-yes').click();
  await expect(page.getByTestId('chart-area')).toBeVisible();
  await expect(page.getByTestId('chart-area')).toContainText('Matemática');
  await expect(page.getByTestId('result-pacing')).toBeVisible();
  await expect(page.getByTestId('result-guessed')).toHaveAttribute('data-total', '1');
  const figures = page.getByTestId('review-image');
  await expect.poll(() => figures.count()).toBeGreaterThanOrEqual(QUESTIONS.filter((q) => q.image).length);
  await expect(figures.first().locator('img')).toHaveAttribute('alt', /Figura da questão \d+/);
  await figures.first().click();
  const zoomed = page.getByTestId('image-viewer-image');
  await expect(zoomed).toHaveAttribute('data-fit', 'true');
  const box = await zoomed.boundingBox();
  const small = await figures.first().locator('img').boundingBox();
  expect((box?.width ?? 0) > (small?.width ?? 0)).toBe(true);
  await page.getByTestId('image-viewer-close').click();
  await expect(zoomed).toBeHidden();
  // The review shows what the student did: the strike, the flag, the guess.
  const first = page.getByTestId('review-item').first();
  await expect(first.getByTestId('review-alternative').and(page.locator('[data-struck="true"]'))).toHaveCount(1);
  await expect(first.getByTestId('review-alternative').nth(2)).toHaveAttribute('data-struck', 'true');
  await expect(first.getByTestId('review-struck')).toHaveText('(riscada)');
  await expect(first.getByTestId('review-flagged')).toBeVisible();
  await expect(first.getByTestId('review-guessed')).toBeVisible();
  await expect(page.getByTestId('review-item').nth(1).getByTestId('review-flagged')).toHaveCount(0);
  // The active review filter is visibly selected.
  await page.getByTestId('review-filter-wrong').click();
  await expect(page.getByTestId('review-filter-wrong')).toHaveAttribute('aria-pressed', 'true');
});

test('a pasted passage of 2,000 characters finds its question', async ({ launch }) => {
  const { page } = await launch();
  await importDemo(page);
  const statement = QUESTIONS[3]?.statement ?? '';
  let passage = statement;
  while (passage.length < 2000) passage += ` ${statement}`;
  await ui(page).library.text.fill(passage.slice(0, 2000));
  await expect(ui(page).library.count).toHaveAttribute('data-count', '1');
});

test('in a small window (1024×640) the exam header stays in view while the page scrolls', async ({ launch }) => {
  const { page } = await launch();
  await page.setViewportSize({ width: 1024, height: 640 });
  await startDemoExam(page, { count: '10' });
  await page.mouse.wheel(0, 3000);
  await expect(page.getByTestId('exam-countdown')).toBeInViewport();
  await expect(page.getByTestId('exam-submit')).toBeInViewport();
  await expect(page.getByTestId('exam-answered-count')).toBeInViewport();
});

test('a tutor’s worked solution, with a figure, is shown to the student only after answering in practice', async ({
  launch,
}) => {
  const { page } = await launch();
  await importDemo(page);
  const screen = ui(page);
  const statement = QUESTIONS[0]?.statement ?? '';
  await screen.library.text.fill(`"${statement.slice(0, 40)}"`);
  await expect(screen.library.count).toHaveAttribute('data-count', '1');
  await screen.library.rows.first().getByRole('button').first().click();
  await screen.library.showAnswer.click();
  await screen.library.explanation.fill('Resolução: leia o enunciado com atenção.');
  await page.getByTestId('question-explanation-figure').setInputFiles('assets/demo/images/triangulo.svg');
  await screen.library.explanationSave.click();
  await expect(screen.library.explanationSaved).toBeVisible();
  await page.keyboard.press('Escape');
  // A practice exam of that one question: the solution comes only with the answer.
  await screen.nav('exams').click();
  await screen.builder.preset.selectOption('');
  await screen.builder.count.fill('44');
  await screen.builder.mode.selectOption('practice');
  await screen.builder.seed.fill('1');
  await screen.builder.start.click();
  for (let n = 0; n < 44; n++) {
    // The screen shows question n before its statement is read: a key press is not a rendered page.
    await expect(screen.exam.question).toHaveAttribute('data-index', String(n));
    if ((await screen.exam.statement.innerText()) === statement) break;
    await page.keyboard.press('ArrowRight');
  }
  await expect(screen.exam.statement).toHaveText(statement);
  await expect(screen.exam.explanation).toBeHidden();
  await page.keyboard.press('a');
  await expect(screen.exam.explanation).toContainText('leia o enunciado');
  await expect(page.getByTestId('exam-explanation-image')).toBeVisible();
});

test('the builder counts again when the catalog changes under it (an import finishing)', async ({ launch }) => {
  const { page } = await launch();
  await ui(page).nav('exams').click();
  await ui(page).builder.preset.selectOption('');
  await expect(ui(page).builder.matching).toHaveAttribute('data-matching', '0');
  await expect(ui(page).builder.start).toBeDisabled();
  // The import completes while the builder is open (here through the bridge, as a slow import would).
  await page.evaluate(() => window.examApp['packs:import-demo']({}));
  await expect(ui(page).builder.matching).toHaveAttribute('data-matching', '44');
  await expect(ui(page).builder.start).toBeEnabled();
});

test("the ENEM's enlarged type (24 px) and super-enlarged type (32 px) at 1024×640: the question at the whole width, its figure grown, no sideways scroll, every grid column whole", async ({
  launch,
}) => {
  const { page } = await launch();
  const screen = ui(page);
  await page.setViewportSize({ width: 1024, height: 640 });
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const figureWidth = async () => (await screen.exam.image.locator('img').boundingBox())?.width ?? 0;
  await importDemo(page);
  await screen.nav('exams').click();
  await screen.builder.preset.selectOption('');
  await page.getByTestId('exam-count').fill('44');
  await expect(page.getByTestId('exam-matching')).toHaveAttribute('data-matching', '44');
  await screen.builder.start.click();
  await expect(screen.exam.question).toHaveAttribute('data-index', '0');
  await toFirstFigure(page);
  const standard = await figureWidth();
  expect(standard, 'the figure at the standard type').toBeGreaterThan(0);

  for (const [scale, px] of [
    ['large', 24],
    ['xlarge', 32],
  ] as const) {
    await screen.nav('settings').click();
    await screen.settings.fontScale.selectOption(scale);
    await expect(page.locator('html')).toHaveAttribute('data-font-scale', scale);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(`${px}px`);
    await screen.runningExam.link.click();
    await expect(screen.exam.image).toBeVisible();
    expect(await sideways(), `the exam scrolls sideways (${scale})`).toBeLessThanOrEqual(0);
    // The statement and the alternatives take the content's width (not a column squeezed beside
    // the grid), and end inside the window.
    for (const part of [screen.exam.statement, page.getByTestId('exam-choice-A')]) {
      const box = await part.boundingBox();
      expect(box?.width ?? 0, `${scale}: a line holds at least 20 em`).toBeGreaterThanOrEqual(20 * px);
      expect((box?.x ?? 0) + (box?.width ?? 0), `${scale}: ends inside the window`).toBeLessThanOrEqual(1024);
    }
    // The figure grows with the type, and the viewer opens it no smaller than the page shows it.
    const grown = await figureWidth();
    expect(grown / standard, `${scale}: the figure grew with the type`).toBeGreaterThanOrEqual(1.4);
    await screen.exam.image.click();
    await expect(screen.viewer.image).toHaveAttribute('data-zoom', /\d+/);
    const inViewer = (await screen.viewer.image.boundingBox())?.width ?? 0;
    expect(inViewer, `${scale}: the viewer shows the figure at least as large`).toBeGreaterThanOrEqual(grown - 1);
    await page.keyboard.press('Escape');
    await expect(screen.viewer.dialog).toHaveCount(0);
    // Each of the grid's columns is whole inside the grid (none cut at its right edge).
    const grid = await screen.exam.grid.boundingBox();
    for (const n of [1, 2, 3, 4, 5, 44]) {
      const cell = await screen.exam.gridItem(n).boundingBox();
      expect(cell, `cell ${n}`).not.toBeNull();
      expect((cell?.x ?? 0) + (cell?.width ?? 0), `cell ${n} ends inside the grid`).toBeLessThanOrEqual(
        (grid?.x ?? 0) + (grid?.width ?? 0) + 0.5,
      );
      expect(cell?.width ?? 0, `cell ${n} fits its number`).toBeGreaterThanOrEqual(
        await screen.exam.gridItem(n).evaluate((node) => node.scrollWidth - 0.5),
      );
    }
    await expect(screen.exam.submit).toBeInViewport();
  }
  // The builder, the result, the notebook and the library do not scroll sideways either.
  await page.keyboard.press('a');
  await screen.exam.submit.click();
  await screen.exam.confirmYes.click();
  await expect(screen.results.score).toBeVisible();
  expect(await sideways(), 'the result scrolls sideways').toBeLessThanOrEqual(0);
  for (const name of ['exams', 'notebook', 'library', 'history'] as const) {
    await screen.nav(name).click();
    await expect(page.locator('main h2').first()).toBeVisible();
    expect(await sideways(), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

test('generated titles follow the UI language: a preset started in Portuguese reads in English after the switch, a typed one stays', async ({
  launch,
}) => {
  const { page } = await launch();
  const screen = ui(page);
  await startDemoExam(page, { preset: 'quick-10' });
  await expect(page.locator('#exam-title')).toHaveText('Rápido: 10 questões em 20 minutos');
  await screen.nav('settings').click();
  await screen.settings.language.selectOption('en');
  await expect(screen.runningExam.link).toContainText('Quick: 10 questions in 20 minutes');
  await screen.runningExam.link.click();
  await expect(page.locator('#exam-title')).toHaveText('Quick: 10 questions in 20 minutes');
  await screen.exam.submit.click();
  await screen.exam.confirmYes.click();
  await expect(screen.results.screen).toContainText('Quick: 10 questions in 20 minutes');
  await screen.nav('history').click();
  await expect(page.getByTestId('history-item').first()).toContainText('Quick: 10 questions in 20 minutes');
  // A title the student typed is theirs, in any language.
  await screen.nav('exams').click();
  await screen.builder.preset.selectOption('');
  await screen.builder.title.fill('Meu simulado de sábado');
  await screen.builder.start.click();
  await expect(page.locator('#exam-title')).toHaveText('Meu simulado de sábado');
});
