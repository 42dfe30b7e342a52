// The ENEM's enlarged types in small windows: every screen at 24 and 32 px in 1024×640 and 1366×768
// windows, measured as a low-vision student reads it — no labelled control cut off (a button, a link,
// a label, a heading, a select's chosen value), nothing past the window's right edge, the exam's
// header a strip rather than a third of the window, and the folded sidebar's menu usable by keyboard.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ui } from './locators';
import { SCREENS } from '../../renderer/src/lib/screens';
import { correctLetter, importDemo, submitExam } from './steps';

const WINDOWS = [
  { width: 1024, height: 640 },
  { width: 1366, height: 768 },
] as const;
const TYPES = [
  { scale: 'large', px: 24 },
  { scale: 'xlarge', px: 32 },
] as const;

/** Every labelled control whose text is cut off on the page, and anything reaching past the window. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (node: HTMLElement) =>
      `${node.tagName.toLowerCase()}${node.dataset.testid ? `#${node.dataset.testid}` : ''} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    const context = document.createElement('canvas').getContext('2d');
    const selector = 'button, select, label, a, summary, th, h1, h2, h3, .badge, input:not([type="file"])';
    for (const node of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = node.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue; // not shown (a folded menu, a closed details)
      if (node.scrollWidth > node.clientWidth + 1)
        found.push(`${name(node)}: ${node.scrollWidth} px in ${node.clientWidth}`);
      if (box.right > window.innerWidth + 1) found.push(`${name(node)}: ends at ${Math.round(box.right)} px`);
      if (node instanceof HTMLSelectElement && context) {
        const chosen = node.selectedOptions[0]?.text ?? '';
        const style = getComputedStyle(node);
        context.font = style.font;
        // The value's room: the box less its padding and the drop-down arrow (about half the type).
        const room =
          node.clientWidth -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight) -
          0.6 * parseFloat(style.fontSize);
        const width = context.measureText(chosen).width;
        if (width > room)
          found.push(`${name(node)}: its value "${chosen}" needs ${Math.round(width)} px of ${Math.round(room)}`);
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);
    return found;
  });
}

test('layout: at 24 and 32 px in 1024×640 and 1366×768 windows no screen cuts a word off, the exam header is a strip, and the folded menu works by keyboard', async ({
  launch,
}) => {
  test.slow(); // 4 sizes × 12 screens
  const { page } = await launch();
  const screen = ui(page);
  await importDemo(page);
  for (const { scale, px } of TYPES) {
    await screen.nav('settings').click();
    await screen.settings.fontScale.selectOption(scale);
    await expect(page.locator('html')).toHaveAttribute('data-font-scale', scale);
    for (const size of WINDOWS) {
      await page.setViewportSize(size);
      const where = `${px} px, ${size.width}×${size.height}`;
      // The sidebar folds below 45 em of the type: 1440 px at 32 px, 1080 px at 24 px.
      const folded = size.width < 45 * px;
      await expect(screen.menu.toggle, `${where}: the menu button`).toBeVisible({ visible: folded });
      for (const name of SCREENS) {
        await screen.nav(name).click();
        await expect(screen.nav(name).button).toHaveAttribute('aria-current', 'page');
        if (folded) await expect(screen.menu.panel, `${where}: choosing closes the menu`).toBeHidden();
        expect(await clipped(page), `${where}, ${name}`).toEqual([]);
      }
      // An exam: the header (title, count, clock, hand-in) is a strip, and the first alternative is in view.
      await screen.nav('exams').click();
      if (await screen.builder.start.isVisible()) {
        await screen.builder.preset.selectOption('');
        await page.getByTestId('exam-count').fill('5');
        // A fixed seed: the first question is then one without a figure. Four of the demo's 44 have
        // one, and at 24–32 px a figure rightly pushes the alternatives below a 640 px window's fold
        // (an unseeded start picked such a question first in about one run in eleven).
        await screen.builder.seed.fill('1');
        await screen.builder.start.click();
        await expect(screen.exam.image, `${where}: the seeded first question has no figure`).toHaveCount(0);
      }
      await expect(screen.exam.question).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      const header = await page.locator('.exam-header').boundingBox();
      expect(header?.height ?? Infinity, `${where}: the exam header's height`).toBeLessThanOrEqual(size.height * 0.2);
      await expect(page.getByTestId('exam-choice-A'), `${where}: the first alternative`).toBeInViewport();
      expect(await clipped(page), `${where}, the exam`).toEqual([]);
    }
  }
  // The menu by keyboard (32 px, 1366×768: folded): open, Escape closes it and the focus stays on its button.
  await screen.menu.toggle.focus();
  await page.keyboard.press('Enter');
  await expect(screen.menu.toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(screen.nav('history').button).toBeVisible();
  await screen.nav('history').button.focus();
  await page.keyboard.press('Escape');
  await expect(screen.menu.panel).toBeHidden();
  await expect(screen.menu.toggle).toBeFocused();
  // The running exam is one press away on the bar; handed in, its result is measured too.
  await screen.runningExam.link.click();
  // One miss, so the notebook has a card and shows its forecast below.
  const key = await correctLetter(page);
  await page.getByTestId(`exam-choice-${key === 'A' ? 'B' : 'A'}`).click();
  await submitExam(page);
  await expect(page.getByTestId('screen-result')).toBeVisible();
  expect(await clipped(page), 'the result at 32 px').toEqual([]);
  expect(await dottedDecimals(page), 'the result in pt-BR').toEqual([]);
  // Charts grow with the type (they kept 12 px labels and a 16 px bar track at 32 px): every bar's
  // track takes at least a third of its chart, and the trend's and the forecast's labels are ≥ 0.7 em.
  for (const chart of await page.locator('.chart:has(.bar-track)').all()) {
    const [track, width] = await chart.evaluate((node) => [
      node.querySelector('.bar-track')?.getBoundingClientRect().width ?? 0,
      node.getBoundingClientRect().width,
    ]);
    expect(track, 'a result bar’s track at 32 px').toBeGreaterThanOrEqual(width / 3);
  }
  await screen.nav('history').click();
  expect(await dottedDecimals(page), 'the history in pt-BR').toEqual([]);
  expect(await renderedPx(screen.history.trendTick.first()), 'the trend’s dates').toBeGreaterThanOrEqual(0.7 * 32);
  await screen.nav('notebook').click();
  await expect(screen.notebook.forecastTicks.first()).toBeVisible();
  expect(await dottedDecimals(page), 'the notebook in pt-BR').toEqual([]);
  expect(await renderedPx(screen.notebook.forecastTicks.first()), 'the forecast’s days').toBeGreaterThanOrEqual(
    0.7 * 32,
  );
});

/** Figures written the English way ("12.5", "0.80") in a Portuguese window; a version (0.1.0) is not one. */
async function dottedDecimals(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.match(/(?<![\d.])\d+\.\d{1,2}(?![\d.])/g) ?? [];
}

/** The size an SVG label is drawn at on screen: its font size in the chart's units times the chart's scale. */
async function renderedPx(label: Locator): Promise<number> {
  return label.evaluate((node) => {
    const svg = (node as SVGElement).ownerSVGElement;
    const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
    return parseFloat(getComputedStyle(node).fontSize) * scale;
  });
}
