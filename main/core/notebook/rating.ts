// What rating a card does: its new FSRS state under the scheduler (with the day loads that keep the
// plan flat), the log entry the fit and the day's count read, and the rating's undo. A rating given
// again to the same answer of a session replaces the first (the card is rated from where it was
// before it), so changing one's mind never counts twice. Pure over the notebook's data: notebook.ts
// runs these in its queue and saves.
import { State } from 'ts-fsrs';
import type { RatingPreview } from '../../../preload/contract.js';
import type { DayLoads } from './daily.js';
import type { Card, LogEntry } from './model.js';
import type { GradeValue, Scheduler } from './schedule.js';

/** The log keeps this many reviews (the oldest go first): years of a student's reviews. */
const LOG_MAX = 20_000;
const REVIEW_GRADES = [1, 2, 3, 4] as const;

export interface Planning {
  scheduler: Scheduler;
  loads: DayLoads;
}

/** Where a rating came from: the session (or exam) and the answer's place in it. */
export interface RatingFrom {
  attemptId: string;
  index: number;
}

/** The last review a session gave this card, when it is the one at `from` (a re-rating replaces it). */
function lastFrom(card: Card, from: RatingFrom) {
  return card.last?.attemptId === from.attemptId && card.last.index === from.index ? card.last : null;
}

/** What a rating at `from` starts from: the card as it was before that answer's earlier rating, and when. */
function startOf(card: Card, at: number, from: RatingFrom) {
  const last = lastFrom(card, from);
  return { last, before: last ? last.before : card.fsrs, reviewedAt: last ? last.at : at };
}

/** Takes the log's entry of this card's review at `at` out (the rating it recorded is replaced or undone). */
function dropLogged(log: LogEntry[], id: string, at: number): void {
  const index = log.findLastIndex((e) => e.id === id && e.at === at);
  if (index >= 0) log.splice(index, 1);
}

/** Rates the card (a re-rating of the same answer replaces the earlier one) and logs it. */
export function rateCard(
  log: LogEntry[],
  card: Card,
  grade: GradeValue,
  at: number,
  from: RatingFrom,
  { scheduler, loads }: Planning,
  via: 'session' | 'exam' = 'session',
): void {
  const { last, before, reviewedAt } = startOf(card, at, from);
  if (last) dropLogged(log, card.id, reviewedAt);
  card.fsrs = scheduler.review(before, grade, reviewedAt, loads.except(card.id));
  loads.set(card.id, scheduler.dueOf(card.fsrs));
  card.last = { ...from, at: reviewedAt, before };
  log.push({
    at: reviewedAt,
    id: card.id,
    grade,
    recall: before.state === State.Review,
    fresh: before.state === State.New,
    via,
  });
  if (log.length > LOG_MAX) log.splice(0, log.length - LOG_MAX);
}

/**
 * What each rating of the answer at `from` would schedule (the buttons say it): the next review
 * `inMs` after it, or null when the card would rest until the exam.
 */
export function ratingPreview(
  card: Card,
  at: number,
  from: RatingFrom,
  { scheduler, loads }: Planning,
): RatingPreview[] {
  const { before, reviewedAt } = startOf(card, at, from);
  return REVIEW_GRADES.map((grade) => {
    const due = scheduler.dueOf(scheduler.review(before, grade, reviewedAt, loads.except(card.id)));
    return { grade, inMs: due === null ? null : Math.max(0, due - reviewedAt) };
  });
}

/** Takes back the rating a session gave at `from`: the card is as it was before it. False when there is none. */
export function undoRating(log: LogEntry[], card: Card, from: RatingFrom): boolean {
  const last = lastFrom(card, from);
  if (!last) return false;
  dropLogged(log, card.id, last.at);
  card.fsrs = last.before;
  card.last = null;
  return true;
}
