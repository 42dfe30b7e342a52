import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';

test('switches the language to English and back, and remembers it across a restart', quick, async ({ launch }) => {
  const app = await launch();
  const screen = ui(app.page);
  await screen.nav('settings').click();
  await expect(screen.settings.screen).toContainText('Configurações');
  await screen.settings.language.selectOption('en');
  await expect(screen.nav('library').button).toHaveText('Library');
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'en');
  await app.restart();
  await expect(ui(app.page).nav('settings').button).toHaveText('Settings');
  await ui(app.page).nav('settings').click();
  await ui(app.page).settings.language.selectOption('pt-BR');
  await expect(ui(app.page).nav('settings').button).toHaveText('Configurações');
});

test('applies the dark theme and shows storage security and data folder', async ({ launch }) => {
  const app = await launch();
  const screen = ui(app.page);
  await screen.nav('settings').click();
  await screen.settings.theme.selectOption('dark');
  await expect(app.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await screen.settings.theme.selectOption('light');
  await expect(app.page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(screen.settings.security).toHaveAttribute('data-security', /secure|weak|unavailable/);
  await expect(app.page.getByTestId('settings-data-dir')).toHaveText(app.dataDir);
});

test('clears the question cache after a confirmation', async ({ launch, fakeApi }) => {
  const app = await launch();
  const { connectKey, syncProduct } = await import('./steps.js');
  await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys.enem);
  await expect(ui(app.page).keys.success).toBeVisible();
  await syncProduct(app.page, 'enem');
  const screen = ui(app.page);
  await screen.nav('settings').click();
  await expect(app.page.getByTestId('settings-size')).not.toContainText(' 0 questões');
  await app.page.getByTestId('settings-clear').click();
  await app.page.getByTestId('settings-clear-yes').click();
  await expect(app.page.getByTestId('settings-cleared')).toBeVisible();
  await expect(app.page.getByTestId('settings-size')).toContainText(' 0 questões');
  await screen.nav('library').click();
  await expect(screen.library.empty).toBeVisible();
  await screen.nav('keys').click();
  await expect(screen.keys.masked('enem')).toBeVisible(); // keys survive
});

test('updates: on by default on the stable channel, both remembered; a copy that is not installed says it does not update itself', async ({
  launch,
}) => {
  const app = await launch();
  const screen = ui(app.page);
  await screen.nav('settings').click();
  await expect(screen.settings.updatesEnabled).toBeChecked();
  await expect(screen.settings.updateChannel).toHaveValue('stable');
  // Neither the harness nor the development tree is an installed copy: no check, no restart.
  await expect(screen.settings.updateStatus).toHaveAttribute('data-phase', 'unsupported');
  await expect(screen.settings.updateStatus).toContainText('Versão instalada: 0.1.0');
  await expect(screen.settings.updateCheck).toHaveCount(0);
  await expect(screen.settings.updateInstall).toHaveCount(0);
  // Controlled by main's answer (as every setting): a click, then the state main saved.
  await screen.settings.updatesEnabled.click();
  await expect(screen.settings.updatesEnabled).not.toBeChecked();
  await screen.settings.updateChannel.selectOption('beta');
  await expect(screen.settings.updateChannel).toHaveValue('beta');
  await app.restart();
  await ui(app.page).nav('settings').click();
  await expect(ui(app.page).settings.updatesEnabled).not.toBeChecked();
  await expect(ui(app.page).settings.updateChannel).toHaveValue('beta');
});
