// Paces requests with the X-RateLimit-* headers so that a sync never causes an
// avoidable 429 (spec §8), and tells a per-minute 429 from an exhausted daily or
// monthly quota. The window length is the spec's minute; tests pass a shorter one.
import type { RateWait } from '../../../preload/contract.js';
import { ApiError } from './errors.js';
import { systemClock, type Clock } from '../util/clock.js';

export const DAILY_LIMIT = 10_000;

export interface DailyUsage {
  /** UTC date, YYYY-MM-DD: the spec does not say which day the per-day limit counts. */
  day: string;
  used: number;
}

export type { RateWait };

export interface GovernorOptions {
  windowMs?: number;
  dailyLimit?: number;
  clock?: Clock;
  usage?: DailyUsage;
  onUsage?: (usage: DailyUsage) => void;
  onWait?: (wait: RateWait) => void;
  /** Safety margin added to every computed wait. */
  marginMs?: number;
}

/** The day the per-day limit counts (UTC: the spec does not say which). */
export function utcDay(ms: number): string {
  // Asked for every request and progress report of a sync: the day's text is made once a day.
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay.number) lastDay = { number: day, text: new Date(ms).toISOString().slice(0, 10) };
  return lastDay.text;
}
const DAY_MS = 86_400_000;
let lastDay = { number: Number.NaN, text: '' };

export class RateGovernor {
  private readonly windowMs: number;
  private readonly dailyLimit: number;
  private readonly clock: Clock;
  private readonly marginMs: number;
  private limit: number | null = null;
  /** Arrival of the first response in the current window: never earlier than the server's own window start. */
  private windowStart: number | null = null;
  private sentInWindow = 0;
  private serverRemaining: number | null = null;
  private inflight = 0;
  private blockedUntil = 0;
  private usage: DailyUsage;
  private waiters: (() => void)[] = [];
  /** Set once a Retry-After wait ended; a 429 while it is set means waiting does not help. */
  private retriedAfterWait = false;
  waits = 0;
  private waitListener: ((wait: RateWait) => void) | undefined;

  constructor(private readonly options: GovernorOptions = {}) {
    this.windowMs = options.windowMs ?? 60_000;
    this.dailyLimit = options.dailyLimit ?? DAILY_LIMIT;
    this.clock = options.clock ?? systemClock;
    this.marginMs = options.marginMs ?? Math.min(250, Math.ceil(this.windowMs * 0.01));
    this.usage = options.usage ?? { day: utcDay(this.clock.now()), used: 0 };
  }

  get dailyUsage(): DailyUsage {
    this.rollDay();
    return { ...this.usage };
  }

  get perMinuteLimit(): number | null {
    return this.limit;
  }

  private rollDay() {
    const today = utcDay(this.clock.now());
    if (this.usage.day !== today) this.usage = { day: today, used: 0 };
  }

  private rollWindow(now: number) {
    if (this.windowStart !== null && now >= this.windowStart + this.windowMs + this.marginMs) {
      this.windowStart = null;
      this.sentInWindow = 0;
      this.serverRemaining = null;
    }
  }

  private budget(): number {
    if (this.limit === null || this.windowStart === null) {
      // Until the first answer of a window tells us where the server stands, one at a time.
      return this.inflight === 0 ? 1 : 0;
    }
    const ours = this.limit - this.sentInWindow;
    const theirs = this.serverRemaining === null ? ours : this.serverRemaining - this.inflight;
    return Math.min(ours, theirs);
  }

  /** Waits until one request may be sent without exceeding a known limit, and reserves it. */
  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw new ApiError('cancelled', 'Cancelled');
      const now = this.clock.now();
      this.rollDay();
      if (this.usage.used >= this.dailyLimit) {
        throw new ApiError('quota-exhausted', `The daily budget of ${this.dailyLimit} requests is used up`);
      }
      if (now < this.blockedUntil) {
        await this.wait({ reason: 'retry-after', until: this.blockedUntil }, signal);
        this.retriedAfterWait = true;
        continue;
      }
      this.rollWindow(now);
      if (this.budget() > 0) {
        this.inflight += 1;
        this.sentInWindow += 1;
        this.usage = { ...this.usage, used: this.usage.used + 1 };
        this.options.onUsage?.(this.dailyUsage);
        return;
      }
      if (this.windowStart !== null && this.inflight === 0) {
        await this.wait({ reason: 'minute-budget', until: this.windowStart + this.windowMs + this.marginMs }, signal);
      } else {
        await new Promise<void>((resolve) => this.waiters.push(resolve));
      }
    }
  }

  /** Who hears about waits (the running sync's progress); one at a time. */
  setWaitListener(listener: ((wait: RateWait) => void) | undefined) {
    this.waitListener = listener;
  }

  private async wait(wait: RateWait, signal?: AbortSignal) {
    this.waits += 1;
    this.options.onWait?.(wait);
    this.waitListener?.(wait);
    try {
      await this.clock.sleep(wait.until - this.clock.now(), signal);
    } catch {
      throw new ApiError('cancelled', 'Cancelled');
    }
  }

  /** Called once per acquired request when it ends, with the answer's headers when there was one. */
  release(headers?: Headers) {
    this.inflight = Math.max(0, this.inflight - 1);
    if (headers) {
      const limit = Number(headers.get('x-ratelimit-limit'));
      const remaining = Number(headers.get('x-ratelimit-remaining'));
      if (headers.has('x-ratelimit-limit') && Number.isFinite(limit) && limit > 0) this.limit = limit;
      if (this.windowStart === null) this.windowStart = this.clock.now();
      if (headers.has('x-ratelimit-remaining') && Number.isFinite(remaining)) {
        this.serverRemaining = Math.min(this.serverRemaining ?? remaining, remaining);
      }
    }
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((resolve) => resolve());
  }

  /** Any answer other than 429: the limits let requests through again. */
  noteAnswered() {
    this.retriedAfterWait = false;
  }

  /**
   * A 429 answered. A minute limit shows X-RateLimit-Remaining 0; a 429 that still
   * reports minute budget, or one that repeats right after a full Retry-After wait,
   * is a daily or monthly quota, and waiting a minute would only burn time.
   */
  onTooManyRequests(headers: Headers): ApiError {
    const retryAfterMs = parseRetryAfter(headers.get('retry-after'), this.clock.now()) ?? this.windowMs;
    const remaining = Number(headers.get('x-ratelimit-remaining'));
    if ((headers.has('x-ratelimit-remaining') && remaining > 0) || this.retriedAfterWait) {
      return new ApiError('quota-exhausted', 'The daily or monthly request quota is exhausted', 429, retryAfterMs);
    }
    this.blockedUntil = Math.max(this.blockedUntil, this.clock.now() + retryAfterMs);
    this.windowStart = null;
    this.sentInWindow = 0;
    this.serverRemaining = null;
    return new ApiError('rate-limited', 'Too many requests this minute', 429, retryAfterMs);
  }
}

/** Retry-After is delay-seconds (fractions tolerated) or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
