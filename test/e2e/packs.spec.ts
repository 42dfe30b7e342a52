import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';
import { connectKey, loadedImageWidth, savedFile, syncProduct } from './steps.js';

test('first run without a key: the demo pack is one click away and ready to study', async ({ launch }) => {
  const app = await launch();
  const screen = ui(app.page);
  await screen.packs.importDemo.click();
  await expect(screen.library.count).toHaveAttribute('data-count', '44');
  await screen.library.text.fill('"matriz elétrica"');
  await expect(screen.library.count).toHaveAttribute('data-count', '1');
  await screen.library.rows.first().getByRole('button').click();
  expect(await loadedImageWidth(app.page.getByTestId('question-image').locator('img'))).toBeGreaterThan(0);
  await screen.library.showAnswer.click();
  await expect(screen.library.answer).toContainText('Resposta correta: C');
  // Questions from the pack are filterable by their source.
  await app.page.keyboard.press('Escape');
  await screen.nav('packs').click();
  await expect(screen.packs.item('demo-pack')).toContainText('44 questões');
});

test('a tutor builds a pack from a filter; a student with no key imports it', quick, async ({ launch, fakeApi }) => {
  const tutor = await launch();
  let screen = ui(tutor.page);
  await connectKey(tutor.page, fakeApi.baseUrl, fakeApi.keys.enem);
  await expect(screen.keys.success).toBeVisible();
  await syncProduct(tutor.page, 'enem');
  await screen.nav('library').click();
  const year = fakeApi.catalog().find((q) => q.national)?.year ?? 2015;
  await screen.library.year.selectOption(String(year));
  const expected = fakeApi.catalog().filter((q) => q.national && q.year === year).length;
  await expect(screen.library.count).toHaveAttribute('data-count', String(expected));
  await screen.packs.build.click();
  await expect(screen.packs.preview).toContainText(`${expected} questões`);
  await screen.packs.title.fill(`Revisão ENEM ${year}`);
  await screen.packs.save.click();
  const saved = await savedFile(tutor, /\.exampack$/);
  const file = saved.path;
  expect(saved.name).toMatch(/^revisao-enem-\d{4}-[0-9a-f]{8}\.exampack$/);
  await expect(screen.packs.saved).toContainText(saved.name);

  const student = await launch();
  screen = ui(student.page);
  await screen.nav('packs').click();
  await screen.packs.fileInput.setInputFiles(file);
  await expect(screen.packs.imported).toContainText(`${expected} questões (${expected} novas)`);
  await screen.nav('library').click();
  await expect(screen.library.count).toHaveAttribute('data-count', String(expected));
  await screen.nav('keys').click();
  await expect(student.page.getByTestId('no-keys')).toBeVisible();
  // …and takes a mock exam from it.
  await screen.nav('exams').click();
  await student.page.getByTestId('exam-preset').selectOption('');
  await student.page.getByTestId('exam-count').fill('5');
  await expect(student.page.getByTestId('exam-matching')).toHaveAttribute('data-matching', String(expected));
  await student.page.getByTestId('exam-start').click();
  await student.page.keyboard.press('b');
  await student.page.getByTestId('exam-submit').click();
  await student.page.getByTestId('exam-confirm-yes').click();
  await expect(student.page.getByTestId('result-score')).toHaveAttribute('data-total', '5');
});

test('a damaged pack is refused with its reason and changes nothing', quick, async ({ launch }, testInfo) => {
  const app = await launch();
  const screen = ui(app.page);
  const demo = await readFile('assets/demo.exampack');
  const damaged = Buffer.from(demo);
  damaged[damaged.length - 300] = (damaged[damaged.length - 300] ?? 0) ^ 0xff; // flip a byte of the last image
  const file = testInfo.outputPath('damaged.exampack');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, damaged);
  await screen.nav('packs').click();
  await screen.packs.fileInput.setInputFiles(file);
  await expect(screen.packs.importError).toHaveAttribute('data-error-code', 'invalid-pack');
  await expect(screen.packs.importError).toContainText('não é um pacote de prática válido');
  await expect(app.page.getByTestId('no-packs')).toBeVisible();
});

test('a pack opened from the OS is imported after the student confirms', async ({ launch }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'the harness stands in for the OS handing a file to the app');
  const app = await launch();
  const screen = ui(app.page);
  await expect(screen.library.empty).toBeVisible();
  app.harness?.openFile('assets/demo.exampack');
  await expect(screen.packs.confirm).toContainText('demo.exampack');
  await screen.packs.confirmYes.click();
  await expect(app.page.getByTestId('drop-imported')).toContainText('44 questões');
  await screen.nav('library').click();
  await expect(screen.library.count).toHaveAttribute('data-count', '44');
});

test('removing a pack removes its questions', async ({ launch }) => {
  const app = await launch();
  const screen = ui(app.page);
  await screen.packs.importDemo.click();
  await expect(screen.library.count).toHaveAttribute('data-count', '44');
  await screen.nav('packs').click();
  await screen.packs.remove('demo-pack').click();
  await expect(app.page.getByTestId('no-packs')).toBeVisible();
  await screen.nav('library').click();
  await expect(screen.library.empty).toBeVisible();
});

test('a pack with a fixed exam offers that exam to the student, with its time limit', async ({ launch }) => {
  const tutor = await launch();
  let screen = ui(tutor.page);
  await screen.packs.importDemo.click();
  await expect(screen.library.count).toHaveAttribute('data-count', '44');
  await screen.library.subject.selectOption('demo-matematica');
  await expect(screen.library.count).toHaveAttribute('data-count', '11');
  await screen.packs.build.click();
  await screen.packs.title.fill('Prova de Matemática');
  await tutor.page.getByTestId('pack-fixed-exam').check();
  await tutor.page.getByTestId('pack-minutes').fill('15');
  await screen.packs.save.click();
  const file = (await savedFile(tutor, /\.exampack$/)).path;

  const student = await launch();
  screen = ui(student.page);
  await screen.nav('packs').click();
  await screen.packs.fileInput.setInputFiles(file);
  await expect(screen.packs.imported).toBeVisible();
  await screen.nav('exams').click();
  const option = student.page.getByTestId('exam-preset').locator('option', { hasText: 'Prova de Matemática' });
  await student.page.getByTestId('exam-preset').selectOption({ value: (await option.getAttribute('value')) ?? '' });
  await expect(student.page.getByTestId('exam-matching')).toHaveAttribute('data-matching', '11');
  await student.page.getByTestId('exam-start').click();
  await expect(student.page.getByTestId('exam-question-number')).toContainText('de 11');
  await expect(student.page.getByTestId('exam-countdown')).toHaveText(/^(15:00|14:5\d)$/);
});

test('a pack dropped on the window is imported after a confirmation', async ({ launch }) => {
  const app = await launch();
  const screen = ui(app.page);
  await expect(screen.library.empty).toBeVisible();
  const base64 = (await readFile('assets/demo.exampack')).toString('base64');
  await app.page.evaluate((data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'aula-3.exampack'));
    window.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, cancelable: true }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true }));
  }, base64);
  await expect(screen.packs.confirm).toContainText('aula-3.exampack');
  await screen.packs.confirmYes.click();
  await expect(app.page.getByTestId('drop-imported')).toContainText('44 questões');
});

test('after a restart the library opens from the summary index and everything works as before', async ({ launch }) => {
  const app = await launch();
  await ui(app.page).packs.importDemo.click();
  await expect(ui(app.page).library.count).toHaveAttribute('data-count', '44');
  await app.restart();
  const screen = ui(app.page);
  await expect(screen.library.count).toHaveAttribute('data-count', '44');
  await screen.library.difficulty.selectOption('hard');
  await expect(screen.library.count).toHaveAttribute('data-count', '12');
  await screen.library.text.fill('"hipotenusa"');
  await expect(screen.library.count).toHaveAttribute('data-count', '1');
  await screen.library.rows.first().getByRole('button').click();
  await expect(screen.library.dialog).toContainText('catetos de 6 cm e 8 cm');
});

test('a file from the OS is checked before the student is asked: a pack shows what it holds, anything else says why in a dialog that closes', async ({
  launch,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'the harness stands in for the OS handing a file to the app');
  const app = await launch();
  await expect(ui(app.page).library.empty).toBeVisible(); // the window is ready for files from the OS
  app.harness?.openFile('README.md');
  await expect(app.page.getByTestId('refused-pack')).toContainText('README.md');
  await expect(app.page.getByTestId('refused-pack-error')).toContainText('não é um pacote do Exam Practice');
  await app.page.keyboard.press('Escape');
  await expect(app.page.getByTestId('refused-pack')).toBeHidden();
  app.harness?.openFile('assets/demo.exampack');
  await expect(app.page.getByTestId('confirm-import-summary')).toContainText('44 questões');
  // The dialog names the exact bytes that were checked (and will be imported): the file's SHA-256.
  const sha256 = createHash('sha256')
    .update(await readFile('assets/demo.exampack'))
    .digest('hex');
  await expect(ui(app.page).packs.confirmHash).toContainText(sha256.slice(0, 16));
  await app.page.keyboard.press('Escape');
  await expect(ui(app.page).packs.confirm).toBeHidden();
});

test('the build dialog says why Save is disabled, keeps focus inside and closes on Escape', async ({ launch }) => {
  const app = await launch();
  const screen = ui(app.page);
  await screen.packs.importDemo.click();
  await expect(screen.library.count).toHaveAttribute('data-count', '44');
  await screen.packs.build.click();
  await expect(screen.packs.buildDialog).toBeVisible();
  await screen.packs.title.fill('');
  await expect(screen.packs.save).toBeDisabled();
  await expect(app.page.getByTestId('pack-save-why')).toBeVisible();
  for (let i = 0; i < 12; i++) await app.page.keyboard.press('Tab');
  expect(await screen.packs.buildDialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await app.page.keyboard.press('Escape');
  await expect(screen.packs.buildDialog).toBeHidden();
});

test('a tutor takes a pack to Moodle XML and brings Moodle questions back as a new pack', async ({ launch }) => {
  const app = await launch();
  const { page } = app;
  const screen = ui(page);
  await screen.nav('packs').click();
  await screen.packs.moodle.exportInput.setInputFiles('assets/demo.exampack');
  const xml = (await savedFile(app, /\.moodle\.xml$/)).path;
  await expect(screen.packs.moodle.exported).toContainText('44 questões');
  await screen.packs.moodle.importInput.setInputFiles(xml);
  await screen.packs.moodle.title.fill('Banco do Moodle');
  await screen.packs.moodle.import.click();
  await expect(screen.packs.moodle.imported).toHaveAttribute('data-questions', '44');
  // The new pack is also offered as a file for the tutor to share.
  expect((await savedFile(app, /\.exampack$/)).bytes.length).toBeGreaterThan(0);
  await expect(page.getByTestId('pack-list')).toContainText('Banco do Moodle');
  await screen.nav('library').click();
  await expect(screen.library.count).toHaveAttribute('data-count', '44');
});

test('a Moodle file with no question the app can import says why, in the UI language, each one counted', async ({
  launch,
}, testInfo) => {
  const { page } = await launch();
  const screen = ui(page);
  await screen.nav('packs').click();
  const xml = testInfo.outputPath('sem-questoes.xml');
  await writeFile(
    xml,
    `<quiz><question type="truefalse"><name><text>VF</text></name><questiontext><text>x</text></questiontext></question>
     <question type="essay"><name><text>Redação</text></name><questiontext><text>y</text></questiontext></question></quiz>`,
  );
  await screen.packs.moodle.importInput.setInputFiles(xml);
  await screen.packs.moodle.title.fill('Nada');
  await screen.packs.moodle.import.click();
  await expect(screen.packs.moodle.error).toHaveAttribute('data-error-reason', 'no-questions');
  await expect(screen.packs.moodle.error).toContainText(
    'nenhuma questão de múltipla escolha com uma só resposta certa',
  );
  await expect(screen.packs.moodle.error).toContainText('2 — não é de múltipla escolha');
  await expect(screen.packs.moodle.error).not.toContainText('{{');
});
