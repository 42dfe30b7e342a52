// Regenerates docs/screenshots/*.png (1280×800) in the harness against the fake API.
//   npm run screenshots              every screenshot
//   npm run screenshots -- notebook  only the error notebook's (or -- paper, -- review, -- super, -- layout: their own)
import type { Page } from '@playwright/test';
import { QUESTIONS } from '../assets/demo/questions.js';
import { startFakeApi } from './fake-api/server.js';
import { launchApp } from './support/launch-app.js';
import { pdfPages } from './support/pdf-read.js';
import { writeFile } from 'node:fs/promises';

const out = (name: string) => `docs/screenshots/${name}.png`;
const only = process.argv[2];
if (!only) await everyScreen();
if (!only) await examAtSizes();
if (!only || only === 'notebook') await notebook();
if (!only || only === 'paper') await paper();
if (!only || only === 'review') await reviewAndViewer();
if (!only || only === 'super') await superEnlarged();
if (!only || only === 'layout') await typeSizes();
process.exit(0);

/** A screen by its sidebar button, through the menu where the sidebar is folded (the large types). */
async function go(p: Page, name: string) {
  const menu = p.getByTestId('nav-menu');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await p.getByTestId(`nav-${name}`).click();
}

async function everyScreen() {
  const api = await startFakeApi({ questions: 600, seed: 7 });
  const app = await launchApp();
  const page = app.page;
  const shoot = async (name: string) => {
    await page.waitForTimeout(150); // let fonts and layout settle
    await page.screenshot({ path: out(name) });
    console.log(`wrote ${out(name)}`);
  };

  try {
    await page.getByTestId('library-empty').waitFor();
    await shoot('first-run');
    await go(page, 'keys');
    await page.getByTestId('base-url-input').fill(api.baseUrl);
    await page.getByTestId('api-key-input').fill(api.keys.vestibulares);
    await page.getByTestId('connect-button').click();
    await page.getByTestId('connect-success').waitFor();
    await shoot('keys');

    await go(page, 'sync');
    await page.getByTestId('sync-product').selectOption('vestibulares');
    await page.getByTestId('sync-estimate').click();
    await page.getByTestId('sync-estimate-result').waitFor();
    await page.getByTestId('sync-start').click();
    await page.locator('[data-testid="sync-report"][data-status="done"]').waitFor({ timeout: 60_000 });
    await shoot('sync');

    await go(page, 'library');
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

    await go(page, 'settings');
    await page.getByTestId('settings-theme').selectOption('dark');
    await shoot('settings-dark');
    await go(page, 'library');
    await page.getByTestId('filter-clear').click();
    await page.getByTestId('question-row').first().waitFor();
    await shoot('library-dark');
    await go(page, 'settings');
    await page.getByTestId('settings-theme').selectOption('system');

    await go(page, 'packs');
    await page.getByTestId('import-demo').click();
    await page.getByTestId('pack-demo-pack').waitFor();
    await shoot('packs');

    await go(page, 'exams');
    await page.getByTestId('exam-preset').selectOption('');
    await page.getByTestId('exam-count').fill('10');
    await page.getByTestId('exam-source-pack:demo-pack').check();
    await page.getByTestId('exam-seed').fill('2026');
    await page.getByTestId('exam-start').click();
    await page.getByTestId('exam-screen').waitFor();
    // Answer like a good student: right on most, wrong on two, two left blank.
    for (let n = 0; n < 10; n++) {
      const statement = await page.getByTestId('exam-statement').innerText();
      const source = QUESTIONS.find((q) => q.statement === statement);
      const texts = await page.getByTestId('exam-choices').locator('.choice-text').allInnerTexts();
      const right = texts.findIndex((text) => text === source?.alternatives[source.correct]);
      if (n < 8) await page.keyboard.press('abcde'.charAt(n === 3 || n === 6 ? (right + 1) % 5 : right));
      if (n === 1) await page.keyboard.press('f');
      if (n < 4) await page.keyboard.press('ArrowRight');
      else if (n === 4) break;
    }
    await page.getByTestId('exam-strike-A').click();
    await shoot('exam');
    for (let n = 5; n < 10; n++) {
      await page.getByTestId(`exam-grid-${n + 1}`).click();
      const statement = await page.getByTestId('exam-statement').innerText();
      const source = QUESTIONS.find((q) => q.statement === statement);
      const texts = await page.getByTestId('exam-choices').locator('.choice-text').allInnerTexts();
      const right = texts.findIndex((text) => text === source?.alternatives[source.correct]);
      if (n < 8) await page.keyboard.press('abcde'.charAt(n === 6 ? (right + 1) % 5 : right));
    }
    await page.getByTestId('exam-submit').click();
    await page.getByTestId('exam-confirm').waitFor();
    await shoot('exam-confirm');
    await page.getByTestId('exam-confirm-yes').click();
    await page.getByTestId('result-score').waitFor();
    await shoot('results');

    await page.getByTestId('result-retry-wrong').click();
    await page.getByTestId('exam-screen').waitFor();
    const count = await page.getByTestId('exam-grid').getByRole('button').count();
    for (let n = 0; n < count; n++) {
      const statement = await page.getByTestId('exam-statement').innerText();
      const source = QUESTIONS.find((q) => q.statement === statement);
      const texts = await page.getByTestId('exam-choices').locator('.choice-text').allInnerTexts();
      await page.keyboard.press(
        'abcde'.charAt(texts.findIndex((text) => text === source?.alternatives[source.correct])),
      );
      await page.keyboard.press('ArrowRight');
    }
    await page.getByTestId('exam-submit').click();
    await page.getByTestId('exam-confirm-yes').click();
    await page.getByTestId('result-history').click();
    await page.getByTestId('history-trend').waitFor();
    await shoot('history');
  } finally {
    await app.close();
    await api.close();
  }
}

async function examAtSizes() {
  // The exam, its results by area, its pacing and a review with a figure, at the smallest and a large
  // window, in both languages (the exam clock runs 40× so that time per question means something).
  const exam = await launchApp({ clockSpeed: 40 });
  try {
    const p = exam.page;
    await p.getByTestId('import-demo').click();
    await p.getByTestId('library-count').and(p.locator('[data-count="44"]')).waitFor();
    await go(p, 'exams');
    await p.getByTestId('exam-preset').selectOption('');
    await p.getByTestId('exam-count').fill('44');
    await p.getByTestId('exam-seed').fill('7');
    await p.getByTestId('exam-start').click();
    await p.getByTestId('exam-screen').waitFor();
    for (let n = 0; n < 30; n++) {
      const statement = await p.getByTestId('exam-statement').innerText();
      const source = QUESTIONS.find((q) => q.statement === statement);
      const texts = await p.getByTestId('exam-choices').locator('.choice-text').allInnerTexts();
      const right = texts.findIndex((text) => text === source?.alternatives[source.correct]);
      await p.keyboard.press('abcde'.charAt(n % 4 === 3 ? (right + 1) % 5 : right));
      if (n % 7 === 2) await p.keyboard.press('g');
      if (n % 9 === 4) await p.keyboard.press('f');
      if (n % 10 === 5) await p.waitForTimeout(400); // a slow question: time lost there
      await p.keyboard.press('ArrowRight');
    }
    const sizes = [
      { width: 1024, height: 640 },
      { width: 1920, height: 1080 },
    ];
    const languages = [
      { code: 'pt-BR', suffix: '' },
      { code: 'en', suffix: '-en' },
    ] as const;
    const shot = async (name: string) => {
      await p.waitForTimeout(150);
      await p.screenshot({ path: out(name) });
      console.log(`wrote ${out(name)}`);
    };
    const setLanguage = async (code: 'pt-BR' | 'en') => {
      await go(p, 'settings');
      await p.getByTestId('settings-language').selectOption(code);
    };
    for (const { code, suffix } of languages) {
      await setLanguage(code);
      await p.getByTestId('nav-running-exam').click();
      for (const size of sizes) {
        await p.setViewportSize(size);
        await shot(`exam-${size.width}x${size.height}${suffix}`);
      }
    }
    await p.getByTestId('exam-submit').click();
    await p.getByTestId('exam-confirm-yes').click();
    await p.getByTestId('result-score').waitFor();
    for (const { code, suffix } of languages) {
      await setLanguage(code);
      await go(p, 'history');
      await p.getByTestId('history-open').first().click();
      for (const size of sizes) {
        await p.setViewportSize(size);
        const tag = `${size.width}x${size.height}${suffix}`;
        await p.getByTestId('chart-area').scrollIntoViewIfNeeded();
        await shot(`results-area-${tag}`);
        await p.getByTestId('result-pacing').scrollIntoViewIfNeeded();
        await shot(`pacing-${tag}`);
        await p.getByTestId('review-image').first().scrollIntoViewIfNeeded();
        await shot(`review-image-${tag}`);
      }
    }
    await setLanguage('pt-BR');
  } finally {
    await exam.close();
  }
}

/** Answers the exam on screen: right where `right(n)` says so, else the next letter. */
async function answerDemo(p: Page, right: boolean) {
  const statement = await p.getByTestId('exam-statement').innerText();
  const source = QUESTIONS.find((q) => q.statement === statement);
  const texts = await p.getByTestId('exam-choices').locator('.choice-text').allInnerTexts();
  const index = texts.findIndex((text) => text === source?.alternatives[source.correct]);
  await p.keyboard.press('abcde'.charAt(right ? index : (index + 1) % 5));
}

/** At 1280×800, the demo pack imported, the builder set for a custom exam of it (not started). */
async function customExamOfDemo(p: Page, count: string, seed: string) {
  await p.setViewportSize({ width: 1280, height: 800 });
  await p.getByTestId('import-demo').click();
  await p.getByTestId('library-count').and(p.locator('[data-count="44"]')).waitFor();
  await go(p, 'exams');
  await p.getByTestId('exam-preset').selectOption('');
  await p.getByTestId('exam-count').fill(count);
  await p.getByTestId('exam-seed').fill(seed);
}

// The error notebook: a mock exam's misses, the exam date 40 days ahead, today's review with its rating.
async function notebook() {
  const app = await launchApp();
  const p = app.page;
  try {
    await customExamOfDemo(p, '20', '11');
    await p.getByTestId('exam-start').click();
    await p.getByTestId('exam-screen').waitFor();
    for (let n = 0; n < 20; n++) {
      await answerDemo(p, n % 3 !== 1);
      if (n % 5 === 0) await p.keyboard.press('g');
      await p.keyboard.press('ArrowRight');
    }
    await p.getByTestId('exam-submit').click();
    await p.getByTestId('exam-confirm-yes').click();
    await p.getByTestId('result-score').waitFor();
    await go(p, 'notebook');
    const ahead = new Date();
    ahead.setDate(ahead.getDate() + 40);
    const pad = (n: number) => String(n).padStart(2, '0');
    await p
      .getByTestId('notebook-exam-date')
      .fill(`${ahead.getFullYear()}-${pad(ahead.getMonth() + 1)}-${pad(ahead.getDate())}`);
    await p.getByTestId('notebook-exam-label').fill('ENEM');
    await p.getByTestId('notebook-plan-save').click();
    await p.getByTestId('exam-date-countdown').waitFor();
    await p.getByTestId('notebook-card').first().getByTestId('notebook-card-note-toggle').click();
    await p.getByTestId('notebook-note-text').fill('Cuidado: a pergunta pede o que NÃO é correto.');
    await p.getByTestId('notebook-note-save').click();
    await p.getByTestId('notebook-note-saved').waitFor();
    await p.getByTestId('notebook-card-note-toggle').first().click();
    await p.getByTestId('notebook-plan').scrollIntoViewIfNeeded();
    await p.waitForTimeout(150);
    await p.screenshot({ path: out('notebook'), fullPage: true });
    console.log(`wrote ${out('notebook')}`);
    await p.getByTestId('notebook-forecast').scrollIntoViewIfNeeded();
    await p.screenshot({ path: out('notebook-forecast') });
    console.log(`wrote ${out('notebook-forecast')}`);
    await p.getByTestId('notebook-start-review').click();
    await p.getByTestId('exam-screen').waitFor();
    await answerDemo(p, true);
    await p.getByTestId('exam-rating').waitFor();
    await p.waitForTimeout(150);
    await p.screenshot({ path: out('notebook-review') });
    console.log(`wrote ${out('notebook-review')}`);
    // The session loop: a missed card rated "again" comes back at the end; each button says when.
    await p.keyboard.press('ArrowRight');
    await answerDemo(p, false);
    await p.locator('[data-testid="exam-rating"][data-previewed="true"]').waitFor();
    await p.getByTestId('review-again-left').waitFor();
    await p.waitForTimeout(150);
    await p.screenshot({ path: out('notebook-session') });
    console.log(`wrote ${out('notebook-session')}`);
    await go(p, 'settings');
    await p.getByTestId('settings-language').selectOption('en');
    await go(p, 'notebook');
    await p.getByTestId('notebook-stats').waitFor();
    await p.waitForTimeout(150);
    await p.screenshot({ path: out('notebook-en') });
    console.log(`wrote ${out('notebook-en')}`);
  } finally {
    await app.close();
  }
}

// Paper mode: a booklet page and the answer sheet as printed (rendered by pdf.js), and the grading screen.
async function paper() {
  const app = await launchApp();
  const p = app.page;
  try {
    await customExamOfDemo(p, '44', '2026');
    await p.getByTestId('paper-print-button').click();
    // The status shows once main has written every PDF.
    await p.getByTestId('paper-printed').waitFor();
    const files = await app.savedFiles();
    const booklet = files.find(({ name }) => name.endsWith('booklet-2.pdf'))?.bytes;
    const sheet = files.find(({ name }) => name.endsWith('answer-sheet.pdf'))?.bytes;
    if (!booklet || !sheet) throw new Error('the PDFs were not saved');
    const bookletPages = await pdfPages(booklet, 1.6);
    await writeFile(out('paper-booklet-cover'), bookletPages[0] ?? Buffer.alloc(0));
    await writeFile(out('paper-booklet-page'), bookletPages[3] ?? Buffer.alloc(0));
    await writeFile(out('paper-answer-sheet'), (await pdfPages(sheet, 1.6))[0] ?? Buffer.alloc(0));
    for (const name of ['paper-booklet-cover', 'paper-booklet-page', 'paper-answer-sheet'])
      console.log(`wrote ${out(name)}`);
    await go(p, 'paper');
    await p.getByTestId('paper-version').selectOption('2');
    await p.getByTestId('paper-student').fill('Ana Souza');
    await p.getByTestId('paper-letters').fill('ABCDEABCDE-ABCDE*BCDEABCDEABC');
    await p.waitForTimeout(150);
    await p.screenshot({ path: out('paper-typing') });
    console.log(`wrote ${out('paper-typing')}`);
  } finally {
    await app.close();
  }
}

// A result's review: the filters that tell wrong from blank, strikes and flags; a figure in the viewer.
async function reviewAndViewer() {
  const app = await launchApp();
  const p = app.page;
  try {
    await customExamOfDemo(p, '44', '5');
    await p.getByTestId('exam-start').click();
    await p.getByTestId('exam-screen').waitFor();
    for (let n = 0; n < 9; n++) {
      if (n % 2 === 1) await p.keyboard.press('Shift+A');
      if (n % 3 === 1) await p.keyboard.press('f');
      await answerDemo(p, n % 2 === 0);
      await p.keyboard.press('ArrowRight');
    }
    await p.getByTestId('exam-submit').click();
    await p.getByTestId('exam-confirm-yes').click();
    await p.getByTestId('result-score').waitFor();
    await p.getByTestId('review-filter-wrong').click();
    await p.getByTestId('review-filters').evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await p.waitForTimeout(150);
    await p.screenshot({ path: out('review-filters') });
    console.log(`wrote ${out('review-filters')}`);
    await p.getByTestId('review-filter-all').click();
    await p.getByTestId('review-image').first().click();
    await p.locator('[data-testid="image-viewer-image"][data-fit="true"]').waitFor();
    await p.keyboard.press('+');
    await p.waitForTimeout(150);
    await p.screenshot({ path: out('image-viewer') });
    console.log(`wrote ${out('image-viewer')}`);
  } finally {
    await app.close();
  }
}

// The ENEM's enlarged (24 px) and super-enlarged (32 px) type, in a small and a large window: the
// question at the whole width when the window is narrow, the figure grown with the type, and the
// viewer opened on it.
async function superEnlarged() {
  const app = await launchApp();
  const p = app.page;
  try {
    await p.setViewportSize({ width: 1024, height: 640 });
    await go(p, 'library');
    await p.getByTestId('import-demo').click();
    await p.getByTestId('library-count').and(p.locator('[data-count="44"]')).waitFor();
    await go(p, 'exams');
    await p.getByTestId('exam-preset').selectOption('');
    await p.getByTestId('exam-count').fill('44');
    await p.getByTestId('exam-seed').fill('3');
    await p.getByTestId('exam-start').click();
    await p.getByTestId('exam-screen').waitFor();
    for (let n = 0; n < 6; n++) {
      await answerDemo(p, n !== 2);
      await p.keyboard.press('ArrowRight');
    }
    // On to the first question with a figure.
    for (let n = 0; n < 44 && (await p.getByTestId('exam-image').count()) === 0; n++) {
      await p.keyboard.press('ArrowRight');
    }
    for (const [scale, name] of [
      ['large', 'enlarged'],
      ['xlarge', 'super'],
    ] as const) {
      await go(p, 'settings');
      await p.getByTestId('settings-font-scale').selectOption(scale);
      await p.locator(`html[data-font-scale="${scale}"]`).waitFor();
      await p.getByTestId('nav-running-exam').click();
      await p.getByTestId('exam-image').waitFor();
      for (const [width, height] of [
        [1024, 640],
        [1920, 1080],
      ] as const) {
        await p.setViewportSize({ width, height });
        await p.evaluate(() => window.scrollTo(0, 0));
        await p.waitForTimeout(200);
        await p.screenshot({ path: out(`exam-${name}-${width}x${height}`) });
        console.log(`wrote ${out(`exam-${name}-${width}x${height}`)}`);
      }
    }
    await p.setViewportSize({ width: 1024, height: 640 });
    await p.getByTestId('exam-image').click();
    await p.locator('[data-testid="image-viewer-image"][data-fit="true"]').waitFor();
    await p.waitForTimeout(200);
    await p.screenshot({ path: out('image-viewer-super-1024x640') });
    console.log(`wrote ${out('image-viewer-super-1024x640')}`);
  } finally {
    await app.close();
  }
}

// Every journey's screens at the ENEM's 24 and 32 px in the two windows students have most
// (1024×640, 1366×768): the folded sidebar and its menu, the builder, the exam's compact header, a
// result's charts. `layout.spec.ts` measures what these show (nothing cut off).
const TYPES = [
  ['large', 24],
  ['xlarge', 32],
] as const;
const WINDOWS = [
  [1024, 640],
  [1366, 768],
] as const;

async function typeSize(p: Page, scale: 'large' | 'xlarge') {
  await go(p, 'settings');
  await p.getByTestId('settings-font-scale').selectOption(scale);
  await p.locator(`html[data-font-scale="${scale}"]`).waitFor();
}

async function typeSizes() {
  const app = await launchApp();
  const p = app.page;
  const shoot = async (name: string) => {
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.waitForTimeout(200);
    await p.screenshot({ path: out(name) });
    console.log(`wrote ${out(name)}`);
  };
  try {
    await go(p, 'library');
    await p.getByTestId('import-demo').click();
    await p.getByTestId('library-count').and(p.locator('[data-count="44"]')).waitFor();
    await go(p, 'exams');
    await p.getByTestId('exam-preset').selectOption('');
    await p.getByTestId('exam-count').fill('10');
    await p.getByTestId('exam-seed').fill('3');
    await p.getByTestId('exam-start').click();
    await p.getByTestId('exam-screen').waitFor();
    for (let n = 0; n < 10; n++) {
      await answerDemo(p, n % 3 !== 1);
      await p.keyboard.press('ArrowRight');
    }
    await p.getByTestId('exam-submit').click();
    await p.getByTestId('exam-confirm-yes').click();
    await p.getByTestId('result-score').waitFor();
    const attempt = await p.getByTestId('screen-result').getAttribute('data-attempt-id');
    for (const [scale, px] of TYPES) {
      await typeSize(p, scale);
      for (const [width, height] of WINDOWS) {
        await p.setViewportSize({ width, height });
        const size = `${px}px-${width}x${height}`;
        await go(p, 'exams');
        if (await p.getByTestId('exam-start').isVisible()) {
          await p.getByTestId('exam-preset').selectOption('');
          await p.getByTestId('exam-count').fill('10');
        }
        await shoot(`layout-builder-${size}`);
        await go(p, 'history');
        await p
          .locator(`[data-testid="history-item"][data-attempt-id="${attempt}"] [data-testid="history-open"]`)
          .click();
        await p.getByTestId('result-score').waitFor();
        await p.getByTestId('chart-area').scrollIntoViewIfNeeded();
        await p.waitForTimeout(200);
        await p.screenshot({ path: out(`layout-result-${size}`) });
        console.log(`wrote ${out(`layout-result-${size}`)}`);
        await go(p, 'notebook');
        await shoot(`layout-notebook-${size}`);
        if (await p.getByTestId('nav-menu').isVisible()) {
          await p.getByTestId('nav-menu').click();
          await shoot(`layout-menu-${size}`);
          await p.keyboard.press('Escape');
        }
      }
    }
    // The exam itself at both sizes: started last, so the result above was the only attempt.
    await go(p, 'exams');
    await p.getByTestId('exam-preset').selectOption('');
    await p.getByTestId('exam-count').fill('10');
    await p.getByTestId('exam-start').click();
    await p.getByTestId('exam-screen').waitFor();
    for (const [scale, px] of TYPES) {
      await typeSize(p, scale);
      for (const [width, height] of WINDOWS) {
        await p.setViewportSize({ width, height });
        await p.getByTestId('nav-running-exam').click();
        await p.getByTestId('exam-question').waitFor();
        await shoot(`layout-exam-${px}px-${width}x${height}`);
      }
    }
  } finally {
    await app.close();
  }
}
