// Tasks run one at a time, in the order asked: a read-modify-write of one document, or a catalog's
// chunk history, never interleaves with another. A task's failure is its caller's, never the next one's.
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Settles once every task asked for so far has. */
  settled(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
