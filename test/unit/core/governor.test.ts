import { describe, expect, it } from 'vitest';
import { parseRetryAfter, RateGovernor, type RateWait } from '../../../main/core/api/governor.js';
import type { Clock } from '../../../main/core/util/clock.js';

function fakeClock(start = Date.UTC(2026, 10, 22, 12)): Clock & { t: number } {
  const clock = {
    t: start,
    now: () => clock.t,
    sleep: (ms: number) => {
      clock.t += Math.max(0, ms);
      return Promise.resolve();
    },
  };
  return clock;
}

const headers = (limit: number, remaining: number, extra: Record<string, string> = {}) =>
  new Headers({ 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(remaining), ...extra });

describe('RateGovernor', () => {
  it('waits for the next window when the minute budget is spent, never earlier', async () => {
    const clock = fakeClock();
    const waits: RateWait[] = [];
    const governor = new RateGovernor({ clock, windowMs: 60_000, marginMs: 0, onWait: (w) => waits.push(w) });
    const start = clock.t;
    for (let remaining = 2; remaining >= 0; remaining--) {
      await governor.acquire();
      governor.release(headers(3, remaining));
    }
    await governor.acquire();
    expect(waits).toEqual([{ reason: 'minute-budget', until: start + 60_000 }]);
    expect(clock.t).toBe(start + 60_000);
  });

  it('waits Retry-After seconds on a minute 429, and calls a second 429 after that wait an exhausted quota', async () => {
    const clock = fakeClock();
    const governor = new RateGovernor({ clock });
    await governor.acquire();
    governor.release(headers(10, 0));
    expect(governor.onTooManyRequests(headers(10, 0, { 'Retry-After': '7' })).code).toBe('rate-limited');
    const before = clock.t;
    await governor.acquire();
    expect(clock.t - before).toBe(7_000);
    governor.release(headers(10, 0));
    expect(governor.onTooManyRequests(headers(10, 0, { 'Retry-After': '7' })).code).toBe('quota-exhausted');
  });

  it('calls a 429 that still reports minute budget a daily or monthly quota at once', () => {
    const governor = new RateGovernor({ clock: fakeClock() });
    expect(governor.onTooManyRequests(headers(10, 6, { 'Retry-After': '60' })).code).toBe('quota-exhausted');
  });

  it('counts requests per UTC day and starts over the next day', async () => {
    const clock = fakeClock();
    const governor = new RateGovernor({ clock, dailyLimit: 2, usage: { day: '2026-11-22', used: 1 } });
    await governor.acquire();
    governor.release(headers(100, 99));
    await expect(governor.acquire()).rejects.toMatchObject({ code: 'quota-exhausted' });
    clock.t += 24 * 3600_000;
    await governor.acquire();
    expect(governor.dailyUsage).toEqual({ day: '2026-11-23', used: 1 });
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('60', 0)).toBe(60_000);
    expect(parseRetryAfter('0.5', 0)).toBe(500);
    expect(parseRetryAfter(new Date(90_000).toUTCString(), 30_000)).toBe(60_000);
    expect(parseRetryAfter('soon', 0)).toBeNull();
  });
});
