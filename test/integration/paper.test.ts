import { readPack } from '../../main/core/packs/reader.js';
// Paper mode's PDFs, checked as a reader would: the text of each booklet in its version's order,
// the version on every page, accents intact, nothing outside the page, figures drawn, the key
// mapping back to the original questions, and the same seed giving the same bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseTypedAnswers,
  printPaperExam,
  versionsOf,
  type PaperExamRecord,
} from '../../main/core/paper/paper-exam.js';
import { demoPaperExam } from '../support/paper.js';
import { pdfPages, pdfText, type PdfPageText } from '../support/pdf-read.js';
import { tempDir } from '../support/temp.js';
import { PNG } from '../support/png.js';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../support/run-node.js';
import { handle } from '../../main/app/handle.js';
import { PaperExams } from '../../main/core/paper/paper-exam.js';
import { callValue } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';

let exam: PaperExamRecord;
let files: Map<string, Buffer>;
const texts = new Map<string, PdfPageText[]>();
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const demo = await demoPaperExam(temp.dir, { versions: 4, seed: 7 });
  cleanups.push(demo.close);
  exam = demo.exam;
  files = await printPaperExam(exam, demo.loadImage);
  for (const [name, bytes] of files) texts.set(name, await pdfText(bytes));
}, 60_000);
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const LABELS = ['CADERNO 1 · AZUL', 'CADERNO 2 · AMARELO', 'CADERNO 3 · BRANCO', 'CADERNO 4 · ROSA'];
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('paper booklets', () => {
  it('writes one booklet per version, the answer sheet and the key', () => {
    expect([...files.keys()].sort()).toEqual([
      'answer-sheet.pdf',
      'booklet-1.pdf',
      'booklet-2.pdf',
      'booklet-3.pdf',
      'booklet-4.pdf',
      'key.pdf',
    ]);
  });

  it('prints each version’s questions in its own order, numbered, with its alternatives in its own order', () => {
    for (const version of versionsOf(exam)) {
      const text = squash(
        (texts.get(`booklet-${version.number}.pdf`) ?? [])
          .slice(1)
          .map((p) => p.text)
          .join(' '),
      );
      let from = 0;
      version.order.forEach((index, position) => {
        const question = exam.questions[index];
        const heading = `QUESTÃO ${String(position + 1).padStart(2, '0')}`;
        const at = text.indexOf(heading, from);
        expect(at, `${heading} of version ${version.number}`).toBeGreaterThanOrEqual(from);
        // The statement's start follows its number (line breaks aside).
        const start = squash(question?.statement ?? '').slice(0, 25);
        expect(text.indexOf(start, at), `statement of ${heading}`).toBeGreaterThan(at);
        // Its alternatives, lettered in the version's order.
        const alternatives = version.alternatives[position] ?? [];
        const first = question?.alternatives[alternatives[0] ?? 0]?.text ?? '';
        expect(text.indexOf(`A ${squash(first).slice(0, 15)}`, at), `A of ${heading}`).toBeGreaterThan(at);
        from = at;
      });
    }
    // Different versions, different orders.
    const [a, b] = versionsOf(exam);
    expect(a?.order).not.toEqual(b?.order);
  });

  it('says the version and the exam code on every page, and the accents come through', () => {
    for (const [n, label] of LABELS.entries()) {
      const pages = texts.get(`booklet-${n + 1}.pdf`) ?? [];
      expect(pages.length).toBeGreaterThan(2);
      pages.forEach((page, i) => {
        expect(page.text, `page ${i + 1} of booklet ${n + 1}`).toContain(label);
        expect(page.text).toContain(`página ${i + 1} de ${pages.length}`);
        expect(page.text).toContain(exam.code);
      });
    }
    const all = (texts.get('booklet-1.pdf') ?? []).map((p) => p.text).join(' ');
    expect(all).toContain('CIÊNCIAS DA NATUREZA E SUAS TECNOLOGIAS');
    expect(all).toMatch(/ção|ções/);
  });

  it('keeps every word on the page, inside the margins', () => {
    for (const [name, pages] of texts) {
      for (const [i, page] of pages.entries()) {
        for (const item of page.items) {
          const where = `${name} p${i + 1}: "${item.text.slice(0, 30)}"`;
          expect(item.x, where).toBeGreaterThanOrEqual(20);
          expect(item.x + item.width, where).toBeLessThanOrEqual(page.width - 20);
          expect(item.y, where).toBeGreaterThanOrEqual(20);
          expect(item.y + item.height, where).toBeLessThanOrEqual(page.height - 4);
        }
      }
    }
  });

  it('the answer sheet has a row per question and the colours to mark; the key names each question by booklet 1’s number', () => {
    const sheet = squash((texts.get('answer-sheet.pdf') ?? []).map((p) => p.text).join(' '));
    expect(sheet).toContain('CARTÃO-RESPOSTA');
    for (const colour of ['AZUL', 'AMARELO', 'BRANCO', 'ROSA']) expect(sheet).toContain(colour);
    for (let n = 1; n <= exam.questions.length; n++) expect(sheet).toContain(String(n).padStart(2, '0'));
    const key = squash((texts.get('key.pdf') ?? []).map((p) => p.text).join(' '));
    const first = versionsOf(exam)[0]?.order ?? [];
    for (const version of versionsOf(exam)) {
      version.order.forEach((index, position) => {
        const question = exam.questions[index];
        const keyPosition = (version.alternatives[position] ?? []).findIndex(
          (o) => question?.alternatives[o]?.id === question?.correctId,
        );
        const line = `${String(position + 1).padStart(2, '0')} ${'ABCDE'[keyPosition]} (questão ${String(first.indexOf(index) + 1).padStart(2, '0')} do caderno 1)`;
        expect(key, `version ${version.number} #${position + 1}`).toContain(line);
      });
    }
    expect(exam.questions.every((q) => q.correctId !== null)).toBe(true);
  });

  it('the same exam and seed give the same bytes; another seed, another booklet', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const again = await demoPaperExam(temp.dir, { versions: 4, seed: 7 });
    cleanups.push(again.close);
    const reprinted = await printPaperExam(again.exam, again.loadImage);
    for (const [name, bytes] of files) expect(reprinted.get(name)?.equals(bytes), name).toBe(true);
    const other = await printPaperExam({ ...again.exam, seed: 8 }, again.loadImage);
    expect(other.get('booklet-1.pdf')?.equals(files.get('booklet-1.pdf') ?? Buffer.alloc(0))).toBe(false);
  });

  it('a wrapped alternative hangs under its text, never under its letter', () => {
    let continuations = 0;
    for (const page of texts.get('booklet-1.pdf')?.slice(1) ?? []) {
      const letters = page.items.filter((i) => /^[A-E]$/.test(i.text.trim()));
      const letterXs = [...new Set(letters.map((i) => Math.round(i.x)))];
      const others = page.items.filter((i) => i.text.trim() && !/^[A-E]$/.test(i.text.trim()));
      for (const item of others) {
        expect(
          letterXs.some((x) => Math.abs(item.x - x) < 1),
          `"${item.text.slice(0, 30)}" starts under a letter`,
        ).toBe(false);
      }
      // Lines at an alternative's text column with no letter beside them: the wrapped ones.
      const textXs = letterXs.map((x) => x + 14);
      continuations += others.filter(
        (i) => textXs.some((x) => Math.abs(i.x - x) < 1.5) && !letters.some((l) => Math.abs(l.y - i.y) < 2),
      ).length;
    }
    expect(continuations, 'the demo has alternatives long enough to wrap').toBeGreaterThan(0);
  });

  it('pages render, and a question’s figure is drawn between its statement and its alternatives', async () => {
    const booklet = files.get('booklet-1.pdf') ?? Buffer.alloc(0);
    const images = await pdfPages(booklet, 1);
    const pages = texts.get('booklet-1.pdf') ?? [];
    expect(images).toHaveLength(pages.length);
    // The figure of the right triangle (an SVG in the demo pack): find its question on its page.
    const withFigure = exam.questions.find((q) => q.image?.sha256 && q.statement.includes('triângulo'));
    expect(withFigure).toBeDefined();
    const pageIndex = pages.findIndex((p) => p.text.includes((withFigure?.statement ?? '').slice(0, 20)));
    expect(pageIndex).toBeGreaterThan(0);
    const page = pages[pageIndex];
    const png = PNG.decode(images[pageIndex] ?? Buffer.alloc(0));
    const items = page?.items ?? [];
    const first = items.find((i) => (withFigure?.statement ?? '').startsWith(i.text.slice(0, 15)));
    const inColumn = items.filter((i) => Math.abs(i.x - (first?.x ?? 0)) < 12 && i.y <= (first?.y ?? 0));
    const letterA = inColumn.find((i) => /^A(\s|$)/.test(i.text) && i.y < (first?.y ?? 0));
    // The statement's last line: the lowest line of the column above the alternative A.
    const lines = inColumn.filter(
      (i) => i.y > (letterA?.y ?? 0) && (withFigure?.statement ?? '').includes(i.text.trim()),
    );
    const last = lines.reduce(
      (low, i) => (i.y < low.y ? i : low),
      first ?? { y: 0, x: 0, text: '', width: 0, height: 0 },
    );
    expect(first && letterA).toBeTruthy();
    const height = page?.height ?? 0;
    // Rows of the page image (top-down), between the statement's last line and the alternative A: ink.
    const top = Math.round(height - (last.y ?? 0) + 4);
    const bottom = Math.round(height - (letterA?.y ?? 0) - 12);
    const x0 = Math.round(first?.x ?? 0);
    expect(bottom - top, 'room for the figure').toBeGreaterThan(40);
    let ink = 0;
    for (let y = top; y < bottom; y++) for (let x = x0; x < x0 + 250; x++) if (png.dark(x, y)) ink += 1;
    expect(ink, `dark pixels in the figure band ${top}–${bottom}`).toBeGreaterThan(200);
  }, 60_000);
});

describe('typed answers', () => {
  it('reads letters in any case, blanks and double marks, and points at what it cannot read', () => {
    expect(parseTypedAnswers('aB-*e', 6)).toEqual({ ok: true, answers: [0, 1, null, 'double', 4, null] });
    expect(parseTypedAnswers('ab.c_ d', 7)).toEqual({ ok: true, answers: [0, 1, null, 2, null, 3, null] });
    // Groups of five, as the sheet prints them: the spaces only separate.
    expect(parseTypedAnswers('abcde abcde\nab', 12)).toEqual({
      ok: true,
      answers: [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1],
    });
    expect(parseTypedAnswers('abx', 3)).toEqual({ ok: false, position: 3 });
    expect(parseTypedAnswers('abcd', 3)).toEqual({ ok: false, position: 4 });
  });
});

describe('grading by typing', () => {
  it('the letters of each version map through its shuffle to the right original answers', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const services = await nodeServices({ dataDir: temp.dir });
    cleanups.push(() => services.close());
    await callValue(services, 'packs:import-demo', {});
    const printed = await callValue(services, 'paper:print', {
      request: { count: 20, sources: ['pack:demo-pack'] },
      title: 'Simulado impresso',
      minutes: 60,
      versions: 4,
      seed: 99,
    });
    expect(printed.files.map((f) => f.fileName)).toContain(`${printed.code}-booklet-4.pdf`);
    const listed = await callValue(services, 'paper:list', {});
    expect(listed[0]).toMatchObject({ code: printed.code, questions: 20, title: 'Simulado impresso' });
    const record = await new PaperExams(join(temp.dir, 'paper')).get(printed.code);
    if (!record) throw new Error('paper exam not kept');
    const keyLetters = (v: number) => {
      const version = versionsOf(record).find((x) => x.number === v);
      return (version?.order ?? [])
        .map((index, position) => {
          const q = record.questions[index];
          const p = (version?.alternatives[position] ?? []).findIndex((o) => q?.alternatives[o]?.id === q?.correctId);
          return 'ABCDE'[p] ?? '-';
        })
        .join('');
    };
    for (const v of [1, 2, 3, 4]) {
      const all = await callValue(services, 'paper:grade', { code: printed.code, version: v, answers: keyLetters(v) });
      expect(all.score, `version ${v}`).toMatchObject({ correct: 20, answered: 20, total: 20 });
      expect(all.paper).toMatchObject({ code: printed.code, version: v });
    }
    // Version 1's key typed as version 2: the shuffles differ, so the score drops.
    const crossed = await callValue(services, 'paper:grade', {
      code: printed.code,
      version: 2,
      answers: keyLetters(1),
    });
    expect(crossed.score.correct).toBeLessThan(20);
    // Blanks, a double mark and lower case; the student's name kept; misses reach the notebook.
    const key = keyLetters(3);
    const typed = `${key.slice(0, 15).toLowerCase()}-*.${key.slice(18, 19)}_`;
    const partial = await callValue(services, 'paper:grade', {
      code: printed.code,
      version: 3,
      answers: typed,
      student: 'Ana',
    });
    expect(partial.score).toMatchObject({ correct: 16, answered: 16, total: 20 });
    expect(partial.paper).toMatchObject({ student: 'Ana', doubles: 1 });
    expect((await callValue(services, 'exam:history', {}))[0]).toMatchObject({
      correct: 16,
      total: 20,
      paper: { student: 'Ana', doubles: 1 },
    });
    // A symbol that is no answer is refused, with where it is.
    const bad = await handle(services.handlers, 'paper:grade', { code: printed.code, version: 1, answers: 'ABX' });
    expect(bad.ok || bad.error).toEqual({ code: 'invalid-argument', params: { field: 'answers', position: 3 } });
    // A pack's paper exam can go back to the tutor as a result file too.
    const file = await callValue(services, 'class:export-result', { attemptId: partial.attemptId, student: 'Ana' });
    expect(file.fileName).toMatch(/\.examresult$/);
    // A numbered sheet graded twice at once (two clicks, two windows): one attempt, the other refused.
    const sheet = { code: printed.code, version: 1, answers: keyLetters(1), sheet: 7 };
    const before = (await callValue(services, 'exam:history', {})).length;
    const both = await Promise.all([
      handle(services.handlers, 'paper:grade', sheet),
      handle(services.handlers, 'paper:grade', sheet),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ ok: false, error: { code: 'already-graded' } });
    expect(await callValue(services, 'exam:history', {})).toHaveLength(before + 1);
  }, 60_000);
});

describe('a printed exam’s record', () => {
  it('survives a torn write: the last good copy grades the answer sheet, and the student is told', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const services = await nodeServices({ dataDir: temp.dir });
    await callValue(services, 'packs:import-demo', {});
    const printed = await callValue(services, 'paper:print', {
      request: { count: 8 },
      title: 'Rasgada',
      minutes: 20,
      versions: 2,
      seed: 3,
    });
    // Printed twice (the second write keeps the first as its .bak), then torn by a crash.
    await callValue(services, 'paper:print', {
      request: { count: 8 },
      title: 'Rasgada',
      minutes: 20,
      versions: 2,
      seed: 3,
    });
    await services.close();
    const file = join(temp.dir, 'paper', `${printed.code}.json`);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, text.length / 3));
    const again = await nodeServices({ dataDir: temp.dir });
    cleanups.push(() => again.close());
    const graded = await callValue(again, 'paper:grade', { code: printed.code, version: 1, answers: 'ABCDEABC' });
    expect(graded.score.total).toBe(8);
    const notices = await callValue(again, 'app:notices', {});
    expect(notices).toEqual([expect.objectContaining({ kind: 'paper-exam', restored: true })]);
  }, 60_000);
});

describe('cli print booklet', () => {
  it('writes booklet-<n>.pdf per version, answer-sheet.pdf and key.pdf, and keeps the exam for grading', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const out = join(temp.dir, 'print');
    const data = join(temp.dir, 'data');
    const result = await runCli([
      'print',
      'booklet',
      '--data-dir',
      data,
      '--pack',
      'assets/demo.exampack',
      '--versions',
      '2',
      '--seed',
      '5',
      '--minutes',
      '60',
      '--extra-minutes',
      '30',
      '--out',
      out,
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as { code: string; questions: number; files: string[] };
    expect(summary.questions).toBe(44);
    expect(summary.files.sort()).toEqual([
      'answer-sheet.pdf',
      'booklet-1-atendimento.pdf',
      'booklet-1.pdf',
      'booklet-2-atendimento.pdf',
      'booklet-2.pdf',
      'key.pdf',
    ]);
    // A student's extra time is on their own booklets' cover only.
    const own = await pdfText(await readFile(join(out, 'booklet-1-atendimento.pdf')));
    expect(own[0]?.text).toContain('tempo adicional de 30 minutos; seu tempo total é de 1h30 (90 minutos)');
    expect((await pdfText(await readFile(join(out, 'booklet-1.pdf'))))[0]?.text).not.toContain('adicional');
    const pages = await pdfText(await readFile(join(out, 'booklet-2.pdf')));
    expect(pages.every((p) => p.text.includes('CADERNO 2 · AMARELO'))).toBe(true);
    // Kept with its pack: its gradings can be exported as result files for the class report.
    const kept = await new PaperExams(join(data, 'paper')).get(summary.code);
    expect(kept?.pack).toMatchObject({ id: 'demo-pack', title: expect.any(String) as string });
    expect(kept?.pack?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // The tutor's key names each question by the pack's own numbering (the class report's too).
    const demo = await readPack(await readFile('assets/demo.exampack'));
    const packOrder = demo.content.questions.map((q) => q.id);
    await demo.dispose();
    expect(kept?.pack?.numbers).toEqual(kept?.questions.map((q) => packOrder.indexOf(q.baseId) + 1));
    const key = (await pdfText(await readFile(join(out, 'key.pdf')))).map((p) => p.text).join(' ');
    const questionOf = (n: number) => kept?.questions[n];
    expect(questionOf(0)).toBeDefined();
    expect(key).toContain(`questão ${packOrder.indexOf(questionOf(0)?.baseId ?? '') + 1} do pacote`);
    expect(key).not.toContain('do original');
    const usage = await runCli(['print', 'booklet', '--data-dir', data, '--out', out]);
    expect(usage.code).toBe(2);
  }, 60_000);

  it('prints the superampliada (24-point type) and the ampliada (18) a student asks for; any other size is refused', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const print = (size: string, out: string) =>
      runCli(
        ['print', 'booklet', '--data-dir', join(temp.dir, 'data'), '--pack', 'assets/demo.exampack'].concat([
          '--versions',
          '1',
          '--seed',
          '5',
          '--enlarged',
          size,
          '--out',
          join(temp.dir, out),
        ]),
      );
    for (const [size, label] of [
      ['24', 'SUPERAMPLIADO'],
      ['18', 'AMPLIADO'],
    ] as const) {
      const result = await print(size, size);
      expect(result.code, result.stderr).toBe(0);
      const pages = await pdfText(await readFile(join(temp.dir, size, 'booklet-1-atendimento.pdf')));
      expect(pages[0]?.text).toContain(`CADERNO 1 · AZUL · ${label}`);
      // The statements' type: the commonest text height past the cover is the size asked for.
      const heights = pages.slice(1).flatMap((page) => page.items.map((item) => Math.round(item.height)));
      const counts = new Map<number, number>();
      for (const height of heights) counts.set(height, (counts.get(height) ?? 0) + 1);
      const commonest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
      expect(commonest).toBe(Number(size));
    }
    const refused = await print('20', 'bad');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('18 (ampliada) or 24 (superampliada)');
  }, 90_000);
});
