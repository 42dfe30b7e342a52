// Booklet versions, as the ENEM prints them: the same questions in different orders (within each
// area block) and with differently ordered alternatives, one colour each, all from one seed.
// Pure: the same seed gives the same versions, so a booklet can be reprinted and graded later.
import type { ForeignLanguage } from '../../../preload/contract.js';
import { alternativeOrder } from '../exams/alternatives.js';
import { foreignLanguageOf } from '../exams/enem.js';
import { seededRandom, shuffle } from '../exams/random.js';
import type { SnapshotQuestion } from '../exams/model.js';

/** The colours of the real exam's booklets, in order. */
export const VERSION_COLOURS = [
  { name: 'AZUL', hex: '#1d4ed8' },
  { name: 'AMARELO', hex: '#ca8a04' },
  { name: 'BRANCO', hex: '#6b7280' },
  { name: 'ROSA', hex: '#db2777' },
  { name: 'VERDE', hex: '#15803d' },
  { name: 'CINZA', hex: '#374151' },
] as const;
export const MAX_VERSIONS = VERSION_COLOURS.length;

export interface BookletVersion {
  /** 1-based. */
  number: number;
  colour: (typeof VERSION_COLOURS)[number];
  /** Printed position → index of the question in the exam's own order. */
  order: number[];
  /** Per printed position: printed letter position → index of the original alternative. */
  alternatives: number[][];
  /** Per printed position: the number printed (and marked on the sheet); 1–5 twice with a language choice. */
  numbers: number[];
}

/**
 * How a booklet groups its questions. 'areas': by area in the national exam's order (the layout of
 * exams printed before the foreign-language blocks; kept so that they still grade as printed).
 * 'enem': the same, with the foreign-language questions opening Linguagens, English then Spanish.
 */
export type BookletLayout = 'areas' | 'enem';

/** The layout and numbering of a printed exam. */
export interface BookletPlan {
  layout: BookletLayout;
  /**
   * ENEM day 1: the English and the Spanish questions are printed under the same numbers (01–05)
   * and each student answers those of the language marked on the sheet.
   */
  languageChoice: boolean;
}

const BLOCK_ORDER = ['linguagens-ingles', 'linguagens-espanhol', 'linguagens', 'humanas', 'natureza', 'matematica'];

/** A question's block in a booklet (the key of its heading). */
export function blockKey(question: SnapshotQuestion, layout: BookletLayout): string {
  const area = question.area ?? 'other';
  const language = layout === 'enem' && area === 'linguagens' ? foreignLanguageOf(question.subject) : null;
  return language ? `linguagens-${language}` : area;
}

/** The exam's questions grouped into blocks, in the national exam's order, then the others. */
export function areaBlocks(questions: SnapshotQuestion[], layout: BookletLayout = 'areas'): number[][] {
  const blocks = new Map<string, number[]>();
  questions.forEach((q, index) => {
    const key = blockKey(q, layout);
    blocks.set(key, [...(blocks.get(key) ?? []), index]);
  });
  return [...blocks]
    .sort(([a], [b]) => (BLOCK_ORDER.indexOf(a) + 1 || 99) - (BLOCK_ORDER.indexOf(b) + 1 || 99))
    .map(([, indexes]) => indexes);
}

/** The foreign language a question is answered in when the sheet asks for one (else null). */
export function answeredIn(question: SnapshotQuestion, plan: BookletPlan): ForeignLanguage | null {
  return plan.languageChoice && question.area === 'linguagens' ? foreignLanguageOf(question.subject) : null;
}

/** How many rows the answer sheet has: every question, the shared 01–05 counted once. */
export function sheetRows(questions: SnapshotQuestion[], plan: BookletPlan): number {
  return questions.filter((q) => answeredIn(q, plan) !== 'espanhol').length;
}

/** The number printed at each position: in order, except that the Spanish block repeats the English one's. */
function numbersOf(questions: SnapshotQuestion[], order: number[], plan: BookletPlan): number[] {
  let next = 0;
  let spanish = 0;
  return order.map((index) => {
    const question = questions[index];
    if (question && answeredIn(question, plan) === 'espanhol') return (spanish += 1);
    return (next += 1);
  });
}

export function planVersions(
  questions: SnapshotQuestion[],
  count: number,
  seed: number,
  plan: BookletPlan = { layout: 'areas', languageChoice: false },
): BookletVersion[] {
  const blocks = areaBlocks(questions, plan.layout);
  return Array.from({ length: Math.min(MAX_VERSIONS, Math.max(1, count)) }, (_, v) => {
    // Each version its own stream: adding a fifth version never changes the first four.
    const random = seededRandom((seed + v * 0x9e3779b1) >>> 0);
    const order = blocks.flatMap((block) => shuffle(block, random));
    return {
      number: v + 1,
      colour: VERSION_COLOURS[v] ?? VERSION_COLOURS[0],
      order,
      numbers: numbersOf(questions, order, plan),
      alternatives: order.map((index) =>
        alternativeOrder(
          (questions[index]?.alternatives ?? []).map((a) => a.text),
          random,
          shuffle,
        ),
      ),
    };
  });
}
