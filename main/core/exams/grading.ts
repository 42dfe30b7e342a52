// Grading, pure: from an attempt and the questions it saw to answer facts (the notebook's input)
// and the result a student reads. No files, no clock: visibility.ts decides what is hidden now
// (the running exam's lock, a sealed pack waiting for its code) and hands each question in cleared or not.
import type { ExamResult, Pacing, ScoreLine } from '../../../preload/contract.js';
import { AREA_IDS } from '../../../preload/constants.js';
import { isDifficulty } from '../catalog/store.js';
import type { Attempt, AttemptQuestion, SnapshotQuestion } from './model.js';
import { feedbackOf, isRight } from './feedback.js';
import { viewOf, type RenderImage } from './views.js';
import { isCleared, type Shown } from './visibility.js';

/** One answer of an attempt as main alone sees it (the notebook's input). */
export interface AnswerFacts {
  question: SnapshotQuestion;
  answered: boolean;
  correct: boolean;
  guessed: boolean;
  timeMs: number;
  /** The attempt's time per question (its limit / its questions; 3 minutes when untimed). */
  budgetMs: number;
}

const DIFFICULTY_ORDER = ['easy', 'medium', 'hard', 'unknown'];
const AREA_ORDER: string[] = [...AREA_IDS, 'other'];
/** The national exam's pace: 5h30 for 90 questions is about 3 minutes a question. */
const DEFAULT_BUDGET_MS = 3 * 60_000;

export function budgetOf(limitMs: number | null, count: number): number {
  return limitMs !== null && count > 0 ? Math.round(limitMs / count) : DEFAULT_BUDGET_MS;
}

/** Time used against the budget, per area, and the questions where time was lost. */
export function pacing(
  questions: { index: number; timeMs: number; area: string | null }[],
  limitMs: number | null,
): Pacing {
  const budgetMs = budgetOf(limitMs, questions.length);
  const byArea = new Map<string, { timeMs: number; count: number }>();
  for (const q of questions) {
    const key = q.area ?? 'other';
    const line = byArea.get(key) ?? { timeMs: 0, count: 0 };
    line.timeMs += q.timeMs;
    line.count += 1;
    byArea.set(key, line);
  }
  return {
    budgetMs,
    byArea: [...byArea]
      .sort(([a], [b]) => AREA_ORDER.indexOf(a) - AREA_ORDER.indexOf(b))
      .map(([key, line]) => ({
        key: key as Pacing['byArea'][number]['key'],
        timeMs: line.timeMs,
        budgetMs: budgetMs * line.count,
        count: line.count,
      })),
    slowest: questions
      .filter((q) => q.timeMs > budgetMs)
      .sort((a, b) => b.timeMs - a.timeMs)
      .slice(0, 5)
      .map(({ index, timeMs }) => ({ index, timeMs })),
  };
}

export function factsOf(
  attempt: Attempt,
  entry: AttemptQuestion,
  question: SnapshotQuestion,
  timeMs: number,
): AnswerFacts {
  return {
    question,
    answered: entry.answer !== null,
    correct: isRight(entry, question),
    guessed: entry.guessed,
    timeMs,
    budgetMs: budgetOf(attempt.config.timeLimitMs, attempt.questions.length),
  };
}

export interface ResultInputs {
  /** A sealed pack's attempt waiting for the tutor's code: nothing of it is graded yet. */
  awaiting: boolean;
  render: RenderImage;
  notes?: NotebookLookup | undefined;
}

/** What a result shows of the notebook: the student's note on a question, and whether it is a card. */
export interface NotebookLookup {
  note(baseId: string): string;
  has(baseId: string): boolean;
}

/**
 * A submitted attempt's result. Hidden questions (the exam running now locks them, or a sealed pack
 * waits): no key, no correctness, no original letters, no note, and no score line that would imply them.
 */
export function resultOf(
  attempt: Attempt & { submittedAt: number; submittedBy: 'student' | 'deadline' },
  snapshot: Shown[],
  inputs: ResultInputs,
): ExamResult {
  const questions = attempt.questions.map((entry, index) => {
    const question = snapshot[index];
    if (!question) throw new Error(`attempt ${attempt.id} has no question ${index}`);
    const view = viewOf(entry, index, question, inputs.render);
    const cleared = isCleared(question) ? question : null;
    const hidden = cleared === null;
    const feedback = cleared && feedbackOf(entry, cleared, inputs.render);
    return {
      ...view,
      alternatives: view.alternatives.map((alternative, position) => ({
        ...alternative,
        originalLetter: cleared && (cleared.alternatives[entry.order[position] ?? 0]?.letter ?? ''),
      })),
      chosen: entry.answer,
      hidden,
      correctChoice: feedback?.correctChoice ?? null,
      isCorrect: feedback?.correct ?? null,
      explanation: feedback?.explanation ?? null,
      flagged: entry.flagged,
      guessed: entry.guessed,
      eliminated: [...entry.eliminated],
      timeMs: entry.timeMs,
      difficulty: isDifficulty(question.difficulty) ? question.difficulty : null,
      area: question.area,
      note: null,
      /** The question's own id, for the notes (main only: removed before the result leaves). */
      baseId: question.baseId,
    };
  });
  const visible = questions.filter((q) => !q.hidden);
  const lines = (keyOf: (q: (typeof questions)[number]) => [string, string]): ScoreLine[] => {
    const map = new Map<string, ScoreLine>();
    for (const q of visible) {
      const [key, label] = keyOf(q);
      const line = map.get(key) ?? { key, label, correct: 0, total: 0 };
      line.total += 1;
      if (q.isCorrect) line.correct += 1;
      map.set(key, line);
    }
    return [...map.values()].sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  };
  return {
    attemptId: attempt.id,
    title: attempt.config.title,
    titleKey: attempt.config.titleKey,
    kind: attempt.config.kind,
    mode: attempt.config.mode,
    submittedBy: attempt.submittedBy,
    startedAt: attempt.createdAt,
    submittedAt: attempt.submittedAt,
    timeUsedMs: questions.reduce((sum, q) => sum + q.timeMs, 0),
    timeLimitMs: attempt.config.timeLimitMs,
    seed: attempt.seed,
    score: {
      correct: visible.filter((q) => q.isCorrect).length,
      answered: questions.filter((q) => q.chosen !== null).length,
      total: questions.length,
      hidden: questions.length - visible.length,
    },
    cards:
      attempt.config.kind === 'review'
        ? {
            total: questions.filter((q, i) => !q.hidden && attempt.questions[i]?.repeatOf === null).length,
            recalled: questions.filter((q, i) => q.isCorrect === true && attempt.questions[i]?.repeatOf === null)
              .length,
          }
        : null,
    bySubject: lines((q) => [q.subject, q.subject]),
    byDifficulty: lines((q) => [q.difficulty ?? 'unknown', q.difficulty ?? 'unknown']).sort(
      (a, b) => DIFFICULTY_ORDER.indexOf(a.key) - DIFFICULTY_ORDER.indexOf(b.key),
    ),
    byArea: lines((q) => [q.area ?? 'other', q.area ?? 'other'])
      .filter((line) => line.key !== 'other')
      .sort((a, b) => AREA_ORDER.indexOf(a.key) - AREA_ORDER.indexOf(b.key)),
    pacing: pacing(questions, attempt.config.timeLimitMs),
    guessed: {
      total: questions.filter((q) => q.guessed).length,
      right: visible.filter((q) => q.guessed && q.isCorrect).length,
    },
    // A note may say the key in the student's words: withheld with the rest of a hidden question.
    questions: questions.map(({ baseId, ...q }) => ({
      ...q,
      note: (!q.hidden && inputs.notes?.note(baseId)) || null,
      inNotebook: !q.hidden && (inputs.notes?.has(baseId) ?? false),
    })),
    pack: attempt.config.pack && { id: attempt.config.pack.id, title: attempt.config.pack.title },
    awaitingRelease: inputs.awaiting,
    paper: attempt.config.paper,
  };
}
