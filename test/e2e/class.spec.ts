// The tutor's class loop as people do it: two students take a pack's exam in their own profiles
// and save result files; the tutor drops them on the class report with the pack.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { readResultFile, writeResultFile } from '../../main/core/class/result-file.js';
import { readPack } from '../../main/core/packs/reader.js';
import { correctAlternativeId } from '../../main/core/catalog/answer-key.js';
import { simulateSittings } from '../support/irt-sim.js';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures.js';
import { ui } from './locators.js';
import { correctLetter, exportResult, importDemo, openFromOs, savedFile, startDemoExam, submitExam } from './steps.js';
import type { AppHandle } from '../support/launch-app.js';
import { seriousViolations } from './axe.js';

const DEMO_PACK = resolve('assets/demo.exampack');

/** A student takes the whole demo pack as an exam, answers the first three (right or wrong), saves the result file. */
async function studentResult(app: AppHandle, name: string, right: boolean) {
  const { page } = app;
  const screen = ui(page);
  await importDemo(page);
  await screen.nav('exams').click();
  await page.getByTestId('exam-preset').selectOption('');
  await page.getByTestId('exam-source-pack:demo-pack').check();
  await page.getByTestId('exam-count').fill('44');
  await page.getByTestId('exam-start').click();
  for (let n = 0; n < 3; n++) {
    const key = await correctLetter(page);
    const letter = right ? key : (['A', 'B', 'C', 'D', 'E'].find((l) => l !== key) ?? 'A');
    await page.keyboard.press(letter.toLowerCase());
    await page.keyboard.press('ArrowRight');
  }
  await screen.exam.submit.click();
  await page.getByTestId('exam-confirm-yes').click();
  await expect(screen.results.score).toHaveAttribute('data-correct', right ? '3' : '0');
  const saved = await exportResult(app, name);
  expect(saved.name).toMatch(/^pacote-de-demonstracao-.+\.examresult$/);
  return saved.path;
}

test('class: two students’ result files become the tutor’s report, with every question analysed', async ({
  launch,
}, testInfo) => {
  const ana = await launch();
  const anaFile = await studentResult(ana, 'Ana Souza', true);
  const bruno = await launch();
  const brunoFile = await studentResult(bruno, 'Bruno Lima', false);
  // A file of something else is refused by name, the others still count.
  const junk = testInfo.outputPath('lixo.examresult');
  await writeFile(junk, '{"not": "a result"}');

  const tutor = await launch();
  const screen = ui(tutor.page);
  await screen.nav('class').click();
  await screen.classReport.packInput.setInputFiles(DEMO_PACK);
  await screen.classReport.resultsInput.setInputFiles([anaFile, brunoFile, junk]);
  await expect(screen.classReport.fileCount).toContainText('3 arquivos');
  await screen.classReport.build.click();
  await expect(screen.classReport.summary).toHaveAttribute('data-students', '2');
  await expect(screen.classReport.summary).toHaveAttribute('data-mean', '1.50');
  await expect(screen.classReport.student).toHaveCount(2);
  await expect(screen.classReport.student.filter({ hasText: 'Ana Souza' })).toHaveAttribute('data-correct', '3');
  await expect(screen.classReport.student.filter({ hasText: 'Bruno Lima' })).toHaveAttribute('data-correct', '0');
  // The test as a whole, each figure with what it means: scores 3 and 0.
  await expect(screen.classReport.testFigure('mean')).toHaveAttribute('data-value', '1.5');
  await expect(screen.classReport.testFigure('median')).toHaveAttribute('data-value', '1.5');
  await expect(screen.classReport.testFigure('sd')).toHaveAttribute('data-value', Math.sqrt(4.5).toFixed(2));
  // Shown as Portuguese writes it ("2,12"), beside prose with commas; the attribute keeps the dot.
  await expect(screen.classReport.testFigure('sd')).toContainText(Math.sqrt(4.5).toFixed(2).replace('.', ','));
  await expect(screen.classReport.testFigure('kr20')).toContainText('consistente');
  await expect(screen.classReport.itemEfficiency).toHaveCount(44);
  await expect(screen.classReport.item).toHaveCount(44);
  await expect(screen.classReport.rejectedFiles).toHaveAttribute('data-reason', 'invalid-schema');
  await expect(screen.classReport.bySubject).toBeVisible();
  // Two students are too few for the class's own TRI: it says so, with the number it needs.
  await expect(screen.classReport.tri).toHaveAttribute('data-status', 'refused');
  await expect(screen.classReport.tri).toContainText('30');
  // Counts agree with their number ("1 questão", never "1 questões").
  await expect(screen.classReport.bySubject).not.toContainText(/\b1 questões/);
  expect(await seriousViolations(tutor.page, testInfo.project.name === 'electron'), 'class report').toEqual([]);
  await screen.classReport.csv('items').click();
  const csv = await savedFile(tutor, /\.csv$/);
  expect(csv.name).toBe('demo-pack-items.csv');
  expect(csv.bytes.toString('utf8').split('\n').length).toBeGreaterThan(44);
});

test('result files opened from the OS join the class report, checked first: a double-click, or a second launch’s argv', async ({
  launch,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'the harness stands in for the OS handing files to the app');
  const ana = await launch();
  const anaFile = await studentResult(ana, 'Ana Souza', true);
  const junk = testInfo.outputPath('bia.examresult');
  await writeFile(junk, 'não é um resultado');
  const tutor = await launch();
  const screen = ui(tutor.page);
  // The app already runs: a double-clicked file arrives as a second launch's command line.
  await openFromOs(tutor, [anaFile, junk]);
  await expect(screen.classReport.fileCount).toContainText('1 arquivo');
  await expect(screen.classReport.openedRefused.locator('li')).toHaveAttribute('data-reason', 'invalid-json');
  await expect(screen.classReport.openedRefused).toContainText('bia.examresult');
  await screen.classReport.packInput.setInputFiles(DEMO_PACK);
  await screen.classReport.build.click();
  await expect(screen.classReport.summary).toHaveAttribute('data-students', '1');
  await expect(screen.classReport.student.filter({ hasText: 'Ana Souza' })).toHaveAttribute('data-correct', '3');
});

test('files the app is launched with reach their screen while the window is still starting, every time; a second launch’s relative path is its own folder’s', async ({
  launch,
}, testInfo) => {
  const ana = await launch();
  const anaFile = await studentResult(ana, 'Ana Souza', true);
  const junk = testInfo.outputPath('bia.examresult');
  await writeFile(junk, 'não é um resultado');
  // Before, 5 launches in 20 stayed on the library: the offers came before the screen listened.
  for (let run = 0; run < 5; run += 1) {
    const tutor = await launch({ files: [anaFile, junk] });
    const screen = ui(tutor.page);
    await expect(screen.classReport.screen, `launch ${run + 1}`).toBeVisible();
    await expect(screen.classReport.fileCount).toContainText('1 arquivo');
    await expect(screen.classReport.openedRefused).toContainText('bia.examresult');
    await tutor.close();
  }
  const student = await launch({ files: [DEMO_PACK] });
  await expect(ui(student.page).packs.confirm).toBeVisible();
  await expect(ui(student.page).packs.confirm).toContainText('demo.exampack');
  if (testInfo.project.name === 'electron') return; // a second launch needs the harness as the OS
  // `exam-practice turma/ana.examresult` typed in another folder than the app's.
  const folder = testInfo.outputPath('prof');
  await mkdir(join(folder, 'turma'), { recursive: true });
  await copyFile(anaFile, join(folder, 'turma', 'ana.examresult'));
  const tutor = await launch();
  tutor.harness?.secondInstance(['/usr/bin/exam-practice', 'turma/ana.examresult'], folder);
  await expect(ui(tutor.page).classReport.fileCount).toContainText('1 arquivo');
});

test('a custom exam whose questions all come from one pack can go back to the tutor, ticked or not', async ({
  launch,
}) => {
  const { page } = await launch();
  // startDemoExam leaves every source unticked: the questions are the demo pack's all the same.
  await startDemoExam(page, { count: '3' });
  await submitExam(page);
  await expect(ui(page).resultExport.root).toBeVisible();
});

test('sealed: the tutor seals a pack, the student’s exam waits for the code, which then grades it', async ({
  launch,
}) => {
  const tutor = await launch();
  let screen = ui(tutor.page);
  await screen.packs.importDemo.click();
  await screen.library.subject.selectOption('demo-matematica');
  await expect(screen.library.count).toHaveAttribute('data-count', '11');
  await screen.packs.build.click();
  await screen.packs.title.fill('Prova lacrada');
  await screen.packs.fixedExam.check();
  await screen.packs.seal.check();
  await screen.packs.save.click();
  const packFile = (await savedFile(tutor, /\.exampack$/)).path;
  await expect(screen.packs.releaseCode).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const code = await screen.packs.releaseCode.innerText();

  const student = await launch();
  const page = student.page;
  screen = ui(page);
  await screen.nav('packs').click();
  await screen.packs.fileInput.setInputFiles(packFile);
  await expect(screen.packs.imported).toBeVisible();
  const sealedBadge = page.locator('[data-testid^="pack-sealed-"]');
  await expect(sealedBadge).toHaveAttribute('data-released', 'false');
  await screen.nav('exams').click();
  const option = page.getByTestId('exam-preset').locator('option', { hasText: 'Prova lacrada' });
  await page.getByTestId('exam-preset').selectOption({ value: (await option.getAttribute('value')) ?? '' });
  await expect(page.getByTestId('exam-matching')).toHaveAttribute('data-matching', '11');
  await page.getByTestId('exam-start').click();
  for (let n = 0; n < 4; n++) {
    await page.keyboard.press((await correctLetter(page)).toLowerCase());
    await page.keyboard.press('ArrowRight');
  }
  await screen.exam.submit.click();
  await page.getByTestId('exam-confirm-yes').click();
  // Answers saved, nothing graded: no score, no key in the review.
  await expect(screen.awaitingRelease).toBeVisible();
  await expect(screen.results.score).toHaveCount(0);
  await expect(screen.review.items.first()).toHaveAttribute('data-hidden', 'true');
  await screen.resultRelease.input.fill('AAAA-BBBB-CCCC');
  await screen.resultRelease.submit.click();
  await expect(screen.resultRelease.error).toHaveAttribute('data-error-code', 'wrong-code');
  await screen.resultRelease.input.fill(code.toLowerCase());
  await screen.resultRelease.submit.click();
  await expect(screen.results.score).toHaveAttribute('data-correct', '4');
  await expect(screen.awaitingRelease).toHaveCount(0);
  await screen.nav('packs').click();
  await expect(sealedBadge).toHaveAttribute('data-released', 'true');

  // The student's result file goes back to the tutor, whose report of the sealed pack needs the code.
  await screen.nav('history').click();
  await page.getByTestId('history-open').first().click();
  await screen.resultExport.name.fill('Carla');
  await screen.resultExport.save.click();
  const resultFile = (await savedFile(student, /carla\.examresult$/)).path;
  const report = ui(tutor.page);
  await tutor.page.getByTestId('build-pack-close').click();
  await report.nav('class').click();
  await report.classReport.packInput.setInputFiles(packFile);
  await report.classReport.resultsInput.setInputFiles(resultFile);
  await report.classReport.build.click();
  await expect(report.classReport.error).toHaveAttribute('data-error-code', 'sealed-pack');
  await report.classReport.codeInput.fill(code);
  await report.classReport.build.click();
  await expect(report.classReport.student).toHaveAttribute('data-correct', '4');
  await expect(report.classReport.item).toHaveCount(11);
});

test('a later mock exam on the earlier report’s scale: the tutor saves the first report’s scale and the second shows the class’s growth', async ({
  launch,
}, testInfo) => {
  const ana = await launch();
  const anaFile = await studentResult(ana, 'Ana Souza', true);
  // Forty students sit the demo pack twice, a full SD better the second time: result files made
  // from Ana's (the same exam), each answer right or a wrong letter as the simulated class answered.
  const { checksum: _checksum, ...body } = readResultFile(await readFile(anaFile));
  const pack = await readPack(await readFile(DEMO_PACK));
  const keys = new Map(
    pack.content.questions.map((q) => [q.id, q.q.alternatives.find((a) => a.id === correctAlternativeId(q.q))?.letter]),
  );
  await pack.dispose();
  const world = simulateSittings(40, body.answers.length, body.answers.length, 1, 5);
  const sitting = async (folder: string, rows: number[][], submittedAt: string) => {
    await mkdir(testInfo.outputPath(folder), { recursive: true });
    return Promise.all(
      rows.map(async (row, s) => {
        const path = testInfo.outputPath(folder, `aluno-${s + 1}.examresult`);
        const answers = body.answers.map((answer, j) => {
          const key = keys.get(answer.questionId) ?? 'A';
          return { ...answer, choice: row[j] === 1 ? key : 'ABCDE'.replace(key, '').charAt(s % 4) };
        });
        await writeFile(
          path,
          writeResultFile({ ...body, student: `Aluno ${s + 1}`, attempt: { ...body.attempt, submittedAt }, answers }),
        );
        return path;
      }),
    );
  };
  const first = await sitting('primeiro', world.earlier.responses, '2026-10-01T12:00:00.000Z');
  const second = await sitting('segundo', world.later.responses, '2026-11-20T12:00:00.000Z');

  const tutor = await launch();
  const screen = ui(tutor.page);
  await screen.nav('class').click();
  await screen.classReport.packInput.setInputFiles(DEMO_PACK);
  await screen.classReport.resultsInput.setInputFiles(first);
  await screen.classReport.build.click();
  await expect(screen.classReport.tri).toHaveAttribute('data-status', 'ok', { timeout: 60_000 });
  await screen.classReport.saveScale.click();
  const scale = await savedFile(tutor, /\.examscale$/);
  expect(scale.name).toBe('demo-pack-2026-10-01.examscale');

  await screen.classReport.clear.click();
  await screen.classReport.resultsInput.setInputFiles(second);
  await screen.classReport.scaleInput.setInputFiles({
    name: scale.name,
    mimeType: 'application/json',
    buffer: scale.bytes,
  });
  await screen.classReport.build.click();
  await expect(screen.classReport.triLink).toHaveAttribute('data-status', 'ok', { timeout: 60_000 });
  await expect(screen.classReport.triLink).toHaveAttribute('data-verdict', 'grew');
  await expect(screen.classReport.triLink).toContainText('A turma melhorou cerca de');
  const growth = Number(await screen.classReport.triLink.getAttribute('data-growth'));
  expect(growth).toBeGreaterThan(40);
  await expect(screen.classReport.student.first()).toHaveAttribute('data-tri-linked', /^\d+$/);
  expect(await seriousViolations(tutor.page, testInfo.project.name === 'electron'), 'linked report').toEqual([]);
});
