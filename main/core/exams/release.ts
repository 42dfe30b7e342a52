// A sealed pack released by the tutor's code: every submitted attempt of it gets the keys and worked
// solutions in its saved questions, and is graded from then on. One release at a time (a double
// click would grade the same attempts twice); the whole release is journaled by the caller
// (registry.ts), so a kill mid-way is finished at the next start.
import type { AttemptStore } from './attempt-store.js';
import { OneAtATime } from '../util/one-at-a-time.js';

export class SealedRelease {
  private readonly releasing = new OneAtATime();

  constructor(private readonly attempts: AttemptStore) {}

  /** Returns the attempts released now (none that an earlier release already graded). */
  release(packId: string, keys: Record<string, string>, solutions: Record<string, string>): Promise<string[]> {
    return this.releasing.run(() => this.releaseNow(packId, keys, solutions));
  }

  /** Whether any submitted attempt of this pack still waits for its release code. */
  awaitingPack(packId: string): boolean {
    for (const attempt of this.attempts.all())
      if (attempt.config.pack?.id === packId && attempt.status === 'submitted' && this.awaiting(attempt.id))
        return true;
    return false;
  }

  /** A submitted attempt of a sealed pack whose code has not been given yet. */
  awaiting(attemptId: string): boolean {
    const pack = this.attempts.get(attemptId)?.config.pack;
    return Boolean(pack?.sealed && !pack.released);
  }

  private async releaseNow(
    packId: string,
    keys: Record<string, string>,
    solutions: Record<string, string>,
  ): Promise<string[]> {
    const released: string[] = [];
    const namespace = `pack:${packId}:`;
    for (const attempt of this.attempts.all()) {
      const pack = attempt.config.pack;
      if (pack?.id !== packId || !pack.sealed || pack.released || attempt.status !== 'submitted') continue;
      const questions = (await this.attempts.questionsOf(attempt)).map((question) => {
        const id = question.id.startsWith(namespace) ? question.id.slice(namespace.length) : question.id;
        return {
          ...question,
          correctId: keys[id] ?? question.correctId,
          explanation: solutions[id] ?? question.explanation,
        };
      });
      // The questions first, then the state that says they are released: a crash between re-runs it.
      await this.attempts.replaceQuestions(attempt, questions);
      pack.released = true;
      await this.attempts.save(attempt);
      released.push(attempt.id);
    }
    return released;
  }
}
