// What docs/testing.md tells a tester works, on both targets, as the guide says it: Playwright's
// own check()/uncheck() on Settings, the demo pack's journey from any screen, and the diagnostics
// text a support person would receive.
import { expect, test } from './fixtures.js';
import { ui } from './locators.js';
import { importDemo, submitExam } from './steps.js';

test('settings checkboxes take check() and uncheck() as clicked, and keep them after a restart', async ({ launch }) => {
  const app = await launch();
  const screen = ui(app.page);
  await screen.nav('settings').click();
  // Before, a checkbox changed only once main answered: Playwright's uncheck() threw.
  await screen.settings.extraTime.check();
  await screen.settings.readingWidth.check();
  await screen.settings.readingWidth.uncheck();
  await expect(screen.settings.extraTime).toBeChecked();
  await expect(screen.settings.readingWidth).not.toBeChecked();
  await expect(app.page.locator('html')).toHaveAttribute('data-reading-width', 'false');
  await app.restart();
  const again = ui(app.page); // the old page's locators died with it
  await again.nav('settings').click();
  await expect(again.settings.extraTime).toBeChecked();
  await expect(again.settings.readingWidth).not.toBeChecked();
});

test('the demo pack from any screen; the diagnostics after a normal exam list no error', async ({ launch }) => {
  const app = await launch();
  await ui(app.page).nav('settings').click();
  await importDemo(app.page); // from Settings: the journey goes to the library itself
  const screen = ui(app.page);
  await screen.nav('exams').click();
  await screen.builder.preset.selectOption('quick-10');
  await screen.builder.start.click();
  await expect(screen.exam.screen).toBeVisible();
  await app.page.keyboard.press('a');
  await submitExam(app.page);
  await ui(app.page).nav('history').click();
  const text = await app.diagnostics();
  expect(text).toContain('Exam Practice');
  const errors = /## last errors and warnings[^#]*/.exec(text)?.[0] ?? '';
  // Before, every submit left "WARN exam:presence refused {"code":"exam-over"}" here.
  expect(errors).not.toContain('exam:presence');
  expect(errors).not.toMatch(/ (WARN|ERROR) /);
});
