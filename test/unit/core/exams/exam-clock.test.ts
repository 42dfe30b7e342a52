// The exam's clock across a closed app and its warnings: a student never gains time by closing the
// app or setting the clock back, a practice attempt's time waits for them, each warning comes once.
import { describe, expect, it } from 'vitest';
import { deadlineOnReopen, warningsDue, type ClockedAttempt } from '../../../../main/core/exams/exam-clock.js';

const MIN = 60_000;
const attemptOf = (over: {
  strict: boolean;
  deadline: number | null;
  lastSeenAt: number;
  warned?: number[];
}): ClockedAttempt => ({
  createdAt: 0,
  deadline: over.deadline,
  lastSeenAt: over.lastSeenAt,
  warned: over.warned ?? [],
  config: { strict: over.strict, timeLimitMs: 60 * MIN, warnings: [15, 5] },
});

describe('the exam clock', () => {
  it('a strict exam closed for an hour ends when it would have: the time went on', () => {
    const attempt = attemptOf({ strict: true, deadline: 60 * MIN, lastSeenAt: 20 * MIN });
    expect(deadlineOnReopen(attempt, 80 * MIN)).toBe(60 * MIN);
  });

  it('a practice attempt closed for ten minutes keeps the forty it had left', () => {
    const attempt = attemptOf({ strict: false, deadline: 60 * MIN, lastSeenAt: 20 * MIN });
    expect(deadlineOnReopen(attempt, 30 * MIN)).toBe(70 * MIN);
  });

  it('a clock set back gives no time: never more than was left when last seen', () => {
    const attempt = attemptOf({ strict: false, deadline: 60 * MIN, lastSeenAt: 50 * MIN });
    // The clock now says 10 minutes in: ten minutes were left, ten are left.
    expect(deadlineOnReopen(attempt, 10 * MIN)).toBe(20 * MIN);
  });

  it('an untimed attempt stays untimed', () => {
    expect(deadlineOnReopen(attemptOf({ strict: true, deadline: null, lastSeenAt: 0 }), 5 * MIN)).toBeNull();
  });

  it('each warning mark once, when reached', () => {
    const attempt = attemptOf({ strict: true, deadline: 60 * MIN, lastSeenAt: 0 });
    expect(warningsDue(attempt, 40 * MIN)).toEqual([]);
    expect(warningsDue(attempt, 46 * MIN)).toEqual([15]);
    expect(warningsDue(attemptOf({ strict: true, deadline: 60 * MIN, lastSeenAt: 0, warned: [15] }), 56 * MIN)).toEqual(
      [5],
    );
  });
});
