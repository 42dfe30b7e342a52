// FSRS fitted to the student: the optimizer Anki uses (fsrs-rs, through
// @open-spaced-repetition/binding) learns the model's parameters from the notebook's review log,
// and the fit is kept only when it predicts reviews it never saw better than FSRS's defaults.
// The optimizer runs off the main thread (the binding's async task); the check is ours, with
// ts-fsrs, so it measures exactly the model the scheduler uses. Why and how: docs/notebook.md.
import { createEmptyCard, default_w, forgetting_curve, fsrs, generatorParameters, State, type Card } from 'ts-fsrs';
import { FIT_MIN_REVIEWS } from './fit-threshold.js';
import { textHash } from '../util/text-hash.js';
import type { FittedModel } from './model.js';
import { DAY_MS, daysBetween, type GradeValue } from './schedule.js';

export interface LoggedReview {
  at: number;
  id: string;
  grade: GradeValue;
}

/** One review of a card's history as the optimizer reads it: its grade and whole days since the last. */
export interface HistoryStep {
  grade: GradeValue;
  deltaDays: number;
}

/** The optimizer: the binding's computeParameters over card histories (a seam the tests can replace). */
export type Optimizer = (histories: HistoryStep[][]) => Promise<number[]>;

/** One in five cards (by a hash of its id: stable from fit to fit) is held out to check the fit. */
const HELD_OUT_EVERY = 5;
const EPSILON = 1e-6;

/** Each card's reviews in time order. */
function byCard(log: readonly LoggedReview[]): Map<string, LoggedReview[]> {
  const cards = new Map<string, LoggedReview[]>();
  for (const entry of log) {
    const list = cards.get(entry.id) ?? [];
    list.push(entry);
    cards.set(entry.id, list);
  }
  for (const list of cards.values()) list.sort((a, b) => a.at - b.at);
  return cards;
}

/** Reviews that follow an earlier review of the same card: what the optimizer learns from. */
export function learnableReviews(log: readonly LoggedReview[]): number {
  let count = 0;
  for (const list of byCard(log).values()) count += Math.max(0, list.length - 1);
  return count;
}

/** Whole calendar days between reviews, as fsrs-rs counts them (same-day steps are 0). */
function historyOf(reviews: readonly LoggedReview[]): HistoryStep[] {
  return reviews.map((review, i) => ({
    grade: review.grade,
    deltaDays: i === 0 ? 0 : daysBetween((reviews[i - 1] as LoggedReview).at, review.at),
  }));
}

/**
 * How well parameters `w` predict the held-out cards' reviews: each review after a card's first
 * is predicted from the memory state FSRS gives the card's history up to it (ts-fsrs, the
 * scheduler's own model), over the exact time elapsed; recalled means any grade but "again".
 * Log loss (lower is better) and the root mean squared error of the predicted recall.
 */
export function evaluate(
  w: readonly number[],
  cards: readonly (readonly LoggedReview[])[],
): { logLoss: number; rmse: number; count: number } {
  const engine = fsrs(generatorParameters({ w: [...w], enable_fuzz: false }));
  const weights = engine.parameters.w;
  let loss = 0;
  let squared = 0;
  let count = 0;
  for (const reviews of cards) {
    let card: Card = createEmptyCard(new Date((reviews[0] as LoggedReview).at));
    for (const review of reviews) {
      if (card.state !== State.New && card.last_review) {
        const elapsed = Math.max(0, review.at - card.last_review.getTime()) / DAY_MS;
        // Same-day learning steps are not tests of long-term memory: fsrs-rs leaves them out too.
        if (elapsed >= 1) {
          const p = Math.min(1 - EPSILON, Math.max(EPSILON, forgetting_curve(weights, elapsed, card.stability)));
          const y = review.grade > 1 ? 1 : 0;
          loss -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
          squared += (y - p) ** 2;
          count += 1;
        }
      }
      card = engine.next(card, new Date(review.at), review.grade).card;
    }
  }
  return count === 0
    ? { logLoss: NaN, rmse: NaN, count }
    : { logLoss: loss / count, rmse: Math.sqrt(squared / count), count };
}

/**
 * Fits FSRS to the log when it holds enough learnable reviews (FIT_MIN_REVIEWS), else null. The
 * outcome keeps the fitted parameters only when their log loss on the held-out cards is lower than
 * the defaults'; either way the comparison is kept for the plan to show.
 */
export async function fitModel(
  log: readonly LoggedReview[],
  now: number,
  optimize: Optimizer,
): Promise<FittedModel | null> {
  if (learnableReviews(log) < FIT_MIN_REVIEWS) return null;
  const train: HistoryStep[][] = [];
  const heldOut: LoggedReview[][] = [];
  for (const [id, reviews] of byCard(log)) {
    if (reviews.length < 2) continue;
    if (textHash(id) % HELD_OUT_EVERY === 0) heldOut.push(reviews);
    else train.push(historyOf(reviews));
  }
  const fitted = await optimize(train);
  if (fitted.length !== default_w.length || fitted.some((value) => !Number.isFinite(value))) return null;
  const mine = evaluate(fitted, heldOut);
  const defaults = evaluate(default_w, heldOut);
  if (mine.count === 0) return null;
  return {
    parameters: mine.logLoss < defaults.logLoss ? fitted : null,
    at: now,
    reviews: learnableReviews(log),
    heldOut: mine.count,
    logLoss: { fitted: mine.logLoss, defaults: defaults.logLoss },
    rmse: { fitted: mine.rmse, defaults: defaults.rmse },
  };
}

/**
 * The binding's optimizer, loaded when first needed (a platform without its native build keeps
 * FSRS's defaults: `null`). Each card's history becomes the items fsrs-rs trains on: one per
 * review after the first, holding the reviews up to it.
 */
export async function bindingOptimizer(): Promise<Optimizer | null> {
  try {
    const binding = await import('@open-spaced-repetition/binding');
    return async (histories) => {
      const items = histories.flatMap((history) => {
        const steps = history.map((step) => new binding.FSRSBindingReview(step.grade, step.deltaDays));
        // fsrs-rs aborts its process on an item with no review a day or more after the one before
        // (a card seen only within its first day): those teach it nothing and are left out.
        return steps
          .slice(1)
          .flatMap((_, i) =>
            history.slice(1, i + 2).some((step) => step.deltaDays > 0)
              ? [new binding.FSRSBindingItem(steps.slice(0, i + 2))]
              : [],
          );
      });
      return binding.computeParameters(items, { enableShortTerm: true });
    };
  } catch {
    return null;
  }
}
