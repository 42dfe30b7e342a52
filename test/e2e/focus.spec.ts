// A student working by keyboard never loses their place: every dialog gives the focus back to the
// control that opened it, whichever way it closes (Escape or its own button). Before, the figure
// viewer and the submit confirmation left it on <body>: the next Tab went to the top of the page.
import type { Locator, Page } from '@playwright/test';
import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';
import { correctLetter, importDemo, startDemoExam, submitExam, toFirstFigure } from './steps.js';

/** The test id of the element holding the focus now. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/** Opens a dialog from `opener` by keyboard (focus, Enter) and checks it took the focus inside. */
async function openByKeyboard(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
}

test('focus: the figure viewer and the shortcuts help give the focus back, by Escape and by their button', async ({
  launch,
}) => {
  const { page } = await launch();
  const screen = ui(page);
  await startDemoExam(page, { count: '44', mode: 'practice' });
  await toFirstFigure(page);

  await openByKeyboard(page, screen.exam.image, screen.viewer.dialog);
  await page.keyboard.press('Escape');
  await expect(screen.viewer.dialog).toHaveCount(0);
  expect(await focused(page)).toBe('exam-image');
  await openByKeyboard(page, screen.exam.image, screen.viewer.dialog);
  await screen.viewer.close.focus();
  await page.keyboard.press('Enter');
  await expect(screen.viewer.dialog).toHaveCount(0);
  expect(await focused(page)).toBe('exam-image');

  await openByKeyboard(page, screen.exam.help, screen.exam.shortcuts);
  await page.keyboard.press('Escape');
  await expect(screen.exam.shortcuts).toHaveCount(0);
  expect(await focused(page)).toBe('exam-help');
  await openByKeyboard(page, screen.exam.help, screen.exam.shortcuts);
  await screen.exam.shortcutsClose.focus();
  await page.keyboard.press('Enter');
  await expect(screen.exam.shortcuts).toHaveCount(0);
  expect(await focused(page)).toBe('exam-help');
});

test(
  'focus: the submit confirmation gives it back on "Voltar ao simulado"; after submitting, the result’s heading has it',
  quick,
  async ({ launch }) => {
    const { page } = await launch();
    const screen = ui(page);
    await startDemoExam(page, { preset: 'quick-10' });
    const confirm = page.getByTestId('exam-confirm');
    await openByKeyboard(page, screen.exam.submit, confirm);
    // It opens on the safe choice: Enter goes back to the exam.
    await expect(page.getByTestId('exam-confirm-no')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    expect(await focused(page)).toBe('exam-submit');
    // Submitted: the button is gone with the exam; the focus is on the result screen, not on <body>.
    await openByKeyboard(page, screen.exam.submit, confirm);
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByTestId('exam-confirm-yes')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(screen.results.score).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('result-heading');
  },
);

/** Tab and Shift+Tab `times` each way from inside `dialog`: the focus never leaves it. */
async function tabsStayInside(page: Page, dialog: Locator, times: number) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let n = 0; n < times; n += 1) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((node) => node.contains(document.activeElement)), `${key} ×${n + 1}`).toBe(true);
    }
  }
}

test('focus: outside an exam, the question, a figure opened inside it and the build-pack form give it back; Tab stays inside', async ({
  launch,
}) => {
  const { page } = await launch();
  const screen = ui(page);
  await importDemo(page);
  await screen.library.text.fill('gráfico representa');
  await expect(screen.library.rows).toHaveCount(1);
  const row = screen.library.rowOpen.first();

  await openByKeyboard(page, row, screen.library.dialog);
  await tabsStayInside(page, screen.library.dialog, 25);
  // A figure opened inside the question: Escape closes the viewer only, the figure's button has the focus.
  await openByKeyboard(page, screen.library.image, screen.viewer.dialog);
  await page.keyboard.press('Escape');
  await expect(screen.viewer.dialog).toHaveCount(0);
  await expect(screen.library.dialog).toBeVisible();
  expect(await focused(page)).toBe('question-image');
  await page.keyboard.press('Escape');
  await expect(screen.library.dialog).toHaveCount(0);
  expect(await focused(page)).toBe('row-open');
  await openByKeyboard(page, row, screen.library.dialog);
  await screen.library.close.focus();
  await page.keyboard.press('Enter');
  await expect(screen.library.dialog).toHaveCount(0);
  expect(await focused(page)).toBe('row-open');

  await openByKeyboard(page, screen.packs.build, screen.packs.buildDialog);
  await tabsStayInside(page, screen.packs.buildDialog, 12);
  await page.keyboard.press('Escape');
  await expect(screen.packs.buildDialog).toHaveCount(0);
  expect(await focused(page)).toBe('build-pack');
  await openByKeyboard(page, screen.packs.build, screen.packs.buildDialog);
  await screen.packs.buildClose.focus();
  await page.keyboard.press('Enter');
  await expect(screen.packs.buildDialog).toHaveCount(0);
  expect(await focused(page)).toBe('build-pack');
});

test('focus: a figure opened from a result’s review gives it back to that figure, by Escape and by "Fechar"', async ({
  launch,
}) => {
  const { page } = await launch();
  const screen = ui(page);
  await startDemoExam(page, { count: '44', seed: '3' });
  await submitExam(page);
  const figure = screen.review.image.first();
  for (const close of ['Escape', 'button'] as const) {
    await openByKeyboard(page, figure, screen.viewer.dialog);
    if (close === 'Escape') await page.keyboard.press('Escape');
    else {
      await screen.viewer.close.focus();
      await page.keyboard.press('Enter');
    }
    await expect(screen.viewer.dialog).toHaveCount(0);
    expect(await focused(page), close).toBe('review-image');
    await expect(figure).toBeFocused();
  }
});

test('focus: each new context starts at its start — the library after importing, a started exam, a result, a started review; at 32 px a review’s rating is in view once answered', async ({
  launch,
}) => {
  const { page } = await launch();
  const screen = ui(page);
  await page.setViewportSize({ width: 1024, height: 640 });
  await screen.nav('settings').click();
  await screen.settings.fontScale.selectOption('xlarge');
  await expect(page.locator('html')).toHaveAttribute('data-font-scale', 'xlarge');
  // The demo imported from the empty library by the keyboard: the library's heading has the focus, not <body>.
  await screen.nav('library').click();
  await screen.packs.importDemo.focus();
  await page.keyboard.press('Enter');
  await expect(screen.library.count).toHaveAttribute('data-count', '44');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('library-heading');
  // A started exam: the first question's heading, so the next Tab reaches its alternatives.
  await screen.nav('exams').click();
  await page.getByTestId('exam-preset').selectOption('');
  await page.getByTestId('exam-count').fill('3');
  await page.getByTestId('exam-seed').fill('2026');
  await page.getByTestId('exam-start').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('exam-question-number');
  // The grid says where the student is and what is flagged at the type's size (it kept a 2 px ring
  // and a 12 px flag at 32 px): the current cell's ring and the flag grow with the type.
  await screen.exam.flag.click();
  const cell = screen.exam.gridItem(1);
  await expect(cell).toHaveAttribute('data-flagged', 'true');
  expect(await cell.evaluate((node) => parseFloat(getComputedStyle(node).outlineWidth))).toBeGreaterThanOrEqual(4);
  const flag = cell.locator('.flag-icon');
  expect(await flag.evaluate((node) => parseFloat(getComputedStyle(node).fontSize))).toBeGreaterThanOrEqual(24);
  await screen.exam.flag.click();
  await expect(cell).toHaveAttribute('data-flagged', 'false');
  await page.getByTestId('exam-question-number').focus();
  // A miss, then hand in: the result's heading.
  const key = await correctLetter(page);
  await page.keyboard.press(['a', 'b', 'c', 'd', 'e'].find((l) => l !== key.toLowerCase()) ?? 'a');
  await submitExam(page);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('result-heading');
  // Today's review, started from the notebook by the keyboard: its first card's heading.
  await screen.nav('notebook').click();
  // Today's review is the notebook's first step, in the window at 32 px (it was 2.5 screens down).
  await expect(screen.notebook.startReview).toBeInViewport();
  await screen.notebook.startReview.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('exam-question-number');
  // Answered (wrong again): the rating, the review's next step, is scrolled into the window.
  const again = await correctLetter(page);
  await page.keyboard.press(['a', 'b', 'c', 'd', 'e'].find((l) => l !== again.toLowerCase()) ?? 'a');
  await expect(screen.exam.rating).toBeInViewport();
  // What is typed and ticked grows with the type: the note box writes at 32 px, not the browser's 13 px.
  expect(await screen.exam.note.text.evaluate((node) => getComputedStyle(node).fontSize)).toBe('32px');
  // And a tick box is as large as the words beside it (it stayed 13 × 13 px).
  await screen.nav('settings').click();
  const tick = page.getByTestId('settings-extra-time');
  await expect(tick).toBeVisible();
  expect((await tick.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(24);
});
