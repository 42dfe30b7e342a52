// Reusable user journeys, written the way a student would do them.
import { expect, type Page } from '@playwright/test';
import { ui } from './locators.js';

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
