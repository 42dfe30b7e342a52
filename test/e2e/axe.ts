// axe-core over the page as it is: the serious and critical violations, one line each.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function seriousViolations(page: Page, electron: boolean) {
  const builder = new AxeBuilder({ page });
  if (electron) builder.setLegacyMode(true); // axe's default needs a new page per frame, which Electron lacks
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
