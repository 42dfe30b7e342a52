// A checked answer's feedback: whether it is right, which displayed choice was, and the worked
// solution. It carries the key: only for questions nothing locks (practice once checked, results).
import type { PracticeFeedback } from '../../../preload/contract.js';
import type { AttemptQuestion, ImageRef, SnapshotQuestion } from './model.js';

/** Whether the answer is right, which displayed choice was, and the worked solution. */
export function feedbackOf(
  entry: AttemptQuestion,
  question: SnapshotQuestion,
  render: (ref: ImageRef) => string | null,
): PracticeFeedback {
  const correctChoice = entry.order.findIndex((original) => question.alternatives[original]?.id === question.correctId);
  const figure = render(question.explanationImage);
  return {
    correct: entry.answer !== null && entry.answer === correctChoice,
    correctChoice,
    explanation: question.explanation !== null || figure ? { text: question.explanation ?? '', image: figure } : null,
  };
}
