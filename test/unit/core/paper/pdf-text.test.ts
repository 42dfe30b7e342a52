// What the paper exam prints, word for word and where on the page: the booklets (the class's, and
// one enlarged for a student), the numbered answer sheets with the language bubble, and the key,
// compared with the text recorded in test/fixtures/paper-text.json. Moving the renderer's code
// between modules must not move a word; a deliberate change to what is printed updates the record
// (UPDATE_PAPER_TEXT=1) in the same commit, where a reviewer sees the difference.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SnapshotQuestion } from '../../../../main/core/exams/model.js';
import { renderAnswerSheet, renderBooklet, renderKey, type PaperExam } from '../../../../main/core/paper/pdf.js';
import { planVersions } from '../../../../main/core/paper/versions.js';
import { pdfText } from '../../../support/pdf-read.js';
import { createCanvas } from '@napi-rs/canvas';

const RECORD = 'test/fixtures/paper-text.json';
const AREAS = ['Matemática', 'História', 'Biologia', 'Língua Portuguesa'];

const questions: SnapshotQuestion[] = Array.from({ length: 12 }, (_, i) => ({
  id: `q${i + 1}`,
  baseId: `q${i + 1}`,
  statement:
    i % 3 === 0
      ? `Questão ${i + 1}: uma função f(x) = 2x − ${i} corta o eixo das abscissas em qual ponto? Considere também o gráfico ao lado, com ação, atenção e coração.`
      : `Enunciado ${i + 1} — leia com atenção.`,
  image: i === 4 ? { url: 'img:figura' } : null,
  subject: AREAS[i % AREAS.length] ?? 'Matemática',
  area: null,
  exam: 'ENEM',
  year: 2020 + (i % 4),
  difficulty: null,
  alternatives: [...'ABCDE'].map((letter, k) => ({
    id: `q${i + 1}${letter}`,
    letter,
    text:
      k === 2
        ? `Alternativa ${letter} de uma questão com um texto bem mais longo, que quebra em várias linhas na coluna.`
        : `${letter}) ${i * 5 + k}`,
    image: null,
  })),
  correctId: `q${i + 1}${'ABCDE'[(i * 3) % 5] ?? 'A'}`,
  explanation: null,
  explanationImage: null,
}));

const figure = (() => {
  const canvas = createCanvas(40, 30);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#335';
  ctx.fillRect(5, 5, 30, 20);
  return canvas.encodeSync('png');
})();

const exam: PaperExam = {
  code: 'PTEXT01',
  title: 'Simulado de revisão — 3º ano',
  minutes: 90,
  questions,
  imageOf: (ref) => (ref?.url === 'img:figura' ? { bytes: figure, mime: 'image/png' } : null),
};

/** Each page's words, in order, with where they start (rounded to a point). */
async function printed(bytes: Buffer) {
  return (await pdfText(bytes)).map((page) =>
    page.items.map((item) => `${Math.round(item.x)},${Math.round(item.y)} ${item.text}`),
  );
}

describe('the paper exam’s text', () => {
  it('prints the same words in the same places as recorded', async () => {
    const versions = planVersions(questions, 2, 7);
    const [first, second] = versions;
    if (!first || !second) throw new Error('two versions planned');
    const files = {
      'booklet-1': await renderBooklet(exam, first),
      'booklet-2': await renderBooklet(exam, second),
      'booklet-1-superampliado': await renderBooklet(exam, first, { enlarged: 24, extraMinutes: 60 }),
      'answer-sheet': await renderAnswerSheet(exam, versions, { sheets: 2, language: true }),
      key: await renderKey(exam, versions),
    };
    const text: Record<string, string[][]> = {};
    for (const [name, bytes] of Object.entries(files)) text[name] = await printed(bytes);
    if (process.env.UPDATE_PAPER_TEXT === '1' || !existsSync(RECORD))
      writeFileSync(RECORD, `${JSON.stringify(text, null, 1)}\n`);
    expect(text).toEqual(JSON.parse(readFileSync(RECORD, 'utf8')));
  }, 60_000);
});
