// What docs/testing.md tells a tester works, on both targets, as the guide says it: Playwright's
// own check()/uncheck() on Settings, the demo pack's journey from any screen, and the diagnostics
// text a support person would receive.
import { expect, test } from './fixtures.js';
import { ui } from './locators.js';
import { correctLetter, importDemo, submitExam } from './steps.js';

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
  // The sidebar's button as specs written before the kit's 0.1.0 used it: a Locator of its own.
  await expect(screen.nav('settings')).toHaveAttribute('aria-current', 'page');
  await expect(screen.nav('settings').button).toHaveAttribute('aria-current', 'page');
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

test('the guide’s values work as written: type sizes, the builder’s default preset, the plan’s date in both forms, what "Usar estes limites" does, the forecast’s labels', async ({
  launch,
}) => {
  const { page } = await launch();
  const screen = ui(page);
  await screen.nav('settings').click();
  // Settings is loaded when first opened (its own chunk): its options are read once it shows.
  await expect(screen.settings.fontScale).toBeVisible();
  const scales = await screen.settings.fontScale
    .locator('option')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  expect(scales).toEqual(['normal', 'large', 'xlarge']);

  await importDemo(page);
  await screen.nav('exams').click();
  await expect(screen.builder.preset).toHaveValue('quick-10');
  const presets = await screen.builder.preset
    .locator('option')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  expect(presets).toEqual(expect.arrayContaining(['', 'quick-10', 'enem-day1', 'enem-day2', 'enem-area']));
  // Ten misses: ten cards for the notebook.
  await screen.builder.preset.selectOption('');
  await page.getByTestId('exam-count').fill('10');
  await screen.builder.start.click();
  for (let n = 0; n < 10; n++) {
    const key = await correctLetter(page);
    await page.getByTestId(`exam-choice-${key === 'A' ? 'B' : 'A'}`).click();
    await page.keyboard.press('ArrowRight');
  }
  await submitExam(page);

  await screen.nav('notebook').click();
  const inDays = (days: number) => {
    const day = new Date();
    day.setDate(day.getDate() + days);
    return {
      d: String(day.getDate()).padStart(2, '0'),
      m: String(day.getMonth() + 1).padStart(2, '0'),
      y: day.getFullYear(),
    };
  };
  // The window's order (pt-BR: dd/mm/aaaa)…
  const soon = inDays(3);
  await screen.notebook.examDate.fill(`${soon.d}/${soon.m}/${soon.y}`);
  await screen.notebook.planSave.click();
  await expect(screen.notebook.planSaved).toBeVisible();
  await expect(screen.examDateCountdown).toHaveAttribute('data-days', '3');
  // …or ISO, shown back in the window's order.
  const later = inDays(4);
  await screen.notebook.examDate.fill(`${later.y}-${later.m}-${later.d}`);
  await screen.notebook.planSave.click();
  await expect(screen.examDateCountdown).toHaveAttribute('data-days', '4');
  await expect(screen.notebook.examDate).toHaveValue(`${later.d}/${later.m}/${later.y}`);
  // A day that does not exist is refused by the app's own words, and nothing is saved.
  await screen.notebook.examDate.fill(`31/02/${later.y + 1}`);
  await screen.notebook.planSave.click();
  await expect(screen.notebook.dateError).toBeVisible();
  await expect(screen.examDateCountdown).toHaveAttribute('data-days', '4');
  await screen.notebook.examDate.fill(`${later.d}/${later.m}/${later.y}`);
  // The forecast's columns are labelled as the axis writes them (dd/mm), not YYYY-MM-DD.
  await expect(screen.notebook.forecastColumns.first()).toHaveAttribute('data-label', /^\d\d\/\d\d$/);

  // No new card a day, three weeks ahead (four days can be too few even without limits, and the
  // plan then offers no limits to use): the plan is short, and "Usar estes limites" saves the
  // limits it needs at once.
  const weeks = inDays(21);
  await screen.notebook.examDate.fill(`${weeks.d}/${weeks.m}/${weeks.y}`);
  await screen.notebook.newPerDay.fill('0');
  await screen.notebook.planSave.click();
  await expect(screen.examDateCountdown).toHaveAttribute('data-days', '21');
  await expect(screen.notebook.readiness.short).toBeVisible();
  // The numbers a tester asserts are attributes, whatever the sentence around them says.
  await expect(screen.notebook.readiness.panel).toHaveAttribute('data-cards', /^\d+$/);
  const named = await screen.notebook.readiness.needed.getAttribute('data-new-per-day');
  expect(Number(named)).toBeGreaterThan(0);
  await screen.notebook.readiness.use.click();
  await expect(screen.notebook.newPerDay).toHaveValue(named ?? '');
  const applied = await screen.notebook.newPerDay.inputValue();
  // (Whether the plan then reads as ready is the forecast's draw, not this button's: with ten cards
  // the goal is every one of them, and one simulated miss leaves it short.)
  await screen.nav('history').click();
  await screen.nav('notebook').click();
  await expect(screen.notebook.newPerDay).toHaveValue(applied);
});
