// A checked answer's feedback: whether it is right, which displayed choice was, and the worked
// solution. It carries the key, so it takes only a question visibility.ts has cleared.
import type { PracticeFeedback } from '../../../preload/contract.js';
import type { AttemptQuestion, ImageRef, SnapshotQuestion } from './model.js';
import type { Cleared } from './visibility.js';

/** The displayed position of the right alternative (-1 when ungradable). Main only. */
export function correctChoiceOf(entry: AttemptQuestion, question: SnapshotQuestion): number {
  return entry.order.findIndex((original) => question.alternatives[original]?.id === question.correctId);
}

/** Whether the answer is right. Main only (the notebook's facts, never the renderer's). */
export function isRight(entry: AttemptQuestion, question: SnapshotQuestion): boolean {
  return entry.answer !== null && entry.answer === correctChoiceOf(entry, question);
}

/** Whether the answer is right, which displayed choice was, and the worked solution. */
export function feedbackOf(
  entry: AttemptQuestion,
  question: Cleared<SnapshotQuestion>,
  render: (ref: ImageRef) => string | null,
): PracticeFeedback {
  const figure = render(question.explanationImage);
  return {
    correct: isRight(entry, question),
    correctChoice: correctChoiceOf(entry, question),
    explanation: question.explanation !== null || figure ? { text: question.explanation ?? '', image: figure } : null,
  };
}
