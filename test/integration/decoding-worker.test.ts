// No file from outside takes the app down: crafted images, PDFs made to be huge or broken, a
// worker past its memory cap or killed on a pack each cost one file, refused by name, while the
// sheet beside it is read and this process (main's stand-in) neither crashes nor grows. The limits
// that take a long file to show (a page made slow, 160 pages, a kill mid-file) are in
// decoding-worker-limits.test.ts, in the long tier (docs/testing.md).
import { describe, expect, it } from 'vitest';
import type { ScanTarget } from '../../main/core/paper/scan/scan.js';
import { PackError } from '../../main/core/packs/format.js';
import { readFile } from 'node:fs/promises';
import { DEFAULT_LIMITS, DecodingWorker } from '../../main/core/worker/client.js';
import { Decoder } from '../../main/core/worker/decoder.js';
import { forkWorker } from '../../main/core/worker/node-spawn.js';
import { stackPdf } from '../support/omr-synth.js';
import { jpegOfHeightZero, pdfWithBrokenPageTree, pdfWithHugeImage, pngDeclaring } from '../support/hostile-files.js';
import { refusals, WORKER_EXAM, workerDecoder, killedOnFirstJob, workerFile } from '../support/worker.js';

const TARGET: ScanTarget = WORKER_EXAM;
const MB = 1024 * 1024;

const { decoder, sheets } = workerFile();

describe('the decoding worker', () => {
  it('refuses crafted images by name before any decoder sees them; the good sheet beside them is read', async () => {
    const before = process.memoryUsage().rss;
    const result = await decoder.scan(
      [
        { name: 'largo.png', data: pngDeclaring(40_000_000, 1) },
        { name: 'alto.png', data: pngDeclaring(1, 40_000_000) },
        { name: 'zero.jpg', data: jpegOfHeightZero() },
        { name: 'fita.png', data: pngDeclaring(20_000, 1_000) },
        { name: 'turma.pdf', data: sheets.sheet },
      ],
      TARGET,
    );
    expect(refusals(result)).toEqual([
      ['largo.png', 'too-large'],
      ['alto.png', 'too-large'],
      ['zero.jpg', 'unreadable'],
      ['fita.png', 'too-large'],
    ]);
    expect(result.sheets.map((s) => s.sheet)).toEqual([1]);
    // None of them reached Skia: the worker that read the sheet is the one that checked them.
    expect(decoder.worker.spawned).toBe(1);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  }, 60_000);

  it('a PDF holding one 16,000² image is read in bounded memory (pdf.js does not decode it)', async () => {
    const file = pdfWithHugeImage(16_000);
    expect(file.byteLength).toBeLessThan(300 * 1024);
    const before = process.memoryUsage().rss;
    const result = await decoder.scan(
      [
        { name: 'imagem.pdf', data: file },
        { name: 'turma.pdf', data: sheets.sheet },
      ],
      TARGET,
    );
    expect(refusals(result)).toEqual([['imagem.pdf · p. 1', 'no-sheet']]);
    expect(result.sheets).toHaveLength(1);
    // 16,000² as RGBA would be 1 GB; the worker stays well under its cap, main does not move.
    expect(decoder.worker.peakRss).toBeLessThan(600 * MB);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  }, 60_000);

  it('a broken page tree (a loop, or a page that is not there) is that file refused, not the batch', async () => {
    const result = await decoder.scan(
      [
        { name: 'laço.pdf', data: pdfWithBrokenPageTree('loop') },
        { name: 'nada.pdf', data: pdfWithBrokenPageTree('nowhere') },
        { name: 'turma.pdf', data: sheets.sheet },
      ],
      TARGET,
    );
    expect(refusals(result)).toEqual([
      ['laço.pdf · p. 1', 'unreadable'],
      ['nada.pdf · p. 1', 'unreadable'],
    ]);
    expect(result.sheets).toHaveLength(1);
  }, 60_000);

  it('past its memory cap the worker is killed and that file refused as too large', async () => {
    const capped = workerDecoder({ maxRssBytes: 40 * MB });
    try {
      const result = await capped.scan([{ name: 'turma.pdf', data: sheets.sheet }], TARGET);
      // Node alone is near 40 MB: the cap is hit on opening, before the file's first page.
      expect(refusals(result)).toEqual([['turma.pdf', 'too-large']]);
      expect(result.sheets).toEqual([]);
    } finally {
      await capped.close();
    }
  }, 60_000);

  it('a worker killed while it checks a pack refuses that pack by name; the next pack is read', async () => {
    const demo = await readFile('assets/demo.exampack');
    // The first process dies (SIGKILL) as soon as it has the pack's bytes.
    const { spawn } = killedOnFirstJob();
    const crashing = new Decoder(new DecodingWorker(spawn, DEFAULT_LIMITS));
    try {
      const error = await crashing.readPack(demo).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PackError);
      expect((error as PackError).code).toBe('unreadable');
      const pack = await crashing.readPack(demo);
      expect(pack.manifest.questionCount).toBe(44);
      await pack.dispose();
    } finally {
      await crashing.close();
    }
  }, 60_000);

  it('closing (the app quitting) ends a long scan at once: what was queued is refused, nothing waits', async () => {
    const closing = workerDecoder();
    const stack = await stackPdf(sheets.corpus.images);
    const files = [1, 2, 3, 4].map((n) => ({ name: `turma-${n}.pdf`, data: stack }));
    const scan = closing.scan(files, TARGET);
    await expect.poll(() => closing.worker.pid).toBeDefined();
    await closing.close();
    const result = await scan;
    // The file being read is cut, not finished first (its worker was still starting): refused by name.
    expect(result.sheets).toEqual([]);
    expect(result.refused.find((r) => r.source.startsWith('turma-1.pdf'))?.reason).toBe('unreadable');
    // No file is silently dropped: each gave a sheet or a refusal.
    for (const { name } of files)
      expect(
        result.sheets.some((s) => s.source.includes(name)) || result.refused.some((r) => r.source.startsWith(name)),
      ).toBe(true);
    expect(closing.worker.pid).toBeUndefined();
  }, 60_000);
});

describe('the worker behind one interface', () => {
  it('runs overlapping jobs one at a time, each answered as if alone', async () => {
    const files = [{ name: 'turma.pdf', data: sheets.sheet }];
    const alone = await decoder.scan(files, TARGET);
    const both = await Promise.all([decoder.scan(files, TARGET), decoder.scan(files, TARGET)]);
    expect(both).toEqual([alone, alone]);
  }, 60_000);

  it('exits when idle and starts again on the next file', async () => {
    const idle = workerDecoder({ idleMs: 100 });
    try {
      await idle.scan([{ name: 'a.png', data: pngDeclaring(1, 40_000_000) }], TARGET);
      const first = idle.worker.pid;
      expect(first).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(idle.worker.pid).toBeUndefined();
      const again = await idle.scan([{ name: 'turma.pdf', data: sheets.sheet }], TARGET);
      expect(again.sheets).toHaveLength(1);
      expect(idle.worker.spawned).toBe(2);
    } finally {
      await idle.close();
    }
  }, 60_000);

  it('a file sent as the idle worker exits, over and over, gives its sheet every time', async () => {
    // The idle exit 1 ms after each file; the next file 0–3 ms after it: before, at and after the exit.
    const racing = workerDecoder({ idleMs: 1 });
    try {
      for (let round = 0; round < 4; round++) {
        const result = await racing.scan([{ name: 'turma.pdf', data: sheets.sheet }], TARGET);
        expect(refusals(result), `round ${round}`).toEqual([]);
        expect(result.sheets, `round ${round}`).toHaveLength(1);
        await new Promise((resolve) => setTimeout(resolve, round % 4));
      }
      expect(racing.worker.spawned).toBeGreaterThan(1);
    } finally {
      await racing.close();
    }
  }, 120_000);

  it('a worker restarting on a busy machine costs no file: the page clock starts once the process is up', async () => {
    // The limit is set from this run's own measure (a fresh worker's whole scan of the sheet, start
    // included), so the verdict does not depend on the machine's speed: the page limit is twice that,
    // and each process then sleeps 1.2 page limits before loading its modules (a busy machine's
    // start). Counted from the send, as before, the page was past its limit.
    const measured = workerDecoder();
    const started = Date.now();
    try {
      expect((await measured.scan([{ name: 'turma.pdf', data: sheets.sheet }], TARGET)).sheets).toHaveLength(1);
    } finally {
      await measured.close();
    }
    const pageMs = Math.ceil(2 * (Date.now() - started));
    const sleep = `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${Math.ceil(1.2 * pageMs)});`;
    const spawn = forkWorker([`--import=data:text/javascript,${encodeURIComponent(sleep)}`]);
    const slow = new Decoder(new DecodingWorker(spawn, { ...DEFAULT_LIMITS, pageMs }));
    try {
      const result = await slow.scan([{ name: 'turma.pdf', data: sheets.sheet }], TARGET);
      expect(refusals(result)).toEqual([]);
      expect(result.sheets).toHaveLength(1);
    } finally {
      await slow.close();
    }
  }, 120_000);
});
