// Paper mode as a tutor uses it: print four booklet colours of an exam, then type a student's
// answer sheet and get a graded attempt.
import { writeFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { resolve } from 'node:path';
import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';
import {
  connectKey,
  importDemo,
  printDemoPaper,
  savedFile,
  scanAnswerSheets,
  syncProduct,
  typeAnswerSheet,
} from './steps.js';
import { paperKey, pdfText } from '../support/pdf-read.js';
import { seriousViolations } from './axe.js';
import { stackPdf, synthesize, type MarkKind } from '../support/omr-synth.js';

test('paper: prints four booklets, the answer sheet and the key; a typed answer sheet becomes a graded attempt', async ({
  launch,
}, testInfo) => {
  const app = await launch();
  const { page } = app;
  const screen = ui(page);
  await importDemo(page);
  await screen.nav('exams').click();
  await page.getByTestId('exam-preset').selectOption('');
  await page.getByTestId('exam-count').fill('10');
  await page.getByTestId('exam-seed').fill('31');
  await screen.paper.versions.selectOption('4');
  await screen.paper.printButton.click();
  await expect(screen.paper.printed).toBeVisible();
  const code = (await screen.paper.printed.getAttribute('data-code')) ?? '';
  expect(code).toMatch(/^P[0-9A-Z]{6}$/);
  // The files the app offered, on either target (docs/testing.md, "Files the app offers").
  await expect.poll(async () => (await app.savedFiles()).length).toBe(6);
  const files = await app.savedFiles();
  expect(files.every((file) => file.bytes.subarray(0, 5).toString() === '%PDF-')).toBe(true);
  expect(files.map((file) => file.name).sort()).toEqual(
    ['answer-sheet.pdf', 'booklet-1.pdf', 'booklet-2.pdf', 'booklet-3.pdf', 'booklet-4.pdf', 'key.pdf'].map(
      (n) => `${code}-${n}`,
    ),
  );

  await screen.nav('paper').click();
  await expect(screen.paper.exam).toContainText(code);
  await screen.paper.version.selectOption('2');
  await screen.paper.student.fill('Bia');
  await screen.paper.letters.focus();
  await page.keyboard.type('abx');
  await expect(screen.paper.count).toContainText('posição 3');
  await expect(screen.paper.grade).toBeDisabled();
  await page.keyboard.press('Backspace');
  // In groups of five, like the sheet: the space only separates.
  await page.keyboard.type('c-*de ab');
  await expect(screen.paper.count).toHaveAttribute('data-typed', '9');
  await expect(screen.paper.count).toContainText('7 marcadas');
  // The numbered grid shows each question's symbol, and takes the last one: typed, then the arrows.
  await expect(screen.paper.cell(3)).toHaveAttribute('data-symbol', 'C');
  await expect(screen.paper.cell(4)).toHaveAttribute('data-symbol', '-');
  await expect(screen.paper.cell(5)).toHaveAttribute('data-symbol', '*');
  await expect(screen.paper.cell(10)).toHaveAttribute('data-symbol', '');
  await screen.paper.cell(10).click();
  await page.keyboard.press('e');
  await expect(screen.paper.cell(10)).toHaveAttribute('data-symbol', 'E');
  await expect(screen.paper.letters).toHaveValue('ABC-* DEABE');
  await expect(screen.paper.count).toHaveAttribute('data-typed', '10');
  await expect(screen.paper.count).toContainText('8 marcadas');
  await page.keyboard.press('ArrowUp');
  await expect(screen.paper.cell(5)).toBeFocused();
  expect(await seriousViolations(page, testInfo.project.name === 'electron'), 'grading screen').toEqual([]);
  await expect(screen.notebookDue).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(screen.results.score).toHaveAttribute('data-total', '10');
  // The sheet's misses reach the notebook, and the menu's count follows without leaving the result.
  await expect(screen.notebookDue).toHaveText(/^[1-9]\d*$/);
  await expect(screen.paper.result).toHaveAttribute('data-version', '2');
  await expect(screen.paper.result).toContainText('Bia');
  await expect(screen.review.items).toHaveCount(10);
  // A sheet has no clock and no seed: the result invents neither time nor pacing.
  await expect(screen.results.details).not.toContainText('Seed');
  await expect(screen.results.details).not.toContainText('Tempo');
  await expect(page.getByTestId('chart-time')).toHaveCount(0);
  await expect(page.getByTestId('result-pacing')).toHaveCount(0);
  await screen.nav('history').click();
  // History names the booklet and the student, as the results did.
  const paper = screen.history.items.first().getByTestId('history-paper');
  await expect(paper).toHaveAttribute('data-version', '2');
  await expect(paper).toHaveAttribute('data-student', 'Bia');
  await expect(paper).toContainText('caderno 2');
  await expect(paper).toContainText('Bia');
});

test('paper: a class print never carries the printing student’s extra time; an accommodation prints booklets of its own', async ({
  launch,
}) => {
  const app = await launch();
  const { page } = app;
  const screen = ui(page);
  await screen.nav('settings').click();
  await screen.settings.extraTime.click();
  await expect(screen.settings.extraTime).toBeChecked();
  await screen.nav('library').click();
  await importDemo(page);
  await screen.nav('exams').click();
  await screen.builder.preset.selectOption('');
  await screen.builder.count.fill('5');
  await screen.builder.minutes.fill('45');
  // On screen the student's own exam has their extra time…
  await expect(screen.builder.extraTime).toBeVisible();
  await screen.paper.printButton.click();
  await expect(screen.paper.printed).toBeVisible();
  const code = (await screen.paper.printed.getAttribute('data-code')) ?? '';
  const booklet = await savedFile(app, new RegExp(`^${code}-booklet-1\\.pdf$`));
  const cover = (await pdfText(new Uint8Array(booklet.bytes))).at(0)?.text ?? '';
  // …the class's booklet has the exam's time, for every student.
  expect(cover).toContain('Você tem 0h45 (45 minutos)');
  expect(cover).not.toContain('105');
  // The student's accommodation is a print of its own: their booklets beside the class's. Six
  // versions make 14 PDFs, more than Chromium lets a page download at once: every one is saved.
  await screen.paper.versions.selectOption('6');
  await screen.paper.accommodation.locator('summary').click();
  await screen.paper.enlarged.selectOption('18');
  await screen.paper.extraMinutes.fill('60');
  const before = (await app.savedFiles()).length;
  await screen.paper.printButton.click();
  await expect(screen.paper.printed).not.toHaveAttribute('data-code', code);
  const second = (await screen.paper.printed.getAttribute('data-code')) ?? '';
  await expect(screen.paper.printed).toContainText('14');
  const printedNames = (await app.savedFiles()).slice(before).map((file) => file.name);
  expect(printedNames.sort()).toEqual(
    [
      'answer-sheet.pdf',
      'key.pdf',
      ...[1, 2, 3, 4, 5, 6].flatMap((n) => [`booklet-${n}.pdf`, `booklet-${n}-atendimento.pdf`]),
    ]
      .map((name) => `${second}-${name}`)
      .sort(),
  );
  const own = await savedFile(app, new RegExp(`^${second}-booklet-1-atendimento\\.pdf$`));
  const ownPages = await pdfText(new Uint8Array(own.bytes));
  expect(ownPages[0]?.text).toContain('AMPLIADO');
  expect(ownPages[0]?.text).toContain('tempo adicional de 60 minutos');
  expect(ownPages[0]?.text).toContain('1h45 (105 minutos)');
  const classCover = (
    await pdfText(new Uint8Array((await savedFile(app, new RegExp(`^${second}-booklet-1\\.pdf$`))).bytes))
  ).at(0)?.text;
  expect(classCover).toContain('Você tem 0h45 (45 minutos)');
});

test('paper: a whole class from a CSV (name, booklet, letters): each row graded, a bad row says why, the rest stand', async ({
  launch,
}, testInfo) => {
  const app = await launch();
  const { page } = app;
  const screen = ui(page);
  await printDemoPaper(app, { count: '10', versions: '2' });
  const keyPdf = await savedFile(app, /key\.pdf$/);
  const [key1, key2] = [await paperKey(keyPdf.bytes, 1), await paperKey(keyPdf.bytes, 2)];
  const fives = (letters: string) => `${letters.slice(0, 5)} ${letters.slice(5)}`;
  const csv = testInfo.outputPath('turma.csv');
  await writeFile(
    csv,
    [
      'nome,caderno,letras',
      `Ana Souza,1,${fives(key1)}`,
      `"Lima, Bruno",2,${key2.slice(0, 5)}-----`,
      'Carla,9,ABCDE',
      'Davi,1,ABXDE',
    ].join('\r\n'),
  );
  await screen.nav('paper').click();
  await screen.paper.csvInput.setInputFiles(csv);
  await expect(screen.paper.csvRows).toHaveCount(4);
  await expect(screen.paper.csvRows.nth(0)).toHaveAttribute('data-correct', '10');
  await expect(screen.paper.csvRows.nth(1)).toHaveAttribute('data-student', 'Lima, Bruno');
  await expect(screen.paper.csvRows.nth(1)).toHaveAttribute('data-correct', '5');
  await expect(screen.paper.csvRows.nth(2)).toHaveAttribute('data-failed', 'true');
  await expect(screen.paper.csvRows.nth(2)).toContainText('não tem esse caderno');
  await expect(screen.paper.csvRows.nth(3)).toHaveAttribute('data-failed', 'true');
  await expect(screen.paper.csvRows.nth(3)).toContainText('posição 3');
  await expect(screen.paper.csvResults).toContainText('2 de 4 linhas corrigidas');
  // Each graded row is a paper attempt of its own, with its student and booklet.
  await screen.paper.csvRows.nth(0).getByRole('button').click();
  await expect(screen.results.score).toHaveAttribute('data-correct', '10');
  await expect(screen.paper.result).toContainText('Ana Souza');
  await screen.nav('history').click();
  await expect(screen.history.items.filter({ has: page.getByTestId('history-paper') })).toHaveCount(2);
});

test('paper: a class of twelve from a CSV is saved for the class report in one go: twelve result files, one folder', async ({
  launch,
}, testInfo) => {
  const app = await launch();
  const { page } = app;
  const screen = ui(page);
  await printDemoPaper(app, { count: '10', versions: '1' });
  const key = await paperKey((await savedFile(app, /key\.pdf$/)).bytes, 1);
  const students = Array.from({ length: 12 }, (_, n) => `Aluno ${String(n + 1).padStart(2, '0')}`);
  const csv = testInfo.outputPath('turma-12.csv');
  await writeFile(csv, ['nome,caderno,letras', ...students.map((name) => `${name},1,${key}`)].join('\n'));
  await screen.nav('paper').click();
  await screen.paper.csvInput.setInputFiles(csv);
  await expect(screen.paper.csvRows).toHaveCount(12);
  const before = (await app.savedFiles()).length;
  await screen.paper.csvExport.click();
  await expect(screen.paper.csvExported).toHaveAttribute('data-count', '12');
  // More than a page may download at once: every student's file is there, each under their name.
  const saved = (await app.savedFiles()).slice(before);
  expect(saved).toHaveLength(12);
  expect(new Set(saved.map((file) => file.path.replace(/[\\/][^\\/]+$/, ''))).size).toBe(1);
  for (const name of students) {
    expect(saved.some((file) => file.name.includes(name.toLowerCase().replace(' ', '-')))).toBe(true);
  }
});

test('paper: a photo with a corner square out of view is refused naming that corner and what to do, the page shown with it ringed', async ({
  launch,
}, testInfo) => {
  const app = await launch();
  const { page } = app;
  const screen = ui(page);
  const code = await printDemoPaper(app, { count: '10', versions: '1', sheets: '1' });
  const printed = await savedFile(app, /answer-sheet\.pdf$/);
  const [scan] = (
    await synthesize({ code, questions: 10, versions: 1, language: false }, 1, 12, {
      printed: new Uint8Array(printed.bytes),
      photos: 'none',
    })
  ).images;
  // Photographed too close: the right edge of the page left out of the picture, past the
  // bottom-right corner square (this scan is turned a little: the top-right one stays in, as does
  // the code beside it).
  const image = await loadImage(scan ?? Buffer.alloc(0));
  const canvas = createCanvas(Math.round(image.width * 0.87), image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const photo = testInfo.outputPath('perto.jpg');
  await writeFile(photo, await canvas.encode('jpeg', 85));

  await scanAnswerSheets(page, photo);
  await expect(screen.paper.scanSheets).toHaveCount(0);
  const refusal = screen.paper.scanRefusals;
  await expect(refusal).toHaveCount(1);
  await expect(refusal).toHaveAttribute('data-reason', 'corner-missing');
  await expect(refusal).toContainText(
    'o quadrado do canto inferior direito ficou fora da foto: enquadre a folha inteira, com os quatro quadrados à vista',
  );
  await expect(refusal.getByRole('img')).toBeVisible();
});

test(
  'paper: a scanned stack is read, the tutor settles the flagged marks, every sheet is graded, and the class report opens',
  quick,
  async ({ launch }, testInfo) => {
    const app = await launch();
    const { page } = app;
    const screen = ui(page);
    const code = await printDemoPaper(app, { count: '10', versions: '4', sheets: '3' });
    const printed = await savedFile(app, /answer-sheet\.pdf$/);
    const keyPdf = await savedFile(app, /key\.pdf$/);
    const keys = await Promise.all([1, 2, 3, 4].map((v) => paperKey(keyPdf.bytes, v)));
    // Three students: Ana (booklet 2) all right but a faint mark on question 3; Bruno (booklet 4)
    // all right but two marks on question 1; the third sheet (booklet 4, all right) went into the
    // scanner upside down and is read turned round (before, it was refused).
    const corpus = await synthesize({ code, questions: 10, versions: 4, language: false }, 3, 11, {
      printed: new Uint8Array(printed.bytes),
      upsideDown: [3],
      version: (sheet) => (sheet === 1 ? 2 : 4),
      rows: (sheet, q, version) => {
        const row: MarkKind[] = ['blank', 'blank', 'blank', 'blank', 'blank'];
        const right = 'ABCDE'.indexOf(keys[version - 1]?.[q] ?? 'A');
        row[right] = sheet === 1 && q === 2 ? 'faint' : 'dark';
        if (sheet === 2 && q === 0) row[(right + 1) % 5] = 'dark';
        return row;
      },
    });
    const stack = testInfo.outputPath('turma.pdf');
    await writeFile(stack, await stackPdf(corpus.images));

    await scanAnswerSheets(page, stack);
    await expect(screen.paper.exam).toContainText(code);
    await expect(screen.paper.scanSheets).toHaveCount(3);
    await expect(screen.paper.scanRefused).toHaveCount(0);
    const [ana, bruno, third] = [
      screen.paper.scanSheets.nth(0),
      screen.paper.scanSheets.nth(1),
      screen.paper.scanSheets.nth(2),
    ];
    await expect(third.getByTestId('paper-scan-version')).toHaveValue('4');
    await expect(third.getByTestId('paper-scan-flag')).toHaveCount(0);
    await expect(ana.getByTestId('paper-scan-version')).toHaveValue('2');
    await expect(bruno.getByTestId('paper-scan-version')).toHaveValue('4');
    // Only what the reader would not decide alone is asked, and grading waits for it.
    await expect(ana.getByTestId('paper-scan-flag')).toHaveCount(1);
    await expect(ana.getByTestId('paper-scan-flag')).toHaveAttribute('data-question', '3');
    await expect(ana.getByTestId('paper-scan-flag')).toHaveAttribute('data-kind', 'doubtful');
    await expect(bruno.getByTestId('paper-scan-flag')).toHaveAttribute('data-kind', 'double');
    await expect(screen.paper.scanSummary).toHaveAttribute('data-pending', '2');
    await expect(screen.paper.scanGrade).toBeDisabled();
    await expect(ana.getByTestId('paper-scan-name')).toBeVisible();
    expect(await seriousViolations(page, testInfo.project.name === 'electron'), 'scan review').toEqual([]);
    // The tutor looks at the crop: Ana meant her letter; Bruno's double stays a double (wrong).
    await ana.getByTestId(`paper-scan-choice-${keys[1]?.[2] ?? 'A'}`).click();
    await ana.getByTestId('paper-scan-student').fill('Ana');
    await bruno.getByTestId('paper-scan-choice-double').click();
    await expect(screen.paper.scanSummary).toHaveAttribute('data-pending', '0');
    await screen.paper.scanGrade.click();
    await expect(screen.paper.scanRows).toHaveCount(3);
    await expect(screen.paper.scanRows.nth(0)).toHaveAttribute('data-correct', '10');
    await expect(screen.paper.scanRows.nth(1)).toHaveAttribute('data-correct', '9');
    await expect(screen.paper.scanRows.nth(1)).toContainText('Folha 2');
    await expect(screen.paper.scanRows.nth(2)).toHaveAttribute('data-correct', '10');
    // The demo pack's exam: each graded sheet goes to the class report as the student's result file.
    await screen.paper.scanExport.click();
    await expect(screen.paper.scanExported).toHaveAttribute('data-count', '3');
    await expect
      .poll(async () => (await app.savedFiles()).filter((f) => f.name.endsWith('.examresult')).length)
      .toBe(3);
    const results = (await app.savedFiles()).filter((f) => f.name.endsWith('.examresult')).map((f) => f.path);
    await screen.nav('class').click();
    await screen.classReport.packInput.setInputFiles(resolve('assets/demo.exampack'));
    await screen.classReport.resultsInput.setInputFiles(results);
    await screen.classReport.build.click();
    await expect(screen.classReport.summary).toHaveAttribute('data-students', '3');
    await expect(screen.classReport.student.filter({ hasText: 'Ana' })).toHaveAttribute('data-correct', '10');
    await expect(screen.classReport.student.filter({ hasText: 'Folha 2' })).toHaveAttribute('data-correct', '9');
    // Paper has no clock: no "0 min" for a student, no "0 s" for a question; nothing invented.
    await expect(screen.classReport.studentTime).toHaveText(['–', '–', '–']);
    await expect(screen.classReport.items).not.toContainText(/\b0\u00a0?s\b/);
  },
);

test('paper: a scanned batch stays until the tutor closes it — across screens and a restart — and a sheet graded before is never graded twice by accident', async ({
  launch,
}, testInfo) => {
  const app = await launch();
  const code = await printDemoPaper(app, { count: '10', versions: '1', sheets: '2' });
  const printed = await savedFile(app, /answer-sheet\.pdf$/);
  const keyPdf = await savedFile(app, /key\.pdf$/);
  const key = await paperKey(keyPdf.bytes, 1);
  const corpus = await synthesize({ code, questions: 10, versions: 1, language: false }, 2, 5, {
    printed: new Uint8Array(printed.bytes),
    version: () => 1,
    rows: (_sheet, q) => {
      const row: MarkKind[] = ['blank', 'blank', 'blank', 'blank', 'blank'];
      row['ABCDE'.indexOf(key[q] ?? 'A')] = 'dark';
      return row;
    },
  });
  const stack = testInfo.outputPath('turma.pdf');
  await writeFile(stack, await stackPdf(corpus.images));
  let screen = ui(app.page);
  await scanAnswerSheets(app.page, stack);
  await expect(screen.paper.scanSheets).toHaveCount(2);
  // The tutor names the first sheet and leaves; the name is there on coming back, and after a restart.
  await screen.paper.scanSheets.nth(0).getByTestId('paper-scan-student').fill('Ana');
  await screen.nav('history').click();
  await screen.nav('paper').click();
  await expect(screen.paper.scanSheets.nth(0).getByTestId('paper-scan-student')).toHaveValue('Ana');
  await app.restart();
  screen = ui(app.page);
  await screen.nav('paper').click();
  await expect(screen.paper.scanSheets).toHaveCount(2);
  await expect(screen.paper.scanSheets.nth(0).getByTestId('paper-scan-student')).toHaveValue('Ana');
  await screen.paper.scanGrade.click();
  await expect(screen.paper.scanRows).toHaveCount(2);
  // Graded: the rows and their export survive a screen change and a restart (before: gone).
  await screen.nav('history').click();
  await expect(screen.history.items).toHaveCount(2);
  await screen.nav('paper').click();
  await expect(screen.paper.scanRows).toHaveCount(2);
  await expect(screen.paper.scanExport).toBeVisible();
  await app.restart();
  screen = ui(app.page);
  await screen.nav('paper').click();
  await expect(screen.paper.scanRows.nth(0)).toHaveAttribute('data-student', 'Ana');
  await expect(screen.paper.scanRows.nth(0)).toHaveAttribute('data-correct', '10');
  // The same pile scanned again in the open batch: nothing new to grade.
  await screen.paper.scanInput.setInputFiles(stack);
  await expect(screen.paper.scanLast).toHaveAttribute('data-kept', '2');
  await expect(screen.paper.scanSummary).toHaveAttribute('data-open', '0');
  // Closed, then scanned again: both sheets are known, left out unless the tutor asks for a second attempt.
  await screen.paper.scanClose.click();
  await expect(screen.paper.scanRows).toHaveCount(0);
  await scanAnswerSheets(app.page, stack);
  await expect(screen.paper.scanEarlier).toHaveCount(2);
  // Nothing new: said so, with what to do; no "Tudo conferido" and no grade button for nothing.
  await expect(screen.paper.scanSummary).toHaveAttribute('data-to-grade', '0');
  await expect(screen.paper.scanSummary).toContainText('nada novo a corrigir');
  await expect(screen.paper.scanSummary).not.toContainText('Tudo conferido');
  await expect(screen.paper.scanGrade).toHaveCount(0);
  await screen.paper.scanSheets.nth(1).getByTestId('paper-scan-again').check();
  await expect(screen.paper.scanGrade).toBeEnabled();
  await screen.paper.scanGrade.click();
  await expect(screen.paper.scanRows).toHaveCount(1);
  await screen.nav('history').click();
  await expect(screen.history.items).toHaveCount(3); // two sheets, one graded twice on purpose
});

test.describe('ENEM day 1 on paper, from the ENEM product', () => {
  // Enough ENEM questions for a whole day 1: 40 of Portuguese, 5 of each foreign language, 45 Humanas.
  test.use({ fakeApiOptions: { questions: 900, seed: 7 } });

  test('paper: 01–05 print in English and again in Spanish; a sheet is graded by the language marked on it', async ({
    launch,
    fakeApi,
  }) => {
    const app = await launch();
    const { page } = app;
    const screen = ui(page);
    await connectKey(page, fakeApi.baseUrl, fakeApi.keys.enem);
    await syncProduct(page, 'enem');
    await screen.nav('exams').click();
    await screen.builder.preset.selectOption('enem-day1');
    await screen.builder.language.selectOption('espanhol');
    await screen.builder.seed.fill('12');
    await screen.paper.versions.selectOption('2');
    await screen.paper.printButton.click();
    await expect(screen.paper.printed).toBeVisible();
    // Both languages were available: no "one language only" note.
    await expect(screen.paper.printed).not.toContainText('só em');
    const code = (await screen.paper.printed.getAttribute('data-code')) ?? '';
    const booklet = (
      await pdfText(new Uint8Array((await savedFile(app, new RegExp(`^${code}-booklet-2\\.pdf$`))).bytes))
    )
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    const english = booklet.indexOf('LÍNGUA ESTRANGEIRA · INGLÊS');
    const spanish = booklet.indexOf('LÍNGUA ESTRANGEIRA · ESPANHOL');
    expect(english).toBeGreaterThan(0);
    expect(spanish).toBeGreaterThan(english);
    // The key tags each language's 01–05; a Spanish sheet typed from it scores all 90.
    const keyPdf = new Uint8Array((await savedFile(app, new RegExp(`^${code}-key\\.pdf$`))).bytes);
    const spanishKey = await paperKey(keyPdf, 2, 'espanhol');
    expect(spanishKey).toHaveLength(90);
    expect(spanishKey).not.toBe(await paperKey(keyPdf, 2, 'ingles'));
    await typeAnswerSheet(page, { version: '2', student: 'Rosa', letters: spanishKey, language: 'espanhol' });
    await expect(screen.results.score).toHaveAttribute('data-correct', '90');
  });
});
