// Reusable user journeys, written the way a student would do them.
import { expect, type Locator, type Page } from '@playwright/test';
import { QUESTIONS } from '../../assets/demo/questions.js';
import { ui } from './locators.js';
import type { AppHandle, SavedFile } from '../support/launch-app.js';

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

/** Imports the bundled demo pack (44 ENEM-style questions, `assets/demo.exampack`) from any screen. */
export async function importDemo(page: Page) {
  const screen = ui(page);
  // The offer is the empty library's: go there first.
  await screen.nav('library').click();
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

/** Moves through the running exam (→) to its first question with a figure. */
export async function toFirstFigure(page: Page) {
  const screen = ui(page);
  for (let n = 0; n < 200 && (await screen.exam.image.count()) === 0; n += 1) {
    await page.keyboard.press('ArrowRight');
    await expect(screen.exam.question).toHaveAttribute('data-index', String(n + 1));
  }
  await expect(screen.exam.image).toBeVisible();
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

// ── Journeys across capabilities (docs/testing.md, "Journeys") ──────────────────────────────────

/** Waits until the app has offered a file whose name matches, and returns it (both targets). */
export async function savedFile(app: AppHandle, name: RegExp): Promise<SavedFile> {
  await expect.poll(async () => (await app.savedFiles()).some((file) => name.test(file.name))).toBe(true);
  const files = await app.savedFiles();
  const found = files.reverse().find((file) => name.test(file.name));
  if (!found) throw new Error(`no saved file matches ${name}`);
  return found;
}

/** On a pack exam's result: saves the result file for the tutor under the student's name. */
export async function exportResult(app: AppHandle, student: string): Promise<SavedFile> {
  const screen = ui(app.page);
  await screen.resultExport.name.fill(student);
  await screen.resultExport.save.click();
  await expect(screen.resultExport.saved).toBeVisible();
  return savedFile(app, /\.examresult$/);
}

/**
 * From the library (its filter or selection as it stands): builds a pack, optionally with a fixed
 * exam and sealed. Answers the saved pack and, when sealed, its release code (the tutor's secret).
 */
export async function buildPack(
  app: AppHandle,
  options: { title: string; fixedExam?: boolean; seal?: boolean },
): Promise<{ pack: SavedFile; releaseCode: string | null }> {
  const screen = ui(app.page);
  await screen.packs.build.click();
  await screen.packs.title.fill(options.title);
  if (options.fixedExam || options.seal) await screen.packs.fixedExam.check();
  if (options.seal) await screen.packs.seal.check();
  await screen.packs.save.click();
  await expect(screen.packs.saved).toBeVisible();
  const pack = await savedFile(app, /\.exampack$/);
  const releaseCode = options.seal ? await screen.packs.releaseCode.innerText() : null;
  return { pack, releaseCode };
}

/** On a sealed pack's result waiting for its code: gives the code and waits for the grading. */
export async function releaseResult(page: Page, code: string) {
  const screen = ui(page);
  await screen.resultRelease.input.fill(code);
  await screen.resultRelease.submit.click();
  await expect(screen.results.score).toBeVisible();
}

/** The tutor's class report from a pack file and result files (a sealed pack's code if given). */
export async function classReport(page: Page, pack: string, results: string[], code?: string) {
  const screen = ui(page);
  await screen.nav('class').click();
  await screen.classReport.packInput.setInputFiles(pack);
  await screen.classReport.resultsInput.setInputFiles(results);
  if (code) await screen.classReport.codeInput.fill(code);
  await screen.classReport.build.click();
  await expect(screen.classReport.summary).toBeVisible();
}

/**
 * Prints a paper exam of the demo pack (imported first) from the exam builder; answers its code.
 * The PDFs are `savedFiles()`; `key.pdf` read with test/support/pdf-read.ts gives each version's key.
 */
export async function printDemoPaper(
  app: AppHandle,
  options: { count?: string; seed?: string; versions?: '1' | '2' | '3' | '4'; sheets?: string } = {},
): Promise<string> {
  const { page } = app;
  const screen = ui(page);
  await importDemo(page);
  await screen.nav('exams').click();
  await screen.builder.preset.selectOption('');
  await screen.builder.count.fill(options.count ?? '10');
  await screen.builder.seed.fill(options.seed ?? '31');
  await screen.paper.versions.selectOption(options.versions ?? '1');
  await screen.paper.sheets.fill(options.sheets ?? '1');
  await screen.paper.printButton.click();
  await expect(screen.paper.printed).toBeVisible();
  return (await screen.paper.printed.getAttribute('data-code')) ?? '';
}

/** Types a student's answer sheet on the paper screen and grades it (letters as docs/paper.md reads them). */
export async function typeAnswerSheet(
  page: Page,
  sheet: { version: string; student?: string; letters: string; language?: 'ingles' | 'espanhol' },
) {
  const screen = ui(page);
  await screen.nav('paper').click();
  await screen.paper.version.selectOption(sheet.version);
  if (sheet.language) await screen.paper.language.selectOption(sheet.language);
  if (sheet.student) await screen.paper.student.fill(sheet.student);
  await screen.paper.letters.fill(sheet.letters);
  await screen.paper.grade.click();
  await expect(screen.results.score).toBeVisible();
}

/** Starts today's review from the error notebook (on the exam screen, practice mode). */
export async function startTodaysReview(page: Page) {
  const screen = ui(page);
  await screen.nav('notebook').click();
  await screen.notebook.startReview.click();
  await expect(screen.exam.screen).toBeVisible();
}

/**
 * Takes the review session's last rating back (Ctrl+Z), and waits until main has: the question is
 * current again and unrated (`exam-rating[data-grade=""]`, `exam-undo-rating` gone).
 */
export async function undoLastRating(page: Page) {
  const screen = ui(page);
  const index = await screen.exam.undoRating.getAttribute('data-index');
  await screen.exam.undoRating.click();
  await expect(screen.exam.question).toHaveAttribute('data-index', index ?? '');
  await expect(screen.exam.rating).toHaveAttribute('data-grade', '');
  await expect(screen.exam.undoRating).toHaveCount(0);
}

/**
 * Opens a figure (any locator that opens the viewer: `exam.image`, `review.image`, `library.image`,
 * `notebook.cardImage`) and waits until it is laid out fitted to the window: returns its zoom (%).
 */
export async function openFigure(page: Page, figure: Locator): Promise<number> {
  const viewer = ui(page).viewer;
  await figure.click();
  await expect(viewer.image).toHaveAttribute('data-fit', 'true');
  await expect(viewer.image).toHaveAttribute('data-zoom', /^\d+$/);
  return Number(await viewer.image.getAttribute('data-zoom'));
}

/**
 * Rates the checked answer on the review screen, and waits until main has saved it:
 * `exam-rating[data-grade]` changes at once, `exam-save-state[data-pending="0"]` once it is saved.
 */
export async function rateAnswer(page: Page, grade: 1 | 2 | 3 | 4) {
  const screen = ui(page);
  await screen.exam.rate(grade).click();
  await expect(screen.exam.rating).toHaveAttribute('data-grade', String(grade));
  await expect(screen.exam.saveState).toHaveAttribute('data-pending', '0');
}

/**
 * Drops scanned answer sheets (a scanner's PDF, phone photos) on the paper screen for the exam
 * chosen there, and waits until they are read: the sheets to review, or the refusals.
 */
export async function scanAnswerSheets(page: Page, files: string | string[]): Promise<void> {
  const screen = ui(page);
  await screen.nav('paper').click();
  // Each reading bumps data-reads: a pile scanned again shows the same summary, so that is not the sign.
  const before = (await screen.paper.scanLast.count())
    ? Number(await screen.paper.scanLast.getAttribute('data-reads'))
    : 0;
  await screen.paper.scanInput.setInputFiles(files);
  // A page is read in a worker: a loaded two-core machine needs far more than the default 10 s.
  await expect(screen.paper.scanLast.or(screen.paper.scanError).first()).toBeVisible({ timeout: 60_000 });
  if (await screen.paper.scanLast.isVisible())
    await expect(screen.paper.scanLast).toHaveAttribute('data-reads', String(before + 1));
}

/**
 * What the OS does when files are double-clicked while the app runs: a second launch whose command
 * line carries them (the harness stands in for the OS; skip it on Electron). Waits until the app
 * shows them: a pack's confirmation, or the class report with the results.
 */
export async function openFromOs(app: AppHandle, files: string[]): Promise<void> {
  if (!app.harness) throw new Error('openFromOs: the harness stands in for the OS (skip this spec on Electron)');
  app.harness.secondInstance(['/opt/Exam Practice/exam-practice', ...files]);
  const screen = ui(app.page);
  await expect(
    files.some((f) => f.toLowerCase().endsWith('.exampack')) ? screen.packs.confirm : screen.classReport.screen,
  ).toBeVisible();
}
