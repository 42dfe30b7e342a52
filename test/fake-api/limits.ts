// The three independent limits of the spec (§8): per minute (plan), per day, per month.
export interface LimitOptions {
  ratePerMinute: number;
  windowMs: number;
  dailyLimit: number;
  dayMs: number;
  monthlyQuota: number;
}

interface Counter {
  start: number;
  used: number;
}

export type LimitVerdict =
  { ok: true; remaining: number } | { ok: false; remaining: number; which: 'minute' | 'day' | 'month' };

export class RateLimiter {
  private readonly minute = new Map<string, Counter>();
  private readonly day = new Map<string, Counter>();
  private readonly month = new Map<string, number>();

  constructor(
    private readonly options: LimitOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get limit(): number {
    return this.options.ratePerMinute;
  }

  private current(map: Map<string, Counter>, bucket: string, length: number): Counter {
    const now = this.now();
    let counter = map.get(bucket);
    if (!counter || now - counter.start >= length) {
      counter = { start: now, used: 0 };
      map.set(bucket, counter);
    }
    return counter;
  }

  /** Consumes one request from every limit, unless one of them refuses (then none is consumed). */
  take(bucket: string): LimitVerdict {
    const minute = this.current(this.minute, bucket, this.options.windowMs);
    const day = this.current(this.day, bucket, this.options.dayMs);
    const month = this.month.get(bucket) ?? 0;
    const remaining = Math.max(0, this.options.ratePerMinute - minute.used);
    if (minute.used >= this.options.ratePerMinute) return { ok: false, remaining, which: 'minute' };
    if (day.used >= this.options.dailyLimit) return { ok: false, remaining, which: 'day' };
    if (month >= this.options.monthlyQuota) return { ok: false, remaining, which: 'month' };
    minute.used += 1;
    day.used += 1;
    this.month.set(bucket, month + 1);
    return { ok: true, remaining: remaining - 1 };
  }

  /** What the headers say without consuming anything (public documents). */
  peek(bucket: string): number {
    const minute = this.current(this.minute, bucket, this.options.windowMs);
    return Math.max(0, this.options.ratePerMinute - minute.used);
  }

  monthUsed(bucket: string): number {
    return this.month.get(bucket) ?? 0;
  }

  reset(): void {
    this.minute.clear();
    this.day.clear();
    this.month.clear();
  }
}
