// Answer sheets read from scans, checked on the small synthetic corpus (the bench reads the full
// one): the app's own sheets filled by a seeded student, photographed or scanned, stacked into a
// PDF. Every bubble is read within what its mark allows, every double and every doubt is flagged
// (never silently decided), and what is not a sheet of this exam is refused by name, within bounds.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finish } from '../../main/core/paper/pdf.js';
import type { ScanFile, ScanTarget } from '../../main/core/paper/scan/scan.js';
import { MAX_FILE_BYTES, MAX_PDF_PAGES } from '../../main/core/paper/scan/raster.js';
import type { ScanResult } from '../../preload/contract.js';
import { ACCEPTABLE, stackPdf, synthesize, type Corpus } from '../support/omr-synth.js';
import { workerDecoder } from '../support/worker.js';

// Read as the app reads them: in the decoding worker's own process.
const decoder = workerDecoder();
const readScans = (files: ScanFile[], target: ScanTarget) => decoder.scan(files, target);
afterAll(() => decoder.close());

const EXAM = { code: 'PTEST42', questions: 45, versions: 4, language: true };
const TARGET: ScanTarget = EXAM;

/** Each bubble's reading as the tutor would see it: the flag's marks, or the decided letter. */
export function bubbleReadings(result: ScanResult, corpus: Corpus) {
  const readings: { kind: keyof typeof ACCEPTABLE; read: string; flagged: boolean; double: boolean }[] = [];
  for (const sheet of result.sheets) {
    const truth = corpus.truths[sheet.sheet - 1];
    truth?.bubbles.forEach((row, q) => {
      const flag = sheet.flags.find((f) => f.question === q + 1);
      const symbol = sheet.answers[q];
      const double = row.filter((k) => k === 'dark').length >= 2;
      row.forEach((kind, l) =>
        readings.push({
          kind,
          read: flag ? (flag.marks[l] ?? '') : symbol === 'ABCDE'[l] ? 'marked' : 'blank',
          flagged: flag !== undefined,
          double: double && flag?.kind === 'double',
        }),
      );
    });
  }
  return readings;
}

async function pdfOf(pages: number, draw?: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, size: 'A4' });
  for (let i = 0; i < pages; i++) {
    doc.addPage();
    draw?.(doc);
  }
  return finish(doc);
}

describe('answer sheets read from scans', () => {
  let corpus: Corpus;
  let result: ScanResult;
  let other: Corpus;

  beforeAll(async () => {
    // Sheet 3 goes in upside down; sheets 2 and 4 are phone photos, 1 and 3 scanner pages.
    corpus = await synthesize(EXAM, 4, 20261123, { upsideDown: [3] });
    other = await synthesize({ ...EXAM, code: 'POTHER9' }, 1, 5, { photos: 'none' });
    const stack = await stackPdf([...corpus.images, ...other.images.slice(0, 1)]);
    // One sheet also arrives as a loose phone photo (a JPEG), as a tutor drops a folder.
    result = await readScans(
      [
        { name: 'turma.pdf', data: stack },
        { name: 'foto.jpg', data: corpus.images[1] ?? new Uint8Array() },
      ],
      TARGET,
    );
  }, 120_000);

  it('reads every bubble within what its mark allows — the upside-down sheet turned — and flags every double and doubt', () => {
    const first = result.sheets.map((s) => s.sheet);
    // Before, the sheet scanned upside down was refused; now it is read turned round.
    expect(first).toEqual([1, 2, 3, 4]);
    const readings = bubbleReadings(result, corpus);
    expect(readings).toHaveLength(4 * 45 * 5);
    const wrong = readings.filter((r) => !ACCEPTABLE[r.kind].includes(r.read));
    expect(wrong).toEqual([]);
    // A doubtful bubble always comes with its row flagged, never silently decided.
    expect(readings.filter((r) => r.read === 'doubtful' && !r.flagged)).toEqual([]);
    for (const sheet of result.sheets) {
      const truth = corpus.truths[sheet.sheet - 1];
      truth?.bubbles.forEach((row, q) => {
        if (row.filter((k) => k === 'dark').length >= 2) expect(sheet.answers[q]).toBe('*');
      });
      expect(sheet.version).toBe(truth?.version);
      expect(sheet.language).toBe(truth?.language === 1 ? 'ingles' : 'espanhol');
      expect(sheet.nameCrop).toMatch(/^data:image\/png;base64,/);
      for (const flag of sheet.flags) expect(flag.crop).toMatch(/^data:image\/png;base64,/);
    }
  });

  it('refuses the other exam’s sheet and the second copy of a sheet by name', () => {
    expect(result.refused).toEqual([
      { source: 'turma.pdf · p. 5', reason: 'other-exam', detail: 'POTHER9' },
      { source: 'foto.jpg · p. 1', reason: 'duplicate', detail: '2' },
    ]);
  });

  it('two scans read at once (a double drop) each give what one alone gives', async () => {
    const files = [{ name: 'foto.jpg', data: corpus.images[0] ?? new Uint8Array() }];
    const alone = await readScans(files, TARGET);
    const [a, b] = await Promise.all([readScans(files, TARGET), readScans(files, TARGET)]);
    expect(a).toEqual(alone);
    expect(b).toEqual(alone);
    expect(alone.sheets.map((s) => s.sheet)).toEqual([1]);
  }, 60_000);

  it('refuses what is not a sheet, or too big to read, by name and within bounds', async () => {
    const landscape = createCanvas(1600, 1100);
    const ctx = landscape.getContext('2d');
    ctx.fillStyle = '#7a9';
    ctx.fillRect(0, 0, 1600, 1100);
    ctx.fillStyle = '#123';
    for (let i = 0; i < 40; i++) ctx.fillRect((i * 97) % 1500, (i * 53) % 1000, 60, 60);
    const photo = await landscape.encode('jpeg', 80);
    const blank = await pdfOf(1);
    const long = await pdfOf(MAX_PDF_PAGES + 40);
    // A 50 MB "photo": refused on its size before a byte of it is decoded.
    const huge = Buffer.alloc(50 * 1024 * 1024);
    huge[0] = 0xff;
    huge[1] = 0xd8;
    // A small PNG that claims 30,000 × 30,000 pixels (a decompression bomb): refused on its header.
    const bomb = Buffer.from('89504e470d0a1a0a0000000d49484452000075300000753008060000000000000000', 'hex');
    const before = process.memoryUsage().rss;
    const workerPeak = decoder.worker.peakRss;
    const refused = await readScans(
      [
        { name: 'branca.pdf', data: blank },
        { name: 'gato.jpg', data: photo },
        { name: 'longo.pdf', data: long },
        { name: 'enorme.jpg', data: huge },
        { name: 'bomba.png', data: bomb },
        { name: 'notas.txt', data: Buffer.from('not a scan') },
      ],
      TARGET,
    );
    expect(refused.sheets).toEqual([]);
    expect(refused.refused.map((r) => [r.source, r.reason])).toEqual([
      ['branca.pdf · p. 1', 'no-sheet'],
      ['gato.jpg · p. 1', 'no-sheet'],
      ['longo.pdf', 'too-many-pages'],
      ['enorme.jpg', 'too-large'],
      ['bomba.png', 'too-large'],
      ['notas.txt', 'not-an-image'],
    ]);
    expect(huge.byteLength).toBeGreaterThan(MAX_FILE_BYTES);
    // Nothing was decoded at the declared size (30,000² RGBA would be 3.6 GB), here or in the worker.
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
    expect(Math.max(workerPeak, decoder.worker.peakRss)).toBeLessThan(decoder.worker.limits.maxRssBytes);
  }, 60_000);

  it('reads shadowed and unevenly lit scans, and pen ticks and crosses, with no bubble decided wrong', async () => {
    // Seeds never used to set the reader's numbers (the bench's harder corpus uses others).
    const lit = await synthesize(EXAM, 2, 7_301, {
      photos: 'none',
      lighting: (sheet) => (sheet === 1 ? { shadow: 0.5 } : { falloff: 0.4 }),
    });
    const messy = await synthesize(EXAM, 2, 7_302, { photos: 'half', marks: 'messy' });
    for (const corpus of [lit, messy]) {
      const read = await readScans([{ name: 'turma.pdf', data: await stackPdf(corpus.images) }], TARGET);
      expect(read.refused).toEqual([]);
      expect(read.sheets.map((s) => s.sheet)).toEqual([1, 2]);
      const readings = bubbleReadings(read, corpus);
      expect(readings.filter((r) => !ACCEPTABLE[r.kind].includes(r.read))).toEqual([]);
    }
    // Most pen marks are decided, a tick alone in a clean row among them.
    const read = await readScans([{ name: 'turma.pdf', data: await stackPdf(messy.images) }], TARGET);
    const pen = bubbleReadings(read, messy).filter((r) => r.kind === 'tick' || r.kind === 'cross');
    expect(pen.filter((r) => r.read === 'marked').length).toBeGreaterThan(pen.length / 2);
  }, 120_000);

  it('grades a class answering in HB pencil with few rows to confirm, and no bubble decided wrong', async () => {
    // A seed never used to set the sheet's scale (bubbles.ts): three students, each pressing their
    // own way, with doubles and marks rubbed out; the colour and language in pencil too.
    const pencil = await synthesize(EXAM, 3, 7_306, { photos: 'half', marks: 'pencil' });
    const read = await readScans([{ name: 'lapis.pdf', data: await stackPdf(pencil.images) }], TARGET);
    expect(read.refused).toEqual([]);
    expect(read.sheets.map((s) => s.sheet)).toEqual([1, 2, 3]);
    const readings = bubbleReadings(read, pencil);
    expect(readings.filter((r) => !ACCEPTABLE[r.kind].includes(r.read))).toEqual([]);
    expect(read.sheets.map((s) => s.version)).toEqual(pencil.truths.map((t) => t.version));
    // On the pen's line about two rows in three of such a class went to the tutor; what is left
    // is mostly the doubles, which are always the tutor's.
    const rows = read.sheets.length * EXAM.questions;
    const flagged = read.sheets.reduce((n, s) => n + s.flags.length, 0);
    expect(flagged).toBeLessThan(rows * 0.15);
    const doubles = pencil.truths
      .flatMap((t) => t.bubbles)
      .filter((row) => row.filter((k) => k === 'pencil').length > 1);
    const flaggedDoubles = read.sheets.flatMap((s) => s.flags).filter((f) => f.kind === 'double');
    expect(flaggedDoubles).toHaveLength(doubles.length);
  }, 120_000);

  it('reads phone photos of sheets folded in half and in four, each bubble found where the fold moved it', async () => {
    // A seed never used to set the local fit (local-fit.ts): the print 7 points off the corner map
    // at the crease, where one map through the corners once refused such a sheet as misregistered.
    const folded = await synthesize(EXAM, 2, 7_307, {
      photos: 'all',
      fold: (sheet) => ({ across: 0.5, ...(sheet === 2 && { down: 0.5 }), lift: 7 }),
    });
    const read = await readScans([{ name: 'dobradas.pdf', data: await stackPdf(folded.images) }], TARGET);
    expect(read.refused).toEqual([]);
    expect(read.sheets.map((s) => s.sheet)).toEqual([1, 2]);
    const readings = bubbleReadings(read, folded);
    expect(readings.filter((r) => !ACCEPTABLE[r.kind].includes(r.read))).toEqual([]);
  }, 120_000);

  it('reads phone photos on a light desk that fresh seeds once had refused (no-sheet)', async () => {
    // From the bench's light-desk world, at the PDF's 150 dpi: sheet 4 of seed 71003, whose corner
    // square, turned 6° and blurred, filled 0.716 of its box; sheet 9 of seed 93003, whose near
    // corner square measured 11 cells against 8 for the far one (perspective and the cells' ±1).
    const exam = { code: 'PBENCH1', questions: 90, versions: 4, language: true };
    for (const [seed, sheet] of [
      [71_003, 4],
      [93_003, 9],
    ] as const) {
      const desk = await synthesize(exam, sheet, seed, {
        photos: 'all',
        lighting: () => ({ desk: 215, falloff: 0.3 }),
      });
      const read = await readScans([{ name: 'mesa.pdf', data: await stackPdf(desk.images.slice(sheet - 1)) }], exam);
      expect(read.refused, `seed ${seed}`).toEqual([]);
      expect(read.sheets.map((s) => s.sheet)).toEqual([sheet]);
      const readings = bubbleReadings(read, desk);
      expect(readings.filter((r) => !ACCEPTABLE[r.kind].includes(r.read))).toEqual([]);
    }
  }, 120_000);

  it('reads sheets whose QR code a classroom rubbed pale, from the code or its copy, each as its own sheet', async () => {
    // A band of 25–40 % of the printed code (quiet zone included) rubbed almost to the paper, and on
    // sheets 2 and 4 a band across the copy below it too, on seeds never used to set the reader: jsQR
    // loses a code once a finder pattern fades, the module grid read from the corner squares' map
    // (qr-grid.ts) restores it by the code's own error correction (printed at level H), the copy
    // stands in for it, or the sheet is refused — never read as another sheet.
    const rubbed = await synthesize(EXAM, 4, 7_304, {
      photos: 'half',
      code: (sheet) => ({ rub: 0.25 + 0.05 * (sheet - 1), ...(sheet % 2 === 0 ? { copy: { rub: 0.35 } } : {}) }),
    });
    const read = await readScans([{ name: 'apagados.pdf', data: await stackPdf(rubbed.images) }], TARGET);
    const numbers = read.sheets.map((s) => s.sheet);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((n) => n >= 1 && n <= 4)).toBe(true);
    expect(read.sheets.length + read.refused.length).toBe(4);
    // A whole copy always reads; two rubbed codes are each restored most of the time.
    expect(numbers, 'sheets whose copy is whole').toEqual(expect.arrayContaining([1, 3]));
    expect(read.sheets.length, 'rubbed codes read').toBeGreaterThanOrEqual(3);
    expect(read.refused.every((r) => r.reason === 'unreadable-code')).toBe(true);
    const readings = bubbleReadings(read, rubbed);
    expect(readings.filter((r) => !ACCEPTABLE[r.kind].includes(r.read))).toEqual([]);
    // Half the code torn off is beyond its error correction: its copy reads the sheet. Half of both
    // torn off is refused by name, never guessed.
    const torn = await synthesize(EXAM, 2, 7_305, {
      photos: 'none',
      code: (sheet) => (sheet === 1 ? { tear: 0.5 } : { tear: 0.5, copy: { tear: 0.5 } }),
    });
    const tornRead = await readScans([{ name: 'rasgados.pdf', data: await stackPdf(torn.images) }], TARGET);
    expect(tornRead.sheets.map((s) => s.sheet)).toEqual([1]);
    expect(tornRead.refused.map((r) => r.reason)).toEqual(['unreadable-code']);
    expect(bubbleReadings(tornRead, torn).filter((r) => !ACCEPTABLE[r.kind].includes(r.read))).toEqual([]);
  }, 120_000);

  it('refuses by name a sheet whose QR code and printed copy both read and name different sheets, and reads the others', async () => {
    // Sheet 1's copy is sheet 3's (a copy cut from one sheet and stuck on another): graded by the
    // code alone it would be sheet 1 with no word, and sheet 3's own copy would say 3. Neither is
    // believed; sheets 2 and 3 read as themselves.
    const pasted = await synthesize(EXAM, 3, 7_306, {
      photos: 'none',
      code: (sheet) => (sheet === 1 ? { copyNames: { code: EXAM.code, sheet: 3, page: 1, pages: 1 } } : undefined),
    });
    const read = await readScans([{ name: 'colada.pdf', data: await stackPdf(pasted.images) }], TARGET);
    expect(read.refused.map((r) => r.reason)).toEqual(['codes-disagree']);
    expect(read.sheets.map((s) => s.sheet).sort()).toEqual([2, 3]);
  }, 120_000);

  it('never grades a sheet from the wrong place, and names the corner square it could not find', async () => {
    const [scan] = (await synthesize({ ...EXAM, code: 'PMISREG' }, 1, 7_303, { photos: 'none' })).images;
    const image = await loadImage(scan ?? Buffer.alloc(0));
    const page = createCanvas(image.width, image.height);
    const ctx = page.getContext('2d');
    ctx.drawImage(image, 0, 0);
    // The bottom-left corner square whited out (a fold, a torn corner), and an ink blot of its size
    // further in: the four squares agree well enough and the QR code still reads — the old reader
    // took the blot for the corner and graded the sheet — but the bubble rings are not where that
    // map puts them. The code is whole, so the tutor is told which square to bring into view, and
    // the page is shown with that corner ringed.
    const unit = image.width / 640; // about the page's points at this scan's size
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, image.height - 110 * unit, 110 * unit, 110 * unit);
    ctx.fillStyle = '#111';
    ctx.fillRect(40 * unit, image.height - 150 * unit, 22 * unit, 22 * unit);
    const blotted = await page.encode('jpeg', 85);
    // The same sheet photographed too close: its right edge left out of the picture, through the
    // top-right square and past the bottom-right one (the scan is turned a little), the code beside
    // them still whole.
    const close = createCanvas(Math.round(image.width * 0.87), image.height);
    close.getContext('2d').drawImage(image, 0, 0);
    const cropped = await close.encode('jpeg', 85);
    const read = await readScans(
      [
        { name: 'dobra.jpg', data: blotted },
        { name: 'perto.jpg', data: cropped },
      ],
      { ...TARGET, code: 'PMISREG' },
    );
    expect(read.sheets).toEqual([]);
    expect(read.refused.map((r) => [r.source, r.reason, r.detail])).toEqual([
      // In the picture but not seen (the tutor uncovers or unfolds it), and out of the picture (frames it).
      ['dobra.jpg · p. 1', 'corner-missing', 'bottom-left:covered'],
      ['perto.jpg · p. 1', 'corner-missing', 'top-right:outside,bottom-right:outside'],
    ]);
    for (const refusal of read.refused) expect(refusal.crop).toMatch(/^data:image\/jpeg;base64,/);
  }, 60_000);
});
