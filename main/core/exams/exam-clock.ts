// The exam's time rules, pure: what a deadline becomes when the app opens again after being closed,
// and which warning marks are due now. The engine applies them and saves (engine.ts).
import type { Attempt } from './model.js';

/** What the clock reads of an attempt. */
export type ClockedAttempt = Pick<Attempt, 'deadline' | 'lastSeenAt' | 'createdAt' | 'warned'> & {
  config: Pick<Attempt['config'], 'strict' | 'timeLimitMs' | 'warnings'>;
};

/** A gap longer than this between two signs of life means the app was closed (or crashed). */
export const PAUSE_GAP_MS = 5_000;

/**
 * The deadline of an attempt reopened at `now` (null without one). A practice attempt's clock paused
 * while the app was closed; a restart never gives time back: not more than was left when last seen
 * (a clock set back, another clock), and a strict exam never past its start plus its limit.
 */
export function deadlineOnReopen(attempt: ClockedAttempt, now: number): number | null {
  if (attempt.deadline === null) return null;
  const gap = now - attempt.lastSeenAt;
  const left = Math.max(0, attempt.deadline - attempt.lastSeenAt);
  let deadline = attempt.deadline;
  if (!attempt.config.strict && gap > PAUSE_GAP_MS) deadline += gap;
  deadline = Math.min(deadline, now + left);
  const limit = attempt.config.timeLimitMs;
  if (attempt.config.strict && limit !== null) deadline = Math.min(deadline, attempt.createdAt + limit);
  return deadline;
}

/** The warning marks (minutes left) reached at `now` and not yet given, in the attempt's order. */
export function warningsDue(attempt: ClockedAttempt, now: number): number[] {
  if (attempt.deadline === null) return [];
  const minutesLeft = (attempt.deadline - now) / 60_000;
  return attempt.config.warnings.filter((mark) => minutesLeft <= mark && !attempt.warned.includes(mark));
}
