import { expect, quick, test } from './fixtures.js';
import { ui } from './locators.js';
import type { Page } from '@playwright/test';
import { connectKey } from './steps.js';

const productOption = (page: Page, product: string) =>
  page.getByTestId('sync-product').locator(`option[value="${product}"]`);

test(
  'first run without a key: an empty library offering the demo pack, no keys, and sync asks for a key',
  quick,
  async ({ launch }) => {
    const app = await launch();
    const screen = ui(app.page);
    await expect(screen.library.empty).toBeVisible();
    await expect(app.page.getByTestId('demo-offer')).toBeVisible();
    await app.page.getByTestId('empty-connect-key').click();
    await expect(screen.keys.screen).toBeVisible();
    await expect(app.page.getByTestId('no-keys')).toBeVisible();
    await screen.nav('sync').click();
    await expect(app.page.getByTestId('sync-no-key')).toBeVisible();
    await expect(screen.sync.start).toBeDisabled();
  },
);

for (const product of ['enem', 'vestibulares'] as const) {
  test(`connects a ${product} key: product detected, key shown masked`, quick, async ({ launch, fakeApi }) => {
    const app = await launch();
    const screen = ui(app.page);
    await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys[product]);
    await expect(screen.keys.success).toContainText(product === 'enem' ? 'ENEM' : 'Vestibulares');
    await expect(screen.keys.masked(product)).toHaveText(`••••${fakeApi.keys[product].slice(-4)}`);
    await expect(screen.keys.apiKey).toHaveValue('');
    await expect(app.page.getByText(fakeApi.keys[product])).toHaveCount(0);
    // Only the key's own product can be synced.
    await screen.nav('sync').click();
    const other = product === 'enem' ? 'vestibulares' : 'enem';
    await expect(productOption(app.page, other)).toBeDisabled();
    await expect(productOption(app.page, product)).toBeEnabled();
    // The base URL was checked through the public OpenAPI document, without the key.
    const openapi = fakeApi.log.find((r) => r.path.endsWith('/openapi.json'));
    expect(openapi?.hasApiKey).toBe(false);
  });
}

test('the key survives a restart and can be removed', async ({ launch, fakeApi }) => {
  const app = await launch();
  await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys.enem);
  await expect(ui(app.page).keys.success).toBeVisible();
  await app.restart();
  const screen = ui(app.page);
  await screen.nav('keys').click();
  await expect(screen.keys.masked('enem')).toBeVisible();
  await screen.keys.remove('enem').click();
  await expect(app.page.getByTestId('no-keys')).toBeVisible();
});

const refusals = [
  ['a revoked key', 'revoked', 'unauthorized', /revogada/],
  ['an expired key', 'expired', 'unauthorized', /expirou/],
  ['a key without an active subscription', 'noSubscription', 'forbidden', /assinatura/],
] as const;
for (const [label, kind, code, message] of refusals) {
  test(`explains ${label}`, async ({ launch, fakeApi }) => {
    const app = await launch();
    await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys[kind]);
    await expect(ui(app.page).keys.error).toHaveAttribute('data-error-code', code);
    await expect(ui(app.page).keys.error).toContainText(message);
  });
}

test('explains an address that is not the catalog API', async ({ launch, fakeApi }) => {
  const app = await launch();
  await connectKey(app.page, `${fakeApi.cdnUrl}/`, fakeApi.keys.enem);
  await expect(ui(app.page).keys.error).toHaveAttribute('data-error-code', 'not-an-api');
});

test('on weak secure storage, warns and keeps the key for this session only', async ({ launch, fakeApi }, testInfo) => {
  test.skip(testInfo.project.name === 'electron', 'in Electron the OS decides the storage backend');
  const app = await launch({ storageSecurity: 'weak' });
  const screen = ui(app.page);
  await screen.nav('keys').click();
  await expect(screen.keys.weakWarning).toBeVisible();
  await connectKey(app.page, fakeApi.baseUrl, fakeApi.keys.enem);
  await expect(app.page.getByTestId('key-enem')).toContainText('só nesta sessão');
  await app.restart();
  await ui(app.page).nav('keys').click();
  await expect(app.page.getByTestId('no-keys')).toBeVisible();
});
