import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';
import { connectKey, syncProduct } from './steps.js';
import { seriousViolations } from './axe.js';

test('every screen, in light and dark, has no serious or critical accessibility violation', async ({
  launch,
  fakeApi,
}, testInfo) => {
  const app = await launch();
  const electron = testInfo.project.name === 'electron';
  const screen = ui(app.page);
  await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys.enem);
  await expect(screen.keys.success).toBeVisible();
  await syncProduct(app.page, 'enem');
  for (const theme of ['light', 'dark'] as const) {
    await screen.nav('settings').click();
    await screen.settings.theme.selectOption(theme);
    for (const name of [
      'library',
      'exams',
      'notebook',
      'history',
      'sync',
      'packs',
      'class',
      'keys',
      'settings',
    ] as const) {
      await screen.nav(name).click();
      await expect(app.page.getByTestId(`screen-${name}`)).toBeVisible();
      expect(await seriousViolations(app.page, electron), `${name} (${theme})`).toEqual([]);
    }
    await screen.nav('library').click();
    await screen.library.rows.first().getByRole('button').click();
    await expect(screen.library.dialog).toBeVisible();
    expect(await seriousViolations(app.page, electron), `question dialog (${theme})`).toEqual([]);
    await app.page.keyboard.press('Escape');
  }
});

test('the exam, its confirm dialog, results and history have no serious or critical violation', async ({
  launch,
}, testInfo) => {
  const app = await launch();
  const { page } = app;
  const electron = testInfo.project.name === 'electron';
  await page.getByTestId('import-demo').click();
  await ui(page).nav('exams').click();
  await page.getByTestId('exam-preset').selectOption('');
  await page.getByTestId('exam-count').fill('3');
  await page.getByTestId('exam-start').click();
  await page.keyboard.press('b');
  await page.getByTestId('exam-flag').click();
  expect(await seriousViolations(page, electron), 'exam').toEqual([]);
  await page.getByTestId('exam-submit').click();
  expect(await seriousViolations(page, electron), 'confirm').toEqual([]);
  await page.getByTestId('exam-confirm-yes').click();
  await expect(page.getByTestId('result-score')).toBeVisible();
  expect(await seriousViolations(page, electron), 'results').toEqual([]);
  await page.getByTestId('result-history').click();
  await expect(page.getByTestId('history-trend')).toBeVisible();
  expect(await seriousViolations(page, electron), 'history').toEqual([]);
});

test('the main journey works from the keyboard alone', quick, async ({ launch }) => {
  const app = await launch();
  await expect(ui(app.page).library.empty).toBeVisible();
  await app.page.keyboard.press('Tab');
  await expect(app.page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeFocused();
  await app.page.keyboard.press('Tab');
  await expect(ui(app.page).nav('library').button).toBeFocused();
  await app.page.keyboard.press('Tab');
  await app.page.keyboard.press('Enter');
  await expect(app.page.getByTestId('screen-exams')).toBeVisible();
  await expect(ui(app.page).nav('exams').button).toHaveAttribute('aria-current', 'page');
});
