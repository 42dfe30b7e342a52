// Reading our PDFs as a reader would: their text (pdf.js in Node) and their pages as images
// (pdf.js in Chromium, the same engine that prints them on screen).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { chromiumPath, ROOT } from './harness.js';

const PDFJS = join(ROOT, 'node_modules/pdfjs-dist');

export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfPageText {
  width: number;
  height: number;
  text: string;
  items: PdfTextItem[];
}

/** Every page's text, in reading order of the content stream, with each item's box. */
export async function pdfText(bytes: Uint8Array): Promise<PdfPageText[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${join(PDFJS, 'standard_fonts')}/`,
    disableFontFace: true,
  }).promise;
  const pages: PdfPageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items = content.items.flatMap((item) =>
      'str' in item && item.str.trim()
        ? [
            {
              text: item.str,
              x: item.transform[4] as number,
              y: item.transform[5] as number,
              width: item.width,
              height: item.height,
            },
          ]
        : [],
    );
    pages.push({ width: viewport.width, height: viewport.height, text: items.map((i) => i.text).join(' '), items });
  }
  await doc.destroy();
  return pages;
}

/** Every page as a PNG (pdf.js in Chromium), at `scale` (1 = 72 dpi). */
export async function pdfPages(bytes: Uint8Array, scale = 1.5): Promise<Buffer[]> {
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ headless: true, ...(executablePath && { executablePath }) });
  try {
    const page = await browser.newPage();
    await page.route('http://pdf.local/**', async (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      if (name === 'doc.pdf') return route.fulfill({ body: Buffer.from(bytes), contentType: 'application/pdf' });
      if (name === 'index.html')
        return route.fulfill({ body: '<!doctype html><body></body>', contentType: 'text/html' });
      const file = join(PDFJS, 'build', name.replace(/[^\w.-]/g, ''));
      return route.fulfill({ body: await readFile(file), contentType: 'text/javascript' });
    });
    await page.goto('http://pdf.local/index.html');
    // A module script in the page (not an import inside evaluate: the test runner rewrites those).
    await page.addScriptTag({
      type: 'module',
      content: `
        import * as pdfjs from 'http://pdf.local/pdf.min.mjs';
        pdfjs.GlobalWorkerOptions.workerSrc = 'http://pdf.local/pdf.worker.min.mjs';
        window.renderPdf = async (scale) => {
          const doc = await pdfjs.getDocument('http://pdf.local/doc.pdf').promise;
          const out = [];
          for (let n = 1; n <= doc.numPages; n++) {
            const pdfPage = await doc.getPage(n);
            const viewport = pdfPage.getViewport({ scale });
            const canvas = document.createElement('canvas');
            canvas.width = Math.ceil(viewport.width);
            canvas.height = Math.ceil(viewport.height);
            const context = canvas.getContext('2d');
            context.fillStyle = '#fff';
            context.fillRect(0, 0, canvas.width, canvas.height);
            await pdfPage.render({ canvas, canvasContext: context, viewport }).promise;
            out.push(canvas.toDataURL('image/png'));
          }
          return out;
        };`,
    });
    await page.waitForFunction(() => 'renderPdf' in window);
    const images = await page.evaluate(
      (pageScale) => (window as unknown as { renderPdf: (s: number) => Promise<string[]> }).renderPdf(pageScale),
      scale,
    );
    return images.map((url) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
  } finally {
    await browser.close();
  }
}

/**
 * A printed version's key, as a tester reads it from `key.pdf` (the tutor's copy): the letters in
 * that booklet's order, ready to type as an answer sheet. A key of unknown letters has a `-`.
 */
export async function paperKey(
  keyPdf: Uint8Array,
  version: number,
  /** ENEM day 1: the language whose 01–05 the sheet answers (the key prints both, tagged ING / ESP). */
  language?: 'ingles' | 'espanhol',
): Promise<string> {
  const text = (await pdfText(keyPdf))
    .map((page) => page.text)
    .join(' ')
    .replace(/\s+/g, ' ');
  const start = text.indexOf(`GABARITO · CADERNO ${version} `);
  if (start < 0) throw new Error(`key.pdf has no version ${version}`);
  const next = text.indexOf('GABARITO · CADERNO ', start + 1);
  const section = text.slice(start, next < 0 ? undefined : next);
  const letters = new Map<number, string>();
  const skip = language === 'ingles' ? 'ESP' : language === 'espanhol' ? 'ING' : null;
  for (const match of section.matchAll(/(\d{2})(?: (ING|ESP))? ([A-E?–-]) \(questão/g)) {
    if (match[2] && match[2] === skip) continue;
    letters.set(Number(match[1]), /[A-E]/.test(match[3] ?? '') ? (match[3] ?? '-') : '-');
  }
  return Array.from({ length: letters.size }, (_, i) => letters.get(i + 1) ?? '-').join('');
}
