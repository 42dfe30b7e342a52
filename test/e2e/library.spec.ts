import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';
import { connectKey, loadedImageWidth, syncProduct } from './steps.js';

/** The fake numbers its statements "Questão N (EXAM YEAR)": a search that finds exactly one. */
const searchFor = (statement: string) => `"${/Questão \d+ \(/.exec(statement)?.[0] ?? statement}"`;

test.describe('library', () => {
  test.use({ fakeApiOptions: { questions: 400, seed: 9 } });

  test('filters by year, difficulty, subject and text, and reveals an answer', quick, async ({ launch, fakeApi }) => {
    const app = await launch();
    const screen = ui(app.page);
    await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys.vestibulares);
    await expect(screen.keys.success).toBeVisible();
    await syncProduct(app.page, 'vestibulares');
    await screen.nav('library').click();
    await expect(screen.library.count).toHaveAttribute('data-count', '400');

    const sample = fakeApi.catalog()[5];
    if (!sample) throw new Error('empty catalog');
    await screen.library.year.selectOption(String(sample.year));
    await screen.library.difficulty.selectOption(sample.difficulty);
    await screen.library.subject.selectOption(sample.subject.id);
    const expected = fakeApi
      .catalog()
      .filter(
        (q) => q.year === sample.year && q.difficulty === sample.difficulty && q.subject.id === sample.subject.id,
      );
    await expect(screen.library.count).toHaveAttribute('data-count', String(expected.length));
    await expect(screen.library.rows).toHaveCount(expected.length);

    await app.page.getByTestId('filter-clear').click();
    await screen.library.text.fill(searchFor(sample.statement));
    await expect(screen.library.count).toHaveAttribute('data-count', '1');
    await expect(screen.library.rows.first()).toContainText(/Questão \d+ \(/.exec(sample.statement)?.[0] ?? '');

    await screen.library.rows.first().getByRole('button').click();
    await expect(screen.library.dialog).toBeVisible();
    await expect(app.page.getByTestId('question-statement')).toContainText('Questão 6');
    // No key in what the question view delivered.
    const view = app.ipcLog().findLast((e) => e.type === 'invoke' && e.channel === 'catalog:question');
    expect(JSON.stringify(view)).not.toMatch(/isCorrect|correctAlternative/);
    await screen.library.showAnswer.click();
    const correct = sample.alternatives.find((a) => a.isCorrect)?.letter ?? '';
    await expect(screen.library.answer).toContainText(`Resposta correta: ${correct}`);
    await expect(app.page.getByTestId(`alternative-${correct}`)).toHaveAttribute('data-correct', 'true');
    await app.page.keyboard.press('Escape');
    await expect(screen.library.dialog).toBeHidden();
  });

  test('shows cached images and a placeholder for images that failed', async ({ launch, fakeApi }) => {
    fakeApi.setFaults({ missingImages: ['.svg'] });
    const app = await launch();
    await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys.vestibulares);
    await expect(ui(app.page).keys.success).toBeVisible();
    await syncProduct(app.page, 'vestibulares');
    const withPng = fakeApi.catalog().find((q) => q.imageUrl?.endsWith('.png'));
    const withSvg = fakeApi.catalog().find((q) => q.imageUrl?.endsWith('.svg'));
    const screen = ui(app.page);
    await screen.nav('library').click();
    for (const [question, visible] of [
      [withPng, 'question-image'],
      [withSvg, 'image-missing'],
    ] as const) {
      if (!question) throw new Error('fixture lacks an image kind');
      await screen.library.text.fill(searchFor(question.statement));
      await expect(screen.library.rows).toHaveCount(1);
      await expect(screen.library.rows.first()).toContainText(/Questão \d+ \(/.exec(question.statement)?.[0] ?? '');
      await screen.library.rows.first().getByRole('button').click();
      await expect(app.page.getByTestId(visible).first()).toBeVisible();
      if (visible === 'question-image') {
        expect(await loadedImageWidth(app.page.getByTestId('question-image').first().locator('img'))).toBeGreaterThan(
          0,
        );
      }
      await app.page.getByTestId('question-close').click();
    }
  });
});
