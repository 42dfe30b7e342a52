// `npm run bench -- scan-memory`: what reading a class's scans costs the process that holds the
// running exam. A 40-page scanner PDF (each sheet a 300 dpi JPEG page, as an ordinary office
// scanner writes it) and 40 phone photos are read through the decoding worker, while this process
// (main's stand-in) samples its own resident memory and its event loop's longest stall. Baseline in
// the same run: the same PDF read in this process, as main read it before the worker.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { readScanFile, type ScanFile } from '../../main/core/paper/scan/scan.js';
import { DEFAULT_LIMITS } from '../../main/core/worker/client.js';
import { stackPdf, synthesize } from '../support/omr-synth.js';
import { workerDecoder } from '../support/worker.js';

const SHEETS = Number(process.env.BENCH_SHEETS ?? 40);
const exam = { code: 'PMEMO01', questions: 90, versions: 4, language: true };
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

/** A sheet as a 300 dpi office scan: A4 at 2480 × 3508, JPEG at quality 85. */
async function scannerPage(image: Buffer): Promise<Buffer> {
  const decoded = await loadImage(image);
  const canvas = createCanvas(2480, 3508);
  canvas.getContext('2d').drawImage(decoded, 0, 0, canvas.width, canvas.height);
  return canvas.encode('jpeg', 85);
}

const scanned = await synthesize(exam, SHEETS, 20261124, { photos: 'none' });
const photos = await synthesize(exam, SHEETS, 20261125, { photos: 'all' });
const pages: Buffer[] = [];
for (const image of scanned.images) pages.push(await scannerPage(image));
const pdf = await stackPdf(pages);
pages.length = 0;
const photoFiles: ScanFile[] = photos.images.map((data, i) => ({ name: `foto-${i + 1}.jpg`, data }));
const photoBytes = photoFiles.reduce((sum, f) => sum + f.data.byteLength, 0);
console.log(
  `corpus: ${SHEETS}-page scanner PDF (${(pdf.byteLength / MB).toFixed(1)} MB), ${SHEETS} photos (${(photoBytes / MB).toFixed(1)} MB)`,
);

/** Runs `work` while sampling this process's RSS and its event loop's delay. */
async function measure(work: () => Promise<unknown>) {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  delay.disable();
  clearInterval(sampler);
  return { value, ms, idle, growth: peak - idle, stall: delay.max / 1e6 };
}

const decoder = workerDecoder();
const viaWorkerPdf = await measure(() => decoder.scan([{ name: 'turma.pdf', data: pdf }], exam));
const workerPdfPeak = decoder.worker.peakRss;
const viaWorkerPhotos = await measure(() => decoder.scan(photoFiles, exam));
const workerPeak = decoder.worker.peakRss;
await decoder.close();
const sheetsOf = (value: unknown) => (value as { sheets: unknown[] }).sheets.length;

// The baseline: the same pages decoded in this process, as paper:scan did before.
const inProcess = await measure(async () => {
  let read = 0;
  await readScanFile(pdf, exam, 1, (outcome) => {
    if ('reading' in outcome && outcome.reading) read++;
  });
  return read;
});

const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;
const table = [
  [
    'sheets read (PDF, photos)',
    `${sheetsOf(viaWorkerPdf.value)}, ${sheetsOf(viaWorkerPhotos.value)}`,
    '—',
    `${SHEETS}, ${SHEETS}`,
  ],
  ['main: RSS growth, scanner PDF', mb(viaWorkerPdf.growth), mb(inProcess.growth), '≤ 50 MB'],
  [
    'main: longest event-loop stall, scanner PDF',
    `${viaWorkerPdf.stall.toFixed(0)} ms`,
    `${inProcess.stall.toFixed(0)} ms`,
    '≤ 50 ms',
  ],
  ['main: RSS growth, photos', mb(viaWorkerPhotos.growth), '—', '≤ 50 MB'],
  ['main: longest event-loop stall, photos', `${viaWorkerPhotos.stall.toFixed(0)} ms`, '—', '≤ 50 ms'],
  ['worker: peak RSS, scanner PDF', mb(workerPdfPeak), '—', `< ${mb(DEFAULT_LIMITS.maxRssBytes)} (its cap)`],
  ['worker: peak RSS, both', mb(workerPeak), '—', `< ${mb(DEFAULT_LIMITS.maxRssBytes)} (its cap)`],
  ['time, scanner PDF', `${(viaWorkerPdf.ms / 1000).toFixed(1)} s`, `${(inProcess.ms / 1000).toFixed(1)} s`, '—'],
  ['time, worker / in process', `${(viaWorkerPdf.ms / inProcess.ms).toFixed(2)}×`, '1.00×', '—'],
  ['time, photos', `${(viaWorkerPhotos.ms / 1000).toFixed(1)} s`, '—', '—'],
];
const refusals = (value: unknown) =>
  (value as { refused: { source: string; reason: string }[] }).refused.map((r) => `${r.source}: ${r.reason}`);
console.log(`refused: ${[...refusals(viaWorkerPdf.value), ...refusals(viaWorkerPhotos.value)].join('; ') || 'none'}`);
console.log('\n| measure | through the worker | baseline: in main (before) | target |\n|---|---|---|---|');
for (const [measure, value, baseline, target] of table)
  console.log(`| ${measure} | ${value} | ${baseline} | ${target} |`);
