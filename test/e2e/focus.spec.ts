// A student working by keyboard never loses their place: every dialog gives the focus back to the
// control that opened it, whichever way it closes (Escape or its own button). Before, the figure
// viewer and the submit confirmation left it on <body>: the next Tab went to the top of the page.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { ui } from './locators.js';
import { importDemo, startDemoExam, submitExam, toFirstFigure } from './steps.js';

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

test('focus: the submit confirmation gives it back on "Voltar ao simulado"; after submitting, the result’s heading has it', async ({
  launch,
}) => {
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
});

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
