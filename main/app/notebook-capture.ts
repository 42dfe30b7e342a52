// The notebook follows the exams: every submitted attempt's misses and guesses are captured, one
// attempt after another, once the full catalog is in memory; at start, attempts a crash left
// uncaptured are caught up (waiting for the catalog only when there is one). Readers of the
// notebook wait for both (`ready`), the daily reminder too.
import type { ExamEngine } from '../core/exams/engine.js';
import type { Notebook } from '../core/notebook/notebook.js';
import { reminderText, shouldRemind } from '../core/notebook/reminder.js';
import { localDate } from '../core/notebook/schedule.js';
import type { Settings } from '../../preload/contract.js';
import type { Logger } from '../core/util/logger.js';
import { awaitsCapture, captureAttempt, catchUp, type NotebookDeps } from './notebook.js';

export class NotebookCapture {
  /** Captures of submitted attempts, in order. */
  private chain: Promise<void> = Promise.resolve();
  /** The start-up catch-up. */
  private startup: Promise<void> = Promise.resolve();
  private deps: NotebookDeps | null = null;

  constructor(
    private readonly context: {
      notebook: Notebook;
      logger: Logger;
      /** After a capture: its questions' images are pinned, the model may refit. */
      captured: () => void;
    },
  ) {}

  /** The notebook's dependencies, once the engine has opened; starts the start-up catch-up. */
  attach(deps: NotebookDeps, engine: ExamEngine): void {
    this.deps = deps;
    const { notebook, logger } = this.context;
    // Only an attempt submitted unheard (a crash) is caught up: never one that cannot be captured yet
    // (a sealed pack's exam), or every start would read its questions.
    this.startup = (
      engine.submitted().some((a) => awaitsCapture(engine, notebook, a.attemptId)) ? catchUp(deps) : Promise.resolve()
    )
      .then(() => this.context.captured())
      .catch((error: unknown) => logger.error('notebook catch-up failed', { error: String(error) }));
  }

  /** An attempt was submitted (by the student, the deadline or a paper grading): captured in turn. */
  submitted(attemptId: string): void {
    const deps = this.deps;
    if (!deps) return;
    const { logger } = this.context;
    this.chain = this.chain
      .then(() => captureAttempt(deps, attemptId))
      .then(() => this.context.captured())
      .catch((error: unknown) => logger.error('notebook capture failed', { error: String(error) }));
  }

  /** Attempts that became gradable (a sealed pack released): their misses captured now. */
  async catchUp(): Promise<void> {
    if (this.deps) await catchUp(this.deps);
  }

  /** Settles once every submitted attempt so far is captured. */
  async ready(): Promise<void> {
    await this.startup;
    await this.chain;
  }
}

/**
 * The notebook's daily reminder: what to show now (once a day, when the student turned it on and
 * reviews are due, from the reminder hour on), or null; asking again the same day answers null.
 */
export async function reviewReminder(deps: {
  settings: () => Promise<Settings>;
  notebook: Notebook;
  capture: NotebookCapture;
  now: number;
}): Promise<{ title: string; body: string } | null> {
  const settings = await deps.settings();
  await deps.capture.ready();
  const { dueToday } = deps.notebook.counts(deps.now);
  const today = localDate(deps.now);
  const remind = shouldRemind({
    enabled: settings.reviewReminders,
    dueToday,
    today,
    lastReminded: deps.notebook.remindedOn(),
    hour: new Date(deps.now).getHours(),
  });
  if (!remind) return null;
  await deps.notebook.markReminded(today);
  return reminderText(settings.language, dueToday);
}
