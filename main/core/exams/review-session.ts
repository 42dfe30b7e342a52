// A notebook review session, Anki's way: a card the student failed (or is still learning) comes
// back later in the same session until it graduates or the student stops, and the last rating can
// be taken back. A repeat is a new entry at the end with the alternatives shuffled again; it shares
// its question with the entry it repeats (attempt-store.ts), so nothing new is saved but the state.
import type { ReviewGrade } from '../../../preload/contract.js';
import type { AttemptStore } from './attempt-store.js';
import { alternativeOrder } from './alternatives.js';
import { ExamError } from './errors.js';
import { freshEntry, type Attempt } from './model.js';
import { seededRandom, shuffle } from './random.js';
import { undoableOf } from './views.js';

export class ReviewSession {
  constructor(private readonly attempts: AttemptStore) {}

  private session(attemptId: string): Attempt {
    const attempt = this.attempts.get(attemptId);
    if (!attempt || attempt.config.kind !== 'review') throw new ExamError('not-found');
    if (attempt.status !== 'running') throw new ExamError('exam-over');
    return attempt;
  }

  /** Later entries repeating the same card that the student has not reached yet. */
  private pending(attempt: Attempt, index: number): number[] {
    const root = attempt.questions[index]?.repeatOf ?? index;
    return attempt.questions.flatMap((entry, at) =>
      at > index && entry.repeatOf === root && !entry.revealed && entry.answer === null ? [at] : [],
    );
  }

  private drop(attempt: Attempt, indexes: number[]) {
    for (const at of [...indexes].sort((a, b) => b - a)) {
      attempt.questions.splice(at, 1);
      if (attempt.current > at) attempt.current -= 1;
    }
    attempt.current = Math.min(attempt.current, attempt.questions.length - 1);
  }

  /**
   * Entry `index` was rated `grade`: kept with it, and the card comes back at the end of the session
   * when its next review falls today (`back`), or a repeat no longer needed goes. One durable save.
   */
  async rated(attemptId: string, index: number, grade: ReviewGrade, back: boolean): Promise<void> {
    const attempt = this.session(attemptId);
    const entry = attempt.questions[index];
    // Only a checked card comes back: a repeat must never be what first shows a key (visibility.ts).
    if (!entry?.revealed) throw new ExamError('not-found');
    const pending = this.pending(attempt, index);
    if (back && pending.length === 0) {
      const root = entry.repeatOf ?? index;
      const original = (await this.attempts.questionsOf(attempt))[root];
      if (!original) throw new ExamError('not-found');
      // Drawn from the seed and the position, so a replay gives the same order.
      const random = seededRandom((attempt.seed ^ Math.imul(attempt.questions.length, 0x9e3779b1)) >>> 0);
      const order = alternativeOrder(
        original.alternatives.map((a) => a.text),
        random,
        shuffle,
      );
      attempt.questions.push({ ...freshEntry(entry.questionId, order), repeatOf: root });
    } else if (!back) {
      this.drop(attempt, pending);
    }
    entry.grade = grade;
    attempt.lastRated = index;
    await this.attempts.save(attempt);
  }

  /**
   * Takes the last rating back: the entry is unrated and current again, and a repeat it caused and
   * the student has not reached goes. Answers the entry (the notebook reverts its card), or null.
   */
  async undo(attemptId: string): Promise<number | null> {
    const attempt = this.session(attemptId);
    const index = undoableOf(attempt);
    if (index === null) return null;
    const entry = attempt.questions[index];
    if (!entry) return null;
    entry.grade = null;
    this.drop(attempt, this.pending(attempt, index));
    attempt.lastRated = null;
    attempt.current = index;
    await this.attempts.save(attempt);
    return index;
  }
}
