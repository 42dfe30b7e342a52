// Regenerates docs/screenshots/*.png (1280×800) in the harness against the fake API.
//   npm run screenshots
import { startFakeApi } from './fake-api/server.js';
import { launchApp } from './support/launch-app.js';

const out = (name: string) => `docs/screenshots/${name}.png`;
const api = await startFakeApi({ questions: 600, seed: 7 });
const app = await launchApp();
const page = app.page;
const shoot = async (name: string) => {
  await page.waitForTimeout(150); // let fonts and layout settle
  await page.screenshot({ path: out(name) });
  console.log(`wrote ${out(name)}`);
};

try {
  await page.getByTestId('screen-keys').waitFor();
  await page.getByTestId('base-url-input').fill(api.baseUrl);
  await page.getByTestId('api-key-input').fill(api.keys.vestibulares);
  await page.getByTestId('connect-button').click();
  await page.getByTestId('connect-success').waitFor();
  await shoot('keys');

  await page.getByTestId('nav-sync').click();
  await page.getByTestId('sync-product').selectOption('vestibulares');
  await page.getByTestId('sync-estimate').click();
  await page.getByTestId('sync-estimate-result').waitFor();
  await page.getByTestId('sync-start').click();
  await page.locator('[data-testid="sync-report"][data-status="done"]').waitFor({ timeout: 60_000 });
  await shoot('sync');

  await page.getByTestId('nav-library').click();
  await page.getByTestId('question-row').first().waitFor();
  await shoot('library');

  const withImage = api.catalog().find((q) => q.imageUrl?.endsWith('.png'));
  const number = /Questão \d+ \(/.exec(withImage?.statement ?? '')?.[0] ?? '';
  await page.getByTestId('filter-text').fill(`"${number}"`);
  await page.getByTestId('question-row').filter({ hasText: number }).first().getByRole('button').click();
  await page.getByTestId('show-answer').click();
  await page.getByTestId('answer-revealed').waitFor();
  await shoot('question');
  await page.getByTestId('question-close').click();

  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-theme').selectOption('dark');
  await shoot('settings-dark');
  await page.getByTestId('nav-library').click();
  await page.getByTestId('filter-clear').click();
  await page.getByTestId('question-row').first().waitFor();
  await shoot('library-dark');
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-theme').selectOption('system');
} finally {
  await app.close();
  await api.close();
}
process.exit(0);
