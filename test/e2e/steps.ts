// Reusable user journeys, written the way a student would do them.
import { expect, type Locator, type Page } from '@playwright/test';
import { QUESTIONS } from '../../assets/demo/questions.js';
import { ui } from './locators.js';

export async function connectKey(page: Page, baseUrl: string, key: string) {
  const screen = ui(page);
  await screen.nav('keys').click();
  await screen.keys.baseUrl.fill(baseUrl);
  await screen.keys.apiKey.fill(key);
  await screen.keys.connect.click();
}

export async function syncProduct(page: Page, product: 'enem' | 'vestibulares') {
  const screen = ui(page);
  await screen.nav('sync').click();
  await screen.sync.product.selectOption(product);
  await screen.sync.start.click();
  await expect(screen.sync.report).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
}

/** Imports the bundled demo pack (44 ENEM-style questions) from the empty library. */
export async function importDemo(page: Page) {
  const screen = ui(page);
  await screen.packs.importDemo.click();
  await expect(screen.library.count).toHaveAttribute('data-count', '44');
}

export interface DemoExamOptions {
  /** A preset id; '' (default) for a custom exam of `count` questions. */
  preset?: string;
  mode?: 'timed' | 'practice';
  minutes?: string;
  seed?: string;
  count?: string;
  /** Warning marks, minutes before the end ("30, 5"). */
  warnings?: string;
}

/** Imports the demo pack and starts an exam on it (custom: 10 questions, seed 2026, unless told). */
export async function startDemoExam(page: Page, options: DemoExamOptions = {}) {
  await importDemo(page);
  await ui(page).nav('exams').click();
  await page.getByTestId('exam-preset').selectOption(options.preset ?? '');
  if (!options.preset) await page.getByTestId('exam-count').fill(options.count ?? '10');
  if (options.mode) await page.getByTestId('exam-mode').selectOption(options.mode);
  if (options.minutes) await page.getByTestId('exam-minutes').fill(options.minutes);
  if (options.warnings !== undefined) await page.getByTestId('exam-warnings').fill(options.warnings);
  await page.getByTestId('exam-seed').fill(options.seed ?? '2026');
  await expect(page.getByTestId('exam-matching')).toHaveAttribute('data-matching', '44');
  await page.getByTestId('exam-start').click();
  await expect(page.getByTestId('exam-screen')).toBeVisible();
}

/** Submits the running exam through its confirmation and waits for the result main graded. */
export async function submitExam(page: Page) {
  const screen = ui(page);
  await screen.exam.submit.click();
  await screen.exam.confirmYes.click();
  await expect(screen.results.score).toBeVisible();
}

/** Imports a pack file through the Packs screen's file picker, as a student does. */
export async function importPackFile(page: Page, path: string) {
  const screen = ui(page);
  await screen.nav('packs').click();
  await screen.packs.fileInput.setInputFiles(path);
}

/** Which displayed letter is right, known only to the test (from the demo pack's sources). */
export async function correctLetter(page: Page): Promise<string> {
  const statement = await page.getByTestId('exam-statement').innerText();
  const source = QUESTIONS.find((q) => q.statement === statement);
  if (!source) throw new Error(`unknown statement: ${statement}`);
  const right = source.alternatives[source.correct];
  const letters = await page.getByTestId('exam-choices').locator('.choice').allInnerTexts();
  const found = letters.find((text) => text.slice(1).trim() === right);
  if (!found) throw new Error('correct alternative not displayed');
  return found.charAt(0);
}

/**
 * The width an image decoded to, once it has loaded or failed (0 when it failed). Visible is not
 * loaded: on a busy machine an <img> is on screen well before its bytes arrive, so this waits for
 * the image's own load or error event, never for time.
 */
export async function loadedImageWidth(img: Locator): Promise<number> {
  return img.evaluate(
    (element: HTMLImageElement) =>
      new Promise<number>((resolve) => {
        if (element.complete) return resolve(element.naturalWidth);
        element.addEventListener('load', () => resolve(element.naturalWidth), { once: true });
        element.addEventListener('error', () => resolve(0), { once: true });
      }),
  );
}
