// The print libraries are imported by the first print (paper/typeset.ts), not at main's start: prints
// sent at once before any was made (two windows, a CLI batch) each wait for them and print the same
// bytes as prints made one after another once they are loaded. Vitest gives this file its own
// modules, so the first render here is the process's first.
import { describe, expect, it } from 'vitest';
import type { SnapshotQuestion } from '../../../../main/core/exams/model.js';
import { renderAnswerSheet, renderBooklet, renderKey, type PaperExam } from '../../../../main/core/paper/pdf.js';
import { planVersions } from '../../../../main/core/paper/versions.js';

const questions: SnapshotQuestion[] = Array.from({ length: 6 }, (_, i) => ({
  id: `q${i + 1}`,
  baseId: `q${i + 1}`,
  statement: `Enunciado ${i + 1}: observe a figura e responda.`,
  image: i === 1 ? { url: 'img:svg' } : null,
  subject: 'Matemática',
  area: null,
  exam: 'ENEM',
  year: 2024,
  difficulty: null,
  alternatives: [...'ABCDE'].map((letter, k) => ({ id: `q${i + 1}${letter}`, letter, text: `${i + k}`, image: null })),
  correctId: `q${i + 1}A`,
  explanation: null,
  explanationImage: null,
}));

/** An SVG figure: drawn through svg-to-pdfkit, the library a block finds once a document is open. */
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect x="5" y="5" width="110" height="50" fill="#357"/><text x="10" y="35">ação</text></svg>',
);

const exam: PaperExam = {
  code: 'FIRST01',
  title: 'Primeira impressão',
  minutes: 60,
  questions,
  imageOf: (ref) => (ref?.url === 'img:svg' ? { bytes: svg, mime: 'image/svg+xml' } : null),
};

describe('the first print of a session', () => {
  it('prints sent at once before any was made print what later prints do, figure included', async () => {
    const versions = planVersions(questions, 2, 3);
    const [first] = versions;
    if (!first) throw new Error('a version planned');
    const all = () => [
      () => renderBooklet(exam, first),
      () => renderAnswerSheet(exam, versions, { sheets: 2, language: false }),
      () => renderKey(exam, versions),
    ];
    const atOnce = await Promise.all(all().map((render) => render()));
    const later: Buffer[] = [];
    for (const render of all()) later.push(await render());
    expect(atOnce.map((bytes) => bytes.length)).toEqual(later.map((bytes) => bytes.length));
    atOnce.forEach((bytes, i) => expect(bytes.equals(later[i] ?? Buffer.alloc(0)), `file ${i}`).toBe(true));
    // The figure was drawn, not left out: without it the booklet is another file.
    const bare = await renderBooklet({ ...exam, imageOf: () => null }, first);
    expect(bare.equals(atOnce[0] ?? Buffer.alloc(0))).toBe(false);
  });
});
