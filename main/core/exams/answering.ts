// Answering a running attempt: answer, flag, strike, guess, move, presence (a review's ratings are
// in review-session.ts). Every change is saved durably before it is acknowledged; a call after the
// deadline submits the attempt and is refused.
// Practice feedback carries a key, so it is made only from a question visibility.ts cleared.
import type { PracticeFeedback } from '../../../preload/contract.js';
import type { AttemptStore } from './attempt-store.js';
import { ExamError } from './errors.js';
import { feedbackOf } from './feedback.js';
import type { Attempt, AttemptQuestion } from './model.js';
import { isCleared, type Shown, type Visibility } from './visibility.js';

export interface AnsweringDeps {
  attempts: AttemptStore;
  visibility: Visibility;
  now: () => number;
  /** The deadline passed: the engine submits the attempt. */
  submitLate: (attempt: Attempt) => Promise<void>;
}

export class Answering {
  constructor(private readonly deps: AnsweringDeps) {}

  /** A checked answer's feedback, when visibility lets its key through (practice, once checked). */
  private feedback(entry: AttemptQuestion, shown: Shown): PracticeFeedback | null {
    return isCleared(shown) ? feedbackOf(entry, shown, this.deps.attempts.render) : null;
  }

  /** The running attempt addressed by a call; answers after the deadline are refused (and it is submitted). */
  private async live(attemptId: string, index?: number): Promise<{ attempt: Attempt; entry: AttemptQuestion | null }> {
    const attempt = this.deps.attempts.get(attemptId);
    if (!attempt) throw new ExamError('not-found');
    if (attempt.status !== 'running') throw new ExamError('exam-over');
    if (attempt.deadline !== null && this.deps.now() >= attempt.deadline) {
      await this.deps.submitLate(attempt);
      throw new ExamError('exam-over');
    }
    if (index === undefined) return { attempt, entry: null };
    const entry = attempt.questions[index];
    if (!entry) throw new ExamError('not-found');
    return { attempt, entry };
  }

  async answer(
    attemptId: string,
    index: number,
    choice: number | null,
  ): Promise<{ saved: true; feedback: PracticeFeedback | null }> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry) throw new ExamError('not-found');
    if (choice !== null && choice >= entry.order.length) throw new ExamError('not-found');
    const practice = attempt.config.mode === 'practice';
    const question = practice ? (await this.deps.attempts.questionsOf(attempt))[index] : undefined;
    // Practice: once checked, an answer stays (the key was shown).
    if (practice && entry.revealed && question)
      return { saved: true, feedback: this.feedback(entry, this.deps.visibility.show(attemptId, question)) };
    entry.answer = choice;
    if (practice && choice !== null) entry.revealed = true;
    await this.deps.attempts.save(attempt);
    return {
      saved: true,
      feedback:
        question && choice !== null ? this.feedback(entry, this.deps.visibility.show(attemptId, question)) : null,
    };
  }

  async flag(attemptId: string, index: number, flagged: boolean): Promise<{ saved: true }> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry) throw new ExamError('not-found');
    entry.flagged = flagged;
    await this.deps.attempts.save(attempt);
    return { saved: true };
  }

  async eliminate(attemptId: string, index: number, choice: number, eliminated: boolean): Promise<{ saved: true }> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry || choice >= entry.order.length) throw new ExamError('not-found');
    entry.eliminated = eliminated
      ? [...new Set([...entry.eliminated, choice])].sort()
      : entry.eliminated.filter((c) => c !== choice);
    await this.deps.attempts.save(attempt);
    return { saved: true };
  }

  /** "Chutei": the answer is marked as a guess (kept with it, counted in the results). */
  async guess(attemptId: string, index: number, guessed: boolean): Promise<{ saved: true }> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry) throw new ExamError('not-found');
    entry.guessed = guessed;
    await this.deps.attempts.save(attempt);
    return { saved: true };
  }

  /** The student moved to another question: time so far goes to the one being left. */
  async visit(attemptId: string, index: number): Promise<{ saved: true }> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry) throw new ExamError('not-found');
    this.account(attempt);
    attempt.current = index;
    await this.deps.attempts.save(attempt);
    return { saved: true };
  }

  /**
   * Time since the current question was opened goes to it (leaving it, submitting, closing), but
   * not while the exam screen was away (another screen, another app, a hidden window).
   */
  account(attempt: Attempt) {
    const now = this.deps.now();
    const open = attempt.questions[attempt.current];
    if (open && attempt.awaySince === null) open.timeMs += Math.max(0, now - attempt.currentSince);
    attempt.currentSince = now;
  }

  /** The exam screen left the student's eyes (`present` false) or came back: time away counts for no question. */
  async presence(attemptId: string, present: boolean): Promise<{ saved: true }> {
    const { attempt } = await this.live(attemptId);
    if (present === (attempt.awaySince === null)) return { saved: true };
    this.account(attempt);
    attempt.awaySince = present ? null : this.deps.now();
    await this.deps.attempts.save(attempt);
    return { saved: true };
  }
}
