// Booklet versions, as the ENEM prints them: the same questions in different orders (within each
// area block) and with differently ordered alternatives, one colour each, all from one seed.
// Pure: the same seed gives the same versions, so a booklet can be reprinted and graded later.
import { alternativeOrder } from '../exams/alternatives.js';
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
}

const AREA_ORDER = ['linguagens', 'humanas', 'natureza', 'matematica'];

/** The exam's questions grouped by area (in the national exam's order), then the others. */
export function areaBlocks(questions: SnapshotQuestion[]): number[][] {
  const blocks = new Map<string, number[]>();
  questions.forEach((q, index) => {
    const key = q.area ?? 'other';
    blocks.set(key, [...(blocks.get(key) ?? []), index]);
  });
  return [...blocks]
    .sort(([a], [b]) => (AREA_ORDER.indexOf(a) + 1 || 99) - (AREA_ORDER.indexOf(b) + 1 || 99))
    .map(([, indexes]) => indexes);
}

export function planVersions(questions: SnapshotQuestion[], count: number, seed: number): BookletVersion[] {
  const blocks = areaBlocks(questions);
  return Array.from({ length: Math.min(MAX_VERSIONS, Math.max(1, count)) }, (_, v) => {
    // Each version its own stream: adding a fifth version never changes the first four.
    const random = seededRandom((seed + v * 0x9e3779b1) >>> 0);
    const order = blocks.flatMap((block) => shuffle(block, random));
    return {
      number: v + 1,
      colour: VERSION_COLOURS[v] ?? VERSION_COLOURS[0],
      order,
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
