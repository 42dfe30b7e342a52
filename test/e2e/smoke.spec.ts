import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';

test('opens the window and renders the shell over the typed bridge', quick, async ({ launch }) => {
  const app = await launch();
  const screen = ui(app.page);
  await expect(screen.shell).toBeVisible();
  await expect(screen.nav('library').button).toHaveText('Biblioteca');
  // A first run with no key and no questions lands on the library, which offers the demo pack.
  await expect(screen.library.empty).toBeVisible();
  await expect(app.page.getByTestId('import-demo')).toBeVisible();
  const info = await app.page.evaluate(() => window.examApp['app:info']({}));
  // The packaged project runs the package's files over the harness's shell.
  const shell = app.target === 'electron' ? 'electron' : 'harness';
  expect(info).toMatchObject({ name: 'Exam Practice', shell, dataDir: app.dataDir });
  expect(app.ipcLog().some((entry) => entry.type === 'invoke' && entry.channel === 'app:info')).toBe(true);
});

test('exposes one method per channel and no generic invoke', quick, async ({ launch }) => {
  const app = await launch();
  const keys = await app.page.evaluate(() => Object.keys(window.examApp).sort());
  expect(keys).toContain('catalog:query');
  expect(keys).not.toContain('invoke');
  expect(keys).not.toContain('send');
  const refused = await app.page.evaluate(() =>
    window.examApp['catalog:query']({ filter: {}, offset: -1, limit: 10 }).then(
      () => 'accepted',
      (error: Error) => error.message,
    ),
  );
  expect(JSON.parse(refused)).toMatchObject({ code: 'invalid-argument' });
});
