// `cli print scan`: a tutor at a terminal reads a class's scans as the app reads them (the same
// worker), sees each sheet's answers and what is left to settle, and each refused page with its
// cause and what to do about it — a corner out of the photo named as such, a file that is no scan
// refused by name, the other files still read.
import { afterAll, describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../support/run-node.js';
import { synthesize, type MarkKind } from '../support/omr-synth.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const LETTERS = 'ABCDE';

describe('cli print scan', () => {
  it('reads each sheet, and says why each refused page was refused and what to do', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const data = join(temp.dir, 'data');
    const out = join(temp.dir, 'print');
    const booklet = 'print booklet --pack assets/demo.exampack --sheets 2 --seed 5 --json'.split(' ');
    const printed = await runCli([...booklet, '--data-dir', data, '--out', out]);
    expect(printed.code, printed.stderr).toBe(0);
    const { code, questions } = JSON.parse(printed.stdout) as { code: string; questions: number };
    // Every student fills one bubble a question, plainly: question n is answered LETTERS[n % 5].
    const row = (_sheet: number, question: number): MarkKind[] =>
      LETTERS.split('').map((_, bubble) => (bubble === question % 5 ? 'dark' : 'blank'));
    const { images } = await synthesize({ code, questions, versions: 1, language: false }, 2, 31, {
      printed: new Uint8Array(await readFile(join(out, 'answer-sheet.pdf'))),
      photos: 'none',
      rows: row,
    });
    const [first, second] = images;
    await writeFile(join(temp.dir, 'folha-1.jpg'), first ?? Buffer.alloc(0));
    // The second sheet photographed too close: its right edge out of the picture.
    const image = await loadImage(second ?? Buffer.alloc(0));
    const close = createCanvas(Math.round(image.width * 0.87), image.height);
    close.getContext('2d').drawImage(image, 0, 0);
    await writeFile(join(temp.dir, 'perto.jpg'), await close.encode('jpeg', 85));
    await writeFile(join(temp.dir, 'notas.txt'), 'not a scan');
    const files = ['folha-1.jpg', 'perto.jpg', 'notas.txt'].map((name) => join(temp.dir, name));

    const json = await runCli(['print', 'scan', '--data-dir', data, '--code', code, '--json', ...files]);
    expect(json.code, json.stderr).toBe(0);
    const read = JSON.parse(json.stdout) as {
      sheets: { sheet: number; answers: string; version: number | null; toSettle: unknown[] }[];
      refused: { source: string; reason: string; detail: string; said: string }[];
    };
    const expected = Array.from({ length: questions }, (_, n) => LETTERS[n % 5]).join('');
    expect(read.sheets).toEqual([expect.objectContaining({ sheet: 1, answers: expected, version: 1, toSettle: [] })]);
    expect(read.refused.map((r) => [r.source, r.reason])).toEqual([
      ['perto.jpg · p. 1', 'corner-missing'],
      ['notas.txt', 'not-an-image'],
    ]);
    const [corner, text] = read.refused;
    expect(corner?.detail).toMatch(/^(top-right:outside,)?bottom-right:outside$/);
    expect(corner?.said).toContain('bottom-right outside the photo: frame the whole sheet');
    expect(text?.said).toContain('not a PDF, JPEG or PNG');

    // The same reading in sentences; an exam the folder does not hold is bad usage.
    const said = await runCli(['print', 'scan', '--data-dir', data, '--code', code, ...files]);
    expect(said.stdout).toContain(`sheet 1 (folha-1.jpg · p. 1): ${expected}, version 1\n`);
    expect(said.stdout).toContain('refused perto.jpg · p. 1: the QR code was read, but a corner square is missing:');
    expect(said.stdout).toContain(`${code}: 1 sheet read, 2 refused`);
    const unknown = await runCli(['print', 'scan', '--data-dir', data, '--code', 'PZZZZZZ', ...files]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no printed exam PZZZZZZ');
  }, 240_000);
});
