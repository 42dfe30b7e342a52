// What the plan will really do: the student's sessions simulated day by day up to the eve of the
// exam under the same limits and the same choice as the real sessions (daily.ts), each card recalled
// or forgotten as often as the model predicts. From it, the forecast per day and the readiness at
// the exam's hour: how many cards will be at the target, the weakest, and, when fewer than the
// plan's goal will be (or the limits would leave reviews for the exam day), the smallest limits that
// reach it with nothing left over. How the student answers (first sight, steps, grades) is learned
// from their log (behaviour.ts). Pure. Assumptions: docs/notebook.md.
import { Rating } from 'ts-fsrs';
import { PRIOR, type Behaviour } from './behaviour.js';
import { textHash } from '../util/text-hash.js';
import {
  chooseDay,
  DayLoads,
  isNew,
  MAX_NEW_PER_DAY,
  newCardOrder,
  NOTHING_DONE,
  type DayCard,
  type DayDone,
  type DayLimits,
} from './daily.js';
import { addDays, examDayStart, localDate, MAX_DAILY_LIMIT, startOfDay, type Scheduler } from './schedule.js';

/** The simulated sessions of the days after today start at this local hour (after school). */
const SESSION_HOUR = 19;
/** A card's learning steps within one session: more would mean a student stuck on one card. */
const MAX_REPEATS = 4;
/** Headroom on the limits the plan names (docs/notebook.md: measured in `npm run bench -- notebook`). */
export const HEADROOM = 0.15;
/** The plan's goal: this share of the cards at the target at the exam's hour (a few just below is the price of limits). */
export const READY_SHARE = 0.95;

/**
 * A fixed draw in [0, 1) for a card's n-th simulated review: the simulation forgets as often as the
 * model predicts, and the same notebook always gives the same forecast.
 */
function draw(id: string, n: number): number {
  let hash = textHash(id, n);
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
  hash = Math.imul(hash ^ (hash >>> 12), 0x297a2d39);
  return ((hash ^ (hash >>> 15)) >>> 0) / 4294967296;
}

export interface ForecastDay {
  date: string;
  /** Cards the day's sessions hold (new ones included; a card repeated within the day counts once). */
  cards: number;
  /** Of them, new cards introduced that day. */
  fresh: number;
}

export interface Readiness {
  /** The instant the exam starts. */
  examAt: number;
  cards: number;
  /** Cards whose recall at the exam's hour is at or above the target. */
  atTarget: number;
  /** The plan's goal: at least this many cards at the target (READY_SHARE of them). */
  goal: number;
  /** The lowest recall at the exam's hour (null without cards). */
  weakest: number | null;
  /** Cards the limits do not reach by the eve: reviews the eve takes beyond its limit, new cards never introduced. */
  left: number;
  /** How the student was assumed to answer. */
  assumes: Behaviour;
  /**
   * When fewer than the goal will be at the target: the smallest limits that would reach it (new
   * cards per day first, then cards per day), or null when even no limit would: too few days left.
   */
  needed: DayLimits | null;
}

export interface Outlook {
  days: ForecastDay[];
  readiness: Readiness | null;
}

interface Simulated {
  days: ForecastDay[];
  atTarget: number;
  weakest: number | null;
  left: number;
}

/** A recalled card's grade, from a draw in [0, 1) and the student's shares. */
function gradeOf(value: number, grades: Behaviour['grades']): Rating.Hard | Rating.Good | Rating.Easy {
  if (value < grades.hard) return Rating.Hard;
  if (value < grades.hard + grades.easy) return Rating.Easy;
  return Rating.Good;
}

function simulate(
  cards: readonly DayCard[],
  scheduler: Scheduler,
  now: number,
  limits: DayLimits,
  done: DayDone,
  dayCount: number,
  behaviour: Behaviour,
): Simulated {
  const live = cards.map((card) => ({ ...card }));
  const byId = new Map(live.map((card) => [card.id, card]));
  const order = newCardOrder(live.filter((card) => isNew(card.fsrs)));
  const loads = new DayLoads(live, scheduler);
  const days: ForecastDay[] = [];
  let left = 0;
  for (let day = 0; day < dayCount; day += 1) {
    const start = addDays(now, day);
    const at = day === 0 ? now : start + SESSION_HOUR * 3_600_000;
    const choice = chooseDay(live, scheduler, at, limits, day === 0 ? done : NOTHING_DONE, order);
    const endOfDay = addDays(start, 1);
    for (const id of [...choice.repeats, ...choice.reviews, ...choice.fresh]) {
      const card = byId.get(id);
      if (!card) continue;
      let when = at;
      for (let pass = 0; pass < MAX_REPEATS; pass += 1) {
        // A step later in the session: the student's own rate once learned, else the memory model's.
        const step = pass > 0 || (day === 0 && done.seen.has(id));
        const chance = isNew(card.fsrs)
          ? behaviour.firstSight
          : step && behaviour.learned.step
            ? behaviour.step
            : scheduler.recall(card.fsrs, when);
        const grade =
          draw(id, card.fsrs.reps) < chance
            ? gradeOf(draw(`${id}#grade`, card.fsrs.reps), behaviour.grades)
            : Rating.Again;
        card.fsrs = scheduler.review(card.fsrs, grade, when, loads.except(id));
        loads.set(id, scheduler.dueOf(card.fsrs));
        const due = scheduler.dueOf(card.fsrs);
        if (due === null || due >= endOfDay) break;
        when = Math.max(when + 60_000, due);
      }
    }
    days.push({
      date: localDate(start),
      cards: choice.reviews.length + choice.fresh.length,
      fresh: choice.fresh.length,
    });
    // The eve: reviews beyond its limit (taken all the same: nothing is due on the exam day) and new
    // cards it cannot introduce. Limits that reach the plan's goal have neither: the eve's rule is
    // for a world worse than the forecast, not a room the plan may count on.
    if (day === dayCount - 1) left = choice.overLimit + choice.newWaiting;
  }
  let atTarget = 0;
  let weakest: number | null = null;
  if (scheduler.examAt !== null) {
    for (const card of live) {
      const recall = scheduler.recall(card.fsrs, scheduler.examAt);
      if (recall >= scheduler.retention) atTarget += 1;
      weakest = weakest === null ? recall : Math.min(weakest, recall);
    }
  }
  return { days, atTarget, weakest, left };
}

/**
 * The smallest value in [low, high] for which `ok` holds (assumed monotone), or null when even
 * `high` fails. Galloping up from `low` first: the answer is usually a little above it, so this takes
 * a handful of simulations where a plain bisection of [low, high] took nine or ten.
 */
function smallest(low: number, high: number, ok: (value: number) => boolean): number | null {
  let below = low - 1;
  let probe = low;
  for (;;) {
    if (ok(probe)) break;
    if (probe >= high) return null;
    below = probe;
    probe = Math.min(high, Math.max(probe + 1, Math.ceil(probe * 1.25)));
  }
  let [lo, hi] = [below + 1, probe];
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (ok(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The plan's outlook at `now`: every day from today to the eve of the exam (a month without a date)
 * and, with a date ahead, the readiness at the exam's hour.
 */
export function outlookOf(
  cards: readonly DayCard[],
  scheduler: Scheduler,
  now: number,
  limits: DayLimits,
  done: DayDone,
  examDate: string | null,
  daysWithoutDate: number,
  /** How the limits that would reach the target are found: a reader may keep the last search's answer. */
  neededFor: (search: () => DayLimits | null) => DayLimits | null = (search) => search(),
  /** How this student answers (behaviour.ts); the prior until their log says otherwise. */
  behaviour: Behaviour = PRIOR,
): Outlook {
  const examStart = examDayStart(examDate);
  const today = startOfDay(now);
  const ahead = examStart !== null && scheduler.examAt !== null && examStart > today;
  const dayCount = ahead ? Math.max(1, Math.round((examStart - today) / 86_400_000)) : daysWithoutDate;
  const run = (l: DayLimits) => simulate(cards, scheduler, now, l, done, dayCount, behaviour);
  const plan = run(limits);
  if (!ahead || scheduler.examAt === null) return { days: plan.days, readiness: null };
  const goal = Math.ceil(cards.length * READY_SHARE);
  // Ready means the goal at the exam's hour with nothing the limits do not reach by the eve: limits
  // that reach the goal only by leaving a backlog for the eve to take beyond them are not named.
  const ready = (simulated: Simulated) => simulated.atTarget >= goal && simulated.left === 0;
  const search = (): DayLimits | null => {
    const all = (l: DayLimits) => ready(run(l));
    // Every waiting card must be introduced by the eve: no fewer new a day than that can do.
    const waiting = cards.filter((card) => isNew(card.fsrs)).length;
    const floor = Math.min(MAX_NEW_PER_DAY, Math.max(limits.newPerDay, Math.ceil(waiting / dayCount)));
    const newPerDay = smallest(floor, MAX_NEW_PER_DAY, (n) => all({ newPerDay: n, reviewsPerDay: MAX_DAILY_LIMIT }));
    const reviewsPerDay =
      newPerDay === null
        ? null
        : smallest(Math.max(limits.reviewsPerDay, newPerDay), MAX_DAILY_LIMIT, (r) =>
            all({ newPerDay, reviewsPerDay: r }),
          );
    if (newPerDay === null || reviewsPerDay === null) return null;
    // The simulation is one draw of the days ahead; a student's real days go worse about as often
    // as better. Named with headroom, so that a worse run still ends with nothing left for the exam day.
    return {
      newPerDay: Math.min(MAX_NEW_PER_DAY, Math.ceil(newPerDay * (1 + HEADROOM))),
      reviewsPerDay: Math.min(MAX_DAILY_LIMIT, Math.ceil(reviewsPerDay * (1 + HEADROOM))),
    };
  };
  const needed = ready(plan) ? null : neededFor(search);
  return {
    days: plan.days,
    readiness: {
      examAt: scheduler.examAt,
      cards: cards.length,
      atTarget: plan.atTarget,
      goal,
      weakest: plan.weakest,
      left: plan.left,
      needed,
      assumes: behaviour,
    },
  };
}
