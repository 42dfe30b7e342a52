// What a day of the notebook holds, under the student's two limits (Anki's terms): new cards per
// day and reviews per day. Pure: the session (notebook.ts) and the forecast (forecast.ts) both ask
// here, so the forecast shows what the sessions will really hold. Orders and why: docs/notebook.md.
import { State } from 'ts-fsrs';
import { AREA_IDS, type AreaId } from '../../../preload/constants.js';
import { addDays, startOfDay, type CardState, type DayLoad, type Scheduler } from './schedule.js';

export const DEFAULT_NEW_PER_DAY = 15;
export const MIN_NEW_PER_DAY = 0;
export const MAX_NEW_PER_DAY = 500;

export interface DayLimits {
  /** New cards first seen a day: a bad mock exam's misses enter a few a day, not all on one evening. */
  newPerDay: number;
  /** Cards seen a day, new ones included (a card repeated within the day counts once). */
  reviewsPerDay: number;
}

/** A card as the day's choice needs it. */
export interface DayCard {
  id: string;
  fsrs: CardState;
  reason: 'wrong' | 'guessed' | 'added';
  area: AreaId | null;
  addedAt: number;
}

/** What the day's sessions already did: the cards seen today, and those of them first seen today. */
export interface DayDone {
  seen: ReadonlySet<string>;
  introduced: number;
}

export const NOTHING_DONE: DayDone = { seen: new Set(), introduced: 0 };

export interface DayChoice {
  /** Cards seen today already and due again today (a learning step): they come back, free. */
  repeats: string[];
  /** Due reviews the limit lets in today, most at risk first. */
  reviews: string[];
  /** New cards introduced today, in the order they come. */
  fresh: string[];
  /** Due reviews left for another day by the limit (never on the eve of the exam). */
  reviewsWaiting: number;
  /**
   * Due reviews taken beyond the reviews limit: only on the eve of the exam, when there is no other
   * day to leave them for (nothing is ever due on the exam day). The notebook says so.
   */
  overLimit: number;
  /** New cards not introduced today. */
  newWaiting: number;
}

const REASON_ORDER: Record<DayCard['reason'], number> = { wrong: 0, guessed: 1, added: 2 };
const AREA_ORDER: readonly (AreaId | null)[] = [...AREA_IDS, null];

export const isNew = (card: CardState) => card.state === State.New;

/**
 * New cards in the order they are introduced: misses before guesses before the student's own
 * additions (a miss is a known gap; a guess may be known), the exam's four areas in turn (each is a
 * quarter of the ENEM, so a day's new cards spread over them instead of one subject's whole batch),
 * and within an area the oldest first (a mock exam's misses before the next one's: none starves).
 */
export function newCardOrder(cards: readonly DayCard[]): DayCard[] {
  const sorted = [...cards].sort(
    (a, b) =>
      REASON_ORDER[a.reason] - REASON_ORDER[b.reason] ||
      AREA_ORDER.indexOf(a.area) - AREA_ORDER.indexOf(b.area) ||
      a.addedAt - b.addedAt ||
      a.id.localeCompare(b.id),
  );
  const turn = new Map<string, number>();
  const keyed = sorted.map((card) => {
    const group = `${card.reason}:${card.area ?? ''}`;
    const index = turn.get(group) ?? 0;
    turn.set(group, index + 1);
    return { card, index };
  });
  return keyed
    .sort(
      (a, b) =>
        REASON_ORDER[a.card.reason] - REASON_ORDER[b.card.reason] ||
        a.index - b.index ||
        AREA_ORDER.indexOf(a.card.area) - AREA_ORDER.indexOf(b.card.area),
    )
    .map(({ card }) => card);
}

/**
 * The day's cards at `now`. On the eve of the exam every due review is in, beyond the limit if need
 * be (`overLimit`). Reviews come before new cards (a review already due is memory being
 * lost; a new card waits without loss), the most at risk first: the lowest recall at the exam's
 * hour (now, without an exam), so a review left for tomorrow by the limit is one that can best wait.
 * New cards fill what the review limit leaves, up to the new-card limit.
 */
export function chooseDay(
  cards: readonly DayCard[],
  scheduler: Scheduler,
  now: number,
  limits: DayLimits,
  done: DayDone = NOTHING_DONE,
  /** The new cards in newCardOrder's order (a caller choosing many days sorts them once). */
  ordered?: readonly DayCard[],
): DayChoice {
  const endOfToday = addDays(now, 1);
  const at = scheduler.examAt !== null && scheduler.examAt > now ? scheduler.examAt : now;
  const repeats: string[] = [];
  const due: { id: string; risk: number; due: number }[] = [];
  const fresh: DayCard[] = [];
  for (const card of cards) {
    if (isNew(card.fsrs)) {
      if (!ordered) fresh.push(card);
      continue;
    }
    const dueAt = scheduler.dueOf(card.fsrs);
    if (dueAt === null || dueAt >= endOfToday) continue;
    if (done.seen.has(card.id)) repeats.push(card.id);
    else due.push({ id: card.id, risk: scheduler.recall(card.fsrs, at), due: dueAt });
  }
  due.sort((a, b) => a.risk - b.risk || a.due - b.due || a.id.localeCompare(b.id));
  const room = Math.max(0, limits.reviewsPerDay - done.seen.size);
  // The eve: every due review is taken, whatever the limit (a review the limit held back would have
  // no day left but the exam's own). New cards still wait for room under the limit.
  const eve =
    scheduler.examDayStart !== null && now >= addDays(scheduler.examDayStart, -1) && now < scheduler.examDayStart;
  const reviews = (eve ? due : due.slice(0, room)).map((c) => c.id);
  const newRoom = Math.max(0, Math.min(limits.newPerDay - done.introduced, room - reviews.length));
  const waitingNew = ordered ? ordered.filter((card) => isNew(card.fsrs)) : newCardOrder(fresh);
  const introduced = waitingNew.slice(0, newRoom).map((c) => c.id);
  return {
    repeats,
    reviews,
    fresh: introduced,
    reviewsWaiting: due.length - reviews.length,
    overLimit: Math.max(0, reviews.length - room),
    newWaiting: waitingNew.length - introduced.length,
  };
}

/** What the log says today's sessions did (entries from the start of `now`'s day). */
export function doneToday(
  log: readonly { at: number; id: string; fresh?: boolean | undefined; via?: 'session' | 'exam' | undefined }[],
  now: number,
): DayDone {
  const start = startOfDay(now);
  const seen = new Set<string>();
  const introduced = new Set<string>();
  for (const entry of log) {
    if (entry.at < start || entry.via === 'exam') continue;
    seen.add(entry.id);
    if (entry.fresh) introduced.add(entry.id);
  }
  return { seen, introduced: introduced.size };
}

/** Reviews each day holds (by the cards' due days; new cards hold none), updated as one change reschedules cards. */
export class DayLoads {
  private readonly dayOf = new Map<string, number>();
  private readonly counts = new Map<number, number>();

  constructor(cards: readonly { id: string; fsrs: CardState }[], scheduler: Scheduler) {
    for (const card of cards) this.set(card.id, isNew(card.fsrs) ? null : scheduler.dueOf(card.fsrs));
  }

  /** A card is now due at `due` (null: it rests). */
  set(id: string, due: number | null) {
    const before = this.dayOf.get(id);
    if (before !== undefined) this.counts.set(before, (this.counts.get(before) ?? 1) - 1);
    if (due === null) {
      this.dayOf.delete(id);
      return;
    }
    const day = startOfDay(due);
    this.dayOf.set(id, day);
    this.counts.set(day, (this.counts.get(day) ?? 0) + 1);
  }

  /** The balancer's input for rescheduling one card: every other card's reviews per day. */
  except(id: string): DayLoad {
    const own = this.dayOf.get(id);
    return (day) => (this.counts.get(day) ?? 0) - (own === day ? 1 : 0);
  }
}
