// A paper exam's answer sheet as an attempt: the questions in the booklet's printed order with its
// alternatives' order, the typed answers set, submitted at once, and graded like any other.
import { randomUUID } from 'node:crypto';
import { freshEntry, type Attempt, type PackOrigin, type SnapshotQuestion } from './model.js';

export interface PaperMeta {
  title: string;
  timeLimitMs: number | null;
  paper: NonNullable<Attempt['config']['paper']>;
  pack: PackOrigin | null;
}

export function paperAttempt(
  questions: SnapshotQuestion[],
  orders: number[][],
  answers: (number | null)[],
  meta: PaperMeta,
  now: number,
): Attempt {
  return {
    id: randomUUID(),
    version: 1,
    seed: 0,
    config: {
      title: meta.title,
      titleKey: null,
      kind: 'exam',
      mode: 'timed',
      strict: true,
      timeLimitMs: meta.timeLimitMs,
      warnings: [],
      paper: meta.paper,
      pack: meta.pack,
    },
    createdAt: now,
    deadline: null,
    status: 'submitted',
    submittedAt: now,
    submittedBy: 'student',
    current: 0,
    currentSince: now,
    lastSeenAt: now,
    warned: [],
    lastRated: null,
    awaySince: null,
    questions: questions.map((question, index) => {
      const order = orders[index] ?? question.alternatives.map((_, i) => i);
      const answer = answers[index] ?? null;
      return { ...freshEntry(question.id, order), answer: answer !== null && answer < order.length ? answer : null };
    }),
    images: [],
  };
}
