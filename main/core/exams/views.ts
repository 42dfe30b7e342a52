// What the renderer sees of a question in an attempt: its texts and images in the displayed order,
// relettered A–E. Nothing here tells the original letter or the key (grading.ts adds those to a
// result only for questions nothing locks).
import type { ExamQuestionView } from '../../../preload/contract.js';
import type { AttemptQuestion, ImageRef, SnapshotQuestion } from './model.js';

const LETTERS = 'ABCDEFGHIJ';

/** An image as the renderer may load it (a cached file's address, or 'missing'), or null for none. */
export type RenderImage = (ref: ImageRef) => string | null;

export function viewOf(
  entry: AttemptQuestion,
  index: number,
  question: SnapshotQuestion,
  render: RenderImage,
): ExamQuestionView {
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
