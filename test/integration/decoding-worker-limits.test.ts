// The worker's limits that take a long file to show, in the long tier (docs/testing.md): a page
// made to be slow is refused and its worker replaced, a worker killed mid-file costs that page only,
// and 160 pages are read one at a time in bounded memory. The refusals that show at once are in
// decoding-worker.test.ts.
import { describe, expect, it } from 'vitest';
import type { ScanTarget } from '../../main/core/paper/scan/scan.js';
import { MAX_PDF_PAGES } from '../../main/core/paper/scan/raster.js';
import { DEFAULT_LIMITS, DecodingWorker } from '../../main/core/worker/client.js';
import { Decoder } from '../../main/core/worker/decoder.js';
import { stackPdf } from '../support/omr-synth.js';
import { blankPdf, pdfWithPathOperations } from '../support/hostile-files.js';
import { killedAfterFirstPage, refusals, WORKER_EXAM, workerDecoder, workerFile } from '../support/worker.js';

const TARGET: ScanTarget = WORKER_EXAM;
const MB = 1024 * 1024;

const { decoder, sheets } = workerFile();

describe('the decoding worker over a long file', () => {
  it('a page made to be slow is refused as too slow; the worker is replaced and the batch goes on', async () => {
    // 1M operations take pdf.js about 17 s on a quiet machine (3M pass the memory cap first), an
    // ordinary sheet's page about 0.5 s. A fixed limit between them fails on a machine busy enough to
    // slow the sheet past it, so the limit is set from this run: ten times a warm sheet's page here
    // (both slow down together under load), and never under 6 s. Warm: the first read also starts the
    // worker and loads pdf.js, which would set the limit (and this test's length) three times higher.
    await decoder.scan([{ name: 'aquecimento.pdf', data: sheets.sheet }], TARGET);
    const started = performance.now();
    await decoder.scan([{ name: 'aquecimento-2.pdf', data: sheets.sheet }], TARGET);
    const pageMs = Math.max(6_000, Math.round(10 * (performance.now() - started)));
    const slow = workerDecoder({ pageMs });
    try {
      const file = pdfWithPathOperations(1_000_000);
      expect(file.byteLength).toBeLessThan(2 * MB);
      // The sheet first (the worker warm), the slow file, then the sheet's second copy: read after it.
      const result = await slow.scan(
        [
          { name: 'turma.pdf', data: sheets.sheet },
          { name: 'lento.pdf', data: file },
          { name: 'copia.pdf', data: sheets.sheet },
        ],
        TARGET,
      );
      expect(refusals(result)).toEqual([
        ['lento.pdf · p. 1', 'too-slow'],
        ['copia.pdf · p. 1', 'duplicate'],
      ]);
      expect(result.sheets).toHaveLength(1);
      // Bounded by the page limit, not by the file: the worker was killed and a new one read the copy.
      expect(slow.worker.spawned).toBe(2);
    } finally {
      await slow.close();
    }
  }, 300_000);

  it('a worker killed in the middle of a file costs that page: the pages after it are still read', async () => {
    const three = await stackPdf(sheets.corpus.images);
    // The first process dies right after reporting page 1.
    const crashing = new Decoder(new DecodingWorker(killedAfterFirstPage().spawn, DEFAULT_LIMITS));
    try {
      const result = await crashing.scan([{ name: 'turma.pdf', data: three }], TARGET);
      expect(result.refused).toEqual([{ source: 'turma.pdf · p. 2', reason: 'unreadable', detail: '2/3' }]);
      // Sheet 1 was reported before the crash, sheet 3 by the new worker; sheet 2 died with the first.
      expect(result.sheets.map((s) => s.sheet)).toEqual([1, 3]);
      expect(crashing.worker.spawned).toBe(2);
    } finally {
      await crashing.close();
    }
  }, 60_000);

  it(`reads ${MAX_PDF_PAGES} pages one at a time in bounded memory, and refuses one page more unread`, async () => {
    const before = process.memoryUsage().rss;
    const result = await decoder.scan(
      [
        { name: 'longo.pdf', data: blankPdf(MAX_PDF_PAGES) },
        { name: 'longo-demais.pdf', data: blankPdf(MAX_PDF_PAGES + 1) },
      ],
      TARGET,
    );
    expect(result.refused.filter((r) => r.reason === 'no-sheet')).toHaveLength(MAX_PDF_PAGES);
    expect(result.refused.at(-1)).toEqual({
      source: 'longo-demais.pdf',
      reason: 'too-many-pages',
      detail: String(MAX_PDF_PAGES + 1),
    });
    // Pages are freed as they go: the worker levels off (about 430 MB here) instead of growing
    // 40 MB a page, as it did before it yielded a turn for Skia's finalizers after each page.
    expect(decoder.worker.peakRss).toBeLessThan(DEFAULT_LIMITS.maxRssBytes * 0.75);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  }, 300_000);
});
