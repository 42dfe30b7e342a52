// What the renderer sees of a question in an attempt: its texts and images in the displayed order,
// relettered A–E. Nothing here tells the original letter or the key (grading.ts adds those to a
// result only for questions visibility.ts cleared).
import type { ExamQuestionView, ExamState, RunningExam } from '../../../preload/contract.js';
import { feedbackOf } from './feedback.js';
import type { Attempt, AttemptQuestion, ImageRef } from './model.js';
import { isCleared, type Shown } from './visibility.js';

const LETTERS = 'ABCDEFGHIJ';

/** An image as the renderer may load it (a cached file's address, or 'missing'), or null for none. */
export type RenderImage = (ref: ImageRef) => string | null;

export function viewOf(entry: AttemptQuestion, index: number, question: Shown, render: RenderImage): ExamQuestionView {
  return {
    index,
    statement: question.statement,
    image: render(question.image),
    subject: question.subject,
    area: question.area,
    exam: question.exam,
    year: question.year,
    alternatives: entry.order.map((original, position) => {
      const alternative = question.alternatives[original];
      return {
        letter: LETTERS[position] ?? String(position),
        text: alternative?.text ?? '',
        image: render(alternative?.image ?? null),
      };
    }),
  };
}

/** The running attempt as the exam screen reads it: views, answers, marks, and practice feedback once checked. */
export function stateOf(
  attempt: Attempt,
  questions: Shown[],
  clock: { now: number; speed: number },
  render: RenderImage,
): ExamState {
  const at = (index: number): Shown => questions[index] as Shown;
  return {
    attemptId: attempt.id,
    title: attempt.config.title,
    titleKey: attempt.config.titleKey,
    kind: attempt.config.kind,
    mode: attempt.config.mode,
    strict: attempt.config.strict,
    seed: attempt.seed,
    deadline: attempt.deadline,
    clock,
    warnings: attempt.config.warnings,
    current: attempt.current,
    questions: attempt.questions.map((entry, index) => viewOf(entry, index, at(index), render)),
    answers: attempt.questions.map((q) => q.answer),
    flags: attempt.questions.map((q) => q.flagged),
    eliminated: attempt.questions.map((q) => [...q.eliminated]),
    guessed: attempt.questions.map((q) => q.guessed),
    // Practice only, and only for questions already checked: the key of the others stays in main.
    feedback: attempt.questions.map((q, index) => {
      const question = at(index);
      return attempt.config.mode === 'practice' && q.revealed && isCleared(question)
        ? feedbackOf(q, question, render)
        : null;
    }),
    grades: attempt.questions.map((q) => q.grade),
    repeats: attempt.questions.map((q) => q.repeatOf !== null),
    undoable: attempt.config.kind === 'review' ? undoableOf(attempt) : null,
  };
}

/** A review session: the entry whose rating "undo" takes back, or null. */
export function undoableOf(attempt: Attempt): number | null {
  const index = attempt.lastRated;
  return index !== null && attempt.questions[index]?.grade != null ? index : null;
}

/** The running attempt in a few numbers (the sidebar's countdown). */
export function summaryOf(attempt: Attempt, clock: { now: number; speed: number }): RunningExam {
  return {
    attemptId: attempt.id,
    title: attempt.config.title,
    titleKey: attempt.config.titleKey,
    kind: attempt.config.kind,
    mode: attempt.config.mode,
    deadline: attempt.deadline,
    clock,
    answered: attempt.questions.filter((q) => q.answer !== null).length,
    total: attempt.questions.length,
  };
}
