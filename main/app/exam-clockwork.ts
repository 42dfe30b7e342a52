// The exam's clock in main: the engine ticked four times a second (warnings, the deadline enforced
// whatever the renderer does, the heartbeat), and deadlines that passed while no window listened —
// while the app was closed — kept until the window asks for them.
import type { ExamEngine } from '../core/exams/engine.js';
import type { Logger } from '../core/util/logger.js';

export function startExamTicker(engine: () => ExamEngine, logger: Logger): { stop(): Promise<void> } {
  let ticking: Promise<void> = Promise.resolve();
  const ticker = setInterval(() => {
    ticking = engine()
      .tick()
      .catch((error: unknown) => logger.error('exam tick failed', { error: String(error) }));
  }, 250);
  ticker.unref();
  return {
    stop: async () => {
      clearInterval(ticker);
      await ticking;
    },
  };
}

export class MissedDeadlines {
  private listening = false;
  private missed: string[] = [];

  /** A deadline reached: before the window can listen (at start), it is kept to be told. */
  reached(attemptId: string): void {
    if (!this.listening) this.missed.push(attemptId);
  }

  /** The engine has opened: deadlines from now on reach the window as events. */
  open(): void {
    this.listening = true;
  }

  /** The ones kept, each told once. */
  take(): string[] {
    return this.missed.splice(0);
  }
}
