// The journeys of test/e2e/steps.ts, across capabilities, as a tester strings them together from
// docs/testing.md alone: files captured with savedFiles() on either target, keys known only from
// the tutor's own files (key.pdf, a sealed pack's code).
import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';
import {
  buildPack,
  classReport,
  correctLetter,
  exportResult,
  importPackFile,
  openFigure,
  printDemoPaper,
  rateAnswer,
  releaseResult,
  savedFile,
  submitExam,
  startDemoExam,
  startTodaysReview,
  typeAnswerSheet,
  undoLastRating,
} from './steps.js';
import { paperKey } from '../support/pdf-read.js';

test(
  'journeys: print a paper exam, read version 2’s key from key.pdf, type it as a sheet, full marks',
  quick,
  async ({ launch }) => {
    const app = await launch();
    const code = await printDemoPaper(app, { count: '8', versions: '2' });
    const keyPdf = await savedFile(app, /key\.pdf$/);
    const key = await paperKey(keyPdf.bytes, 2);
    expect(key).toMatch(/^[A-E]{8}$/);
    await typeAnswerSheet(app.page, { version: '2', student: 'Davi', letters: key });
    const screen = ui(app.page);
    await expect(screen.results.score).toHaveAttribute('data-correct', '8');
    await expect(screen.paper.result).toHaveAttribute('data-version', '2');
    await screen.nav('history').click();
    await expect(screen.history.items.first().getByTestId('history-paper')).toHaveAttribute('data-student', 'Davi');
    expect(code).toMatch(/^P[0-9A-Z]{6}$/);
  },
);

test(
  'journeys: a sealed pack out to a student and back: exam, code, result file, class report',
  quick,
  async ({ launch }, testInfo) => {
    const tutor = await launch();
    const desk = ui(tutor.page);
    await desk.packs.importDemo.click();
    await desk.library.subject.selectOption('demo-matematica');
    await expect(desk.library.count).toHaveAttribute('data-count', '11');
    const { pack, releaseCode } = await buildPack(tutor, { title: 'Lacrada', seal: true });
    expect(releaseCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const student = await launch();
    const screen = ui(student.page);
    await importPackFile(student.page, pack.path);
    await expect(screen.packs.imported).toBeVisible();
    await screen.nav('exams').click();
    const option = screen.builder.preset.locator('option', { hasText: 'Lacrada' });
    await screen.builder.preset.selectOption({ value: (await option.getAttribute('value')) ?? '' });
    await screen.builder.start.click();
    await student.page.keyboard.press((await correctLetter(student.page)).toLowerCase());
    await screen.exam.submit.click();
    await screen.exam.confirmYes.click();
    await expect(screen.awaitingRelease).toBeVisible();
    await releaseResult(student.page, releaseCode ?? '');
    await expect(screen.results.score).toHaveAttribute('data-correct', '1');
    const result = await exportResult(student, 'Eva');
    expect(result.name).toMatch(/\.examresult$/);

    await desk.packs.buildClose.click();
    await classReport(tutor.page, pack.path, [result.path], releaseCode ?? '');
    await expect(desk.classReport.summary).toHaveAttribute('data-students', '1');
    await expect(desk.classReport.student).toHaveAttribute('data-correct', '1');
    testInfo.annotations.push({ type: 'files', description: `${pack.name}, ${result.name}` });
  },
);

test(
  'journeys: a submitted exam of one pack offers its result file (submitExam, exportResult)',
  quick,
  async ({ launch }) => {
    const app = await launch();
    const screen = ui(app.page);
    await screen.packs.importDemo.click();
    await screen.nav('exams').click();
    await screen.builder.preset.selectOption('');
    await screen.builder.count.fill('2');
    await screen.builder.start.click();
    await submitExam(app.page);
    const file = await exportResult(app, 'Fábio');
    expect(JSON.parse(file.bytes.toString('utf8'))).toMatchObject({ student: 'Fábio' });
  },
);

test(
  'journeys: a missed question into the notebook, reviewed, rated, the rating undone, its figure opened (startTodaysReview, rateAnswer, undoLastRating, openFigure)',
  quick,
  async ({ launch }) => {
    const { page } = await launch();
    const screen = ui(page);
    await startDemoExam(page, { count: '1' });
    const right = await correctLetter(page);
    await page.keyboard.press(right === 'A' ? 'b' : 'a');
    await submitExam(page);
    await startTodaysReview(page);
    await page.keyboard.press((await correctLetter(page)).toLowerCase());
    await rateAnswer(page, 3);
    await undoLastRating(page);
    await rateAnswer(page, 4);
    await expect(screen.exam.againLeft).toHaveCount(0);
    await screen.exam.finishPractice.click();
    await screen.exam.confirmYes.click();
    await expect(screen.results.screen).toBeVisible();
    // A figure opens fitted in the viewer, here from the library.
    await screen.nav('library').click();
    await screen.library.text.fill('matriz elétrica');
    await expect(screen.library.count).toHaveAttribute('data-count', '1');
    await page.getByTestId('question-row').first().click();
    expect(await openFigure(page, screen.library.image)).toBeGreaterThan(0);
  },
);
