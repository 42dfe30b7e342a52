// A figure opens in a real viewer wherever a student meets it — the exam, a result's review, the
// library, the notebook: fitted to the window (a small figure enlarged), zoomed by wheel, buttons
// and keys, panned by dragging and arrows; its keys never reach the exam behind it.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { ui } from './locators.js';
import { importDemo, startDemoExam, toFirstFigure } from './steps.js';

const zoomOf = async (image: Locator) => Number(await image.getAttribute('data-zoom'));

/** The viewer's image fills the stage along one side (fit), whatever the figure's own size. */
async function expectFitted(page: Page) {
  const viewer = ui(page).viewer;
  await expect(viewer.image).toHaveAttribute('data-fit', 'true');
  await expect(viewer.image).toHaveAttribute('data-zoom', /^\d+$/);
  const stage = await viewer.stage.boundingBox();
  const image = await viewer.image.boundingBox();
  if (!stage || !image) throw new Error('the viewer is not laid out');
  const fills = Math.max(image.width / stage.width, image.height / stage.height);
  expect(fills).toBeGreaterThan(0.97);
  expect(fills).toBeLessThan(1.03);
}

test('viewer: in the exam a figure opens fitted, zooms and pans by keys, wheel and drag; the exam ignores its keys', async ({
  launch,
}) => {
  const { page } = await launch();
  const screen = ui(page);
  await startDemoExam(page, { count: '44', mode: 'practice' });
  await toFirstFigure(page);
  const index = await screen.exam.question.getAttribute('data-index');
  await screen.exam.image.click();
  await expect(screen.viewer.dialog).toBeVisible();
  await expectFitted(page);
  const fitted = await zoomOf(screen.viewer.image);

  // Keys zoom and move the figure; letters and arrows do not answer or move the exam behind it.
  await page.keyboard.press('+');
  await expect.poll(() => zoomOf(screen.viewer.image)).toBeGreaterThan(fitted);
  await expect(screen.viewer.image).toHaveAttribute('data-fit', 'false');
  await page.keyboard.press('1');
  await expect(screen.viewer.image).toHaveAttribute('data-zoom', '100');
  await expect(screen.viewer.level).toHaveText('100%');
  await page.keyboard.press('a');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('0');
  await expectFitted(page);

  // The wheel zooms around the pointer; a drag moves the figure.
  const stage = await screen.viewer.stage.boundingBox();
  if (!stage) throw new Error('no stage');
  await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
  await page.mouse.wheel(0, -400);
  await expect.poll(() => zoomOf(screen.viewer.image)).toBeGreaterThan(fitted);
  const before = await screen.viewer.image.boundingBox();
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width / 2 + 80, stage.y + stage.height / 2 + 40, { steps: 4 });
  await page.mouse.up();
  await expect
    .poll(async () => Math.round((await screen.viewer.image.boundingBox())?.x ?? 0))
    .toBe(Math.round((before?.x ?? 0) + 80));
  await screen.viewer.zoomOut.click();
  await screen.viewer.fit.click();
  await expectFitted(page);

  await page.keyboard.press('Escape');
  await expect(screen.viewer.dialog).toHaveCount(0);
  // Nothing typed in the viewer reached the exam: same question, still unanswered.
  await expect(screen.exam.question).toHaveAttribute('data-index', index ?? '');
  await expect(screen.exam.feedback).toHaveCount(0);
  await expect(screen.exam.screen).toBeVisible();
});

test('viewer: a library figure opens fitted, Escape closes the viewer and not the question; a notebook card’s figure too', async ({
  launch,
}) => {
  const { page } = await launch();
  const screen = ui(page);
  await importDemo(page);
  await screen.nav('library').click();
  await screen.library.text.fill('matriz elétrica');
  await expect(page.getByTestId('library-count')).toHaveAttribute('data-count', '1');
  await page.getByTestId('question-row').first().click();
  await screen.library.image.click();
  await expect(screen.viewer.dialog).toBeVisible();
  await expectFitted(page);
  await page.keyboard.press('Escape');
  await expect(screen.viewer.dialog).toHaveCount(0);
  await expect(screen.library.dialog).toBeVisible();

  await screen.library.addToNotebook.click();
  await expect(screen.library.addedToNotebook).toBeVisible();
  await screen.library.close.click();
  await screen.nav('notebook').click();
  await screen.notebook.cardImage.click();
  await expect(screen.viewer.dialog).toBeVisible();
  await expectFitted(page);
  await screen.viewer.close.click();
  await expect(screen.viewer.dialog).toHaveCount(0);
});
