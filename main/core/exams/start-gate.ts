// Whether an attempt may start now: not while the app closes for an update (app/quitting.ts). Closing
// waits for every start already past its checks to keep its attempt, so that `running()` then tells
// the whole truth; a refused restart opens the gate again.
import { ExamError } from './errors.js';

export class StartGate {
  private closed = false;
  private readonly beginning = new Set<Promise<unknown>>();

  /** Refuses a start while closed (checked before a start's work, and again before it keeps it). */
  check(): void {
    if (this.closed) throw new ExamError('app-closing');
  }

  /** Runs the keeping of a new attempt, known to `close()` until it settles. */
  async keeping<T>(work: Promise<T>): Promise<T> {
    this.beginning.add(work);
    try {
      return await work;
    } finally {
      this.beginning.delete(work);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.beginning]);
  }

  open(): void {
    this.closed = false;
  }
}
