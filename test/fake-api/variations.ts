// What a server that keeps the spec may send, beyond what our generator writes: the spec shows only
// some fields (§2.2), so a faithful server may send the others in any type, null, or not at all.
// `minimum` is the spec's shown fields and nothing else; `varied` sends, question by question, the
// forms a schema-driven mock would (string and date years, words in other cases, null names, numeric
// exam ids, extra fields, markup) and some questions whose two key marks disagree.
import type { FakeQuestion } from './data.js';

export type WireShape = 'full' | 'minimum' | 'varied';
export const WIRE_SHAPES: readonly WireShape[] = ['full', 'minimum', 'varied'];

/** How a varied question's key is sent: agreeing, or one of the ways a server contradicts itself. */
export type KeyVariation = 'agrees' | 'none-marked' | 'several-marked' | 'contradicted';

/** A stable number per question (its uuid's first 8 hex digits): the same question varies the same way on every page. */
const slot = (question: FakeQuestion) => Number.parseInt(question.id.slice(0, 8), 16);

/** Which key a varied question is sent with: one in 10 contradicts itself, by turns in each way. */
export function keyVariationOf(question: FakeQuestion): KeyVariation {
  const n = slot(question);
  if (n % 10 !== 3) return 'agrees';
  const ways: KeyVariation[] = ['none-marked', 'several-marked', 'contradicted'];
  return ways[Math.floor(n / 10) % ways.length] ?? 'contradicted';
}

const YEARS = [
  (year: number) => year,
  (year: number) => String(year),
  (year: number) => `${year}-03-01`,
  (year: number) => `${year}-11-05T13:30:00Z`,
];
const DIFFICULTY_FORMS = [(word: string) => word, (word: string) => word.toUpperCase(), () => 2, () => null];

function minimum(question: FakeQuestion): Record<string, unknown> {
  return {
    id: question.id,
    statement: question.statement,
    imageUrl: question.imageUrl,
    subject: { id: question.subject.id },
    exam: { name: question.exam.name },
    alternatives: question.alternatives,
    correctAlternative: question.correctAlternative,
  };
}

function variedKey(question: FakeQuestion): Pick<FakeQuestion, 'alternatives' | 'correctAlternative'> {
  const { alternatives, correctAlternative } = question;
  const right = alternatives.findIndex((a) => a.isCorrect);
  const other = (right + 1) % alternatives.length;
  switch (keyVariationOf(question)) {
    case 'none-marked':
      return { alternatives: alternatives.map((a) => ({ ...a, isCorrect: false })), correctAlternative: 'A' };
    case 'several-marked':
      return {
        alternatives: alternatives.map((a, i) => ({ ...a, isCorrect: i === right || i === other })),
        correctAlternative,
      };
    case 'contradicted':
      return { alternatives, correctAlternative: alternatives[other]?.letter ?? 'A' };
    case 'agrees':
      return { alternatives, correctAlternative };
  }
}

function varied(question: FakeQuestion): Record<string, unknown> {
  const n = slot(question);
  const year = YEARS[n % YEARS.length]?.(question.year) ?? question.year;
  const difficulty = DIFFICULTY_FORMS[Math.floor(n / 4) % DIFFICULTY_FORMS.length]?.(question.difficulty);
  const statement =
    n % 3 === 0
      ? `<p>${question.statement.replace('qual', 'qual &amp; <b>qual</b>')}</p><p>Segunda linha<br/>e terceira.</p>`
      : question.statement;
  return {
    ...question,
    ...variedKey(question),
    statement,
    year,
    difficulty,
    subject: n % 5 === 0 ? { id: question.subject.id, name: null } : question.subject,
    exam: n % 7 === 0 ? { id: n, name: question.exam.name } : question.exam,
    // Fields the spec never names: a faithful client keeps them and is not thrown by them.
    source: { kind: 'generated', tags: ['x'] },
    updatedAt: '2024-01-01T00:00:00Z',
  };
}

/** The question as a server of this shape sends it (without the fake's own `national` mark). */
export function wireOf(question: FakeQuestion, shape: WireShape): Record<string, unknown> {
  const { national: _national, ...fields } = question;
  if (shape === 'minimum') return minimum(question);
  if (shape === 'varied') return varied(question);
  return fields;
}
