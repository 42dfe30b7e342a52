// Spaced review of the notebook's cards: FSRS (ts-fsrs) decides how well a card is known and
// when it would next be due; the exam date lets a card rest once it will be recalled on the day,
// and a load balancer keeps each day under the student's limit by moving reviews earlier. Pure: every function takes
// the time it runs at. How the bound works is in docs/notebook.md.
import {
  createEmptyCard,
  forgetting_curve,
  fsrs,
  generatorParameters,
  Rating,
  State,
  type Card,
  type Grade,
} from 'ts-fsrs';
import { z } from 'zod';

export const DAY_MS = 24 * 60 * 60_000;
export const DEFAULT_RETENTION = 0.9;
export const MIN_RETENTION = 0.7;
export const MAX_RETENTION = 0.97;
/** Reviews a day the load balancer aims to stay under when the student set no limit (docs/notebook.md). */
export const DEFAULT_DAILY_LIMIT = 60;
export const MIN_DAILY_LIMIT = 5;
export const MAX_DAILY_LIMIT = 1000;
/** How far earlier than FSRS's day a review may move to keep a day under the limit: a share of its interval… */
const BALANCE_SHARE = 0.2;
/** …and never more than this many days. */
const BALANCE_MAX_DAYS = 14;
/** What moving a review one day earlier weighs against one review more on a day. */
const EARLIER_COST = 0.5;
/** When the ENEM starts, Brasília time (gates open at 12:00, the test at 13:30): the student may change it. */
export const DEFAULT_EXAM_TIME = '13:30';
/** The zone exam times are given in: INEP announces them in Brasília time, whatever the student's zone. */
export const EXAM_TIME_ZONE = 'America/Sao_Paulo';
/** Anki's "mature" threshold: a card that would still be recalled this many days on. */
const MASTERED_HORIZON_DAYS = 21;

/** A card's FSRS state as stored (dates as epoch ms). */
export const cardStateSchema = z.object({
  due: z.number(),
  stability: z.number().nonnegative(),
  difficulty: z.number().nonnegative(),
  elapsed_days: z.number().nonnegative(),
  scheduled_days: z.number().nonnegative(),
  learning_steps: z.number().int().nonnegative(),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  state: z.enum(State),
  last_review: z.number().nullable(),
});
export type CardState = z.infer<typeof cardStateSchema>;

/** 1 again, 2 hard, 3 good, 4 easy (FSRS's grades). */
export const gradeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type GradeValue = z.infer<typeof gradeSchema>;

function toCard(state: CardState): Card {
  const { due, last_review, ...rest } = state;
  return { ...rest, due: new Date(due), ...(last_review !== null && { last_review: new Date(last_review) }) };
}

function fromCard(card: Card): CardState {
  return {
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.getTime() : null,
  };
}

/** Midnights by the hour they were asked for (a zone's offset only changes on the hour): the forecast asks millions of times. */
const midnights = new Map<number, number>();

/** Local midnight starting the day `ms` falls in. */
export function startOfDay(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  const known = midnights.get(hour);
  if (known !== undefined) return known;
  const date = new Date(ms);
  const midnight = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  if (midnights.size > 50_000) midnights.clear();
  midnights.set(hour, midnight);
  return midnight;
}

/** `days` calendar days after the day `ms` falls in (local, so summer time never shifts a day). */
export function addDays(ms: number, days: number): number {
  const date = new Date(startOfDay(ms));
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days).getTime();
}

/** 'YYYY-MM-DD' → local midnight starting that day; null when not a real date. */
export function examDayStart(date: string | null): number | null {
  if (!date) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, day);
  return start.getFullYear() === year && start.getMonth() === month - 1 && start.getDate() === day
    ? start.getTime()
    : null;
}

/** 'HH:MM' (00:00–23:59) → minutes after midnight; null when not a time. */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The zone's offset from UTC at `ms`, in minutes (Intl: the zone's own rules, summer time included). */
function zoneOffsetMinutes(zone: string, ms: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(ms)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The instant the exam starts: its day ('YYYY-MM-DD') at `time` ('HH:MM') on the clocks of `zone`
 * (Brasília by default: a student in Manaus sits the 13:30 exam at 12:30 local). Null without a date.
 */
export function examInstant(
  date: string | null,
  time: string = DEFAULT_EXAM_TIME,
  zone = EXAM_TIME_ZONE,
): number | null {
  if (examDayStart(date) === null || !date) return null;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const minutes = minutesOf(time) ?? (minutesOf(DEFAULT_EXAM_TIME) as number);
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  // The wall time read as UTC, moved by the zone's offset (checked again at the result, for a change of offset between).
  const guess = wall - zoneOffsetMinutes(zone, wall) * 60_000;
  return wall - zoneOffsetMinutes(zone, guess) * 60_000;
}

export function localDate(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whole calendar days from the day of `from` to the day of `to`. */
export function daysBetween(from: number, to: number): number {
  return Math.round((startOfDay(to) - startOfDay(from)) / DAY_MS);
}

/** How many reviews each day already holds (local day start → count): the load balancer's input. */
export type DayLoad = (dayStart: number) => number;

export interface Scheduler {
  /** A card that has never been reviewed: due now. */
  newCard(now: number): CardState;
  /**
   * The card after a review with this grade at `now`: FSRS's next review, resting until the exam
   * when it already carries the card there at the target, else moved earlier (never later) to a
   * day under the daily limit given the other cards' `load`.
   */
  review(card: CardState, grade: GradeValue, now: number, load?: DayLoad): CardState;
  /** When the card is next due: null when it rests until the exam. */
  dueOf(card: CardState): number | null;
  /** The chance of recalling the card at `at`: FSRS's forgetting curve over the exact time elapsed, not whole days. */
  recall(card: CardState, at: number): number;
  /** The instant the exam starts (null without a date). */
  readonly examAt: number | null;
  /** Local midnight starting the exam day (null without a date): the eve is the day before it. */
  readonly examDayStart: number | null;
  /** The recall aimed at (the plan's retention, clamped). */
  readonly retention: number;
  mastered(card: CardState, now: number): boolean;
}

export interface SchedulerOptions {
  /** The exam day ('YYYY-MM-DD', local) or null when the student set none. */
  examDate: string | null;
  /** FSRS's desired retention (0.7–0.97): also the recall aimed at on the exam day. */
  retention: number;
  /** Reviews a day the balancer keeps under where it can (DEFAULT_DAILY_LIMIT when absent). */
  dailyLimit?: number | undefined;
  /** When the exam starts on its day, 'HH:MM' Brasília time (DEFAULT_EXAM_TIME when absent). */
  examTime?: string | undefined;
  /** FSRS's parameters fitted to this student (fit.ts); FSRS's defaults when absent. */
  parameters?: readonly number[] | undefined;
}

/**
 * FSRS aimed at the exam's hour (docs/notebook.md). FSRS schedules a card's next review for the day
 * its predicted recall falls to the target retention. With E the start of the exam day and H the
 * instant the exam starts (13:30 Brasília time unless the student says otherwise):
 * - a card whose next review would fall on or after E rests when its recall at H, over the exact
 *   time elapsed, is at or above the target: a review would only cost the student time;
 * - a card FSRS would leave until E or later that H would find below the target (whole days hide
 *   it: a one-day card reviewed the day before the eve) is due on the eve instead;
 * - any other card is reviewed no later than FSRS's day (the last day its recall is still at the
 *   target), so it reaches the exam at or above the target once reviewed;
 * - the load balancer may move that review earlier, never later: to the latest day in a window
 *   before it (a share of the interval, at most two weeks, never before tomorrow) that holds fewer
 *   reviews than the daily limit, else the least loaded day of the window.
 * Minute-scale learning steps are left as FSRS sets them. Without a date, or once the exam day has
 * passed: plain FSRS with the same balancer.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const retention = Math.min(MAX_RETENTION, Math.max(MIN_RETENTION, options.retention));
  const limit = Math.min(MAX_DAILY_LIMIT, Math.max(MIN_DAILY_LIMIT, options.dailyLimit ?? DEFAULT_DAILY_LIMIT));
  // No fuzz: the same reviews give the same schedule (tests, and a student comparing two days).
  const engine = fsrs(
    generatorParameters({
      request_retention: retention,
      enable_fuzz: false,
      ...(options.parameters && { w: [...options.parameters] }),
    }),
  );
  const w = engine.parameters.w;
  const examStart = examDayStart(options.examDate);
  const examAt = examStart === null ? null : examInstant(options.examDate, options.examTime);
  const recall = (card: CardState, at: number) =>
    card.state === State.New || card.last_review === null
      ? 0
      : forgetting_curve(w, Math.max(0, at - card.last_review) / DAY_MS, card.stability);
  const beforeExam = (at: number) => examStart !== null && at < examStart;

  const dueOf = (card: CardState): number | null => {
    if (card.last_review === null || !beforeExam(card.last_review)) return card.due;
    return examStart !== null && card.due >= examStart ? null : card.due;
  };

  /**
   * The day FSRS chose, or an earlier one of the window that holds fewer reviews: a day at the limit
   * counts as full, and each day earlier costs a little (a review moved earlier is a review sooner).
   */
  const balanced = (card: CardState, now: number, load: DayLoad): CardState => {
    const fsrsDay = startOfDay(card.due);
    const intervalDays = daysBetween(now, card.due);
    if (intervalDays < 2) return card;
    const span = Math.min(BALANCE_MAX_DAYS, Math.floor(intervalDays * BALANCE_SHARE));
    const cost = (day: number, back: number) => {
      const count = load(day);
      return (count >= limit ? limit * 10 + count : count) + back * EARLIER_COST;
    };
    let best = fsrsDay;
    let bestCost = cost(fsrsDay, 0);
    for (let back = 1; back <= span; back += 1) {
      const day = addDays(fsrsDay, -back);
      if (daysBetween(now, day) < 1) break;
      const value = cost(day, back);
      if (value < bestCost) {
        best = day;
        bestCost = value;
      }
    }
    if (best === fsrsDay) return card;
    const due = best + (card.due - fsrsDay);
    return { ...card, due, scheduled_days: daysBetween(now, due) };
  };

  return {
    newCard: (now) => fromCard(createEmptyCard(new Date(now))),
    review: (card, grade, now, load) => {
      // A card reviewed earlier than FSRS asked (the balancer) is handled by FSRS as an early review.
      let next = fromCard(engine.next(toCard(card), new Date(now), grade as Grade).card);
      if (examStart !== null && examAt !== null && now < examStart && next.due >= examStart) {
        const eve = addDays(examStart, -1);
        // Below the target at the exam's hour: the eve, when it is still ahead (nothing on the exam day itself).
        if (recall(next, examAt) < retention && now < eve)
          next = { ...next, due: eve, scheduled_days: daysBetween(now, eve) };
      }
      if (dueOf(next) === null || !load) return next;
      return balanced(next, now, load);
    },
    dueOf,
    recall,
    examAt,
    examDayStart: examStart,
    retention,
    mastered: (card, now) => {
      if (card.state !== State.Review) return false;
      const horizonDays =
        examStart !== null && examStart > now
          ? Math.min(MASTERED_HORIZON_DAYS, daysBetween(now, examStart))
          : MASTERED_HORIZON_DAYS;
      return recall(card, now + horizonDays * DAY_MS) >= retention;
    },
  };
}

export const GRADES = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy } as const;

/** The review's outcome as the notebook infers it (the student may change it before moving on). */
export function inferGrade(answer: {
  correct: boolean;
  guessed: boolean;
  timeMs: number;
  budgetMs: number;
}): GradeValue {
  if (!answer.correct) return 1;
  if (answer.guessed || answer.timeMs > answer.budgetMs * 1.5) return 2;
  if (answer.timeMs < answer.budgetMs / 2) return 4;
  return 3;
}

/**
 * A likely first day of the next ENEM: it is held on Sundays in early November (2023: 5th,
 * 2024: 3rd, 2025: 9th), so the first Sunday of November. A suggestion the student confirms.
 */
export function suggestedEnemDate(now: number): string {
  const firstSundayOfNovember = (year: number) => {
    const first = new Date(year, 10, 1);
    return new Date(year, 10, 1 + ((7 - first.getDay()) % 7)).getTime();
  };
  const year = new Date(now).getFullYear();
  const thisYear = firstSundayOfNovember(year);
  return localDate(thisYear > startOfDay(now) ? thisYear : firstSundayOfNovember(year + 1));
}
