// A student whose memory follows FSRS with parameters of its own (not necessarily the defaults the
// app starts with): the app's scheduler decides when each card is seen, and the student's true
// memory, drawn with a seeded generator, decides whether it is recalled. Used by the fit's tests
// and the notebook benchmark.
import { createEmptyCard, default_w, forgetting_curve, fsrs, generatorParameters, type Card } from 'ts-fsrs';
import { seededRandom } from '../../main/core/exams/random.js';
import type { LoggedReview } from '../../main/core/notebook/fit.js';
import { addDays, DAY_MS, type CardState, type GradeValue, type Scheduler } from '../../main/core/notebook/schedule.js';

/** A student who forgets faster than FSRS's average learner: lower initial stabilities, faster decay. */
export const FORGETFUL_W: readonly number[] = default_w.map((value, i) => {
  if (i <= 3) return value * 0.25;
  if (i === 20) return Math.min(0.8, value * 2.5);
  return value;
});

/** A student who remembers longer than the average: higher initial stabilities, slower decay. */
export const RETENTIVE_W: readonly number[] = default_w.map((value, i) => {
  if (i <= 3) return value * 3;
  if (i === 20) return Math.max(0.1, value * 0.7);
  return value;
});

export interface TrueMemory {
  /** Whether the student recalls the card at `at` (drawn from their true recall), and their state after. */
  review(id: string, at: number): { recalled: boolean; grade: GradeValue };
  /** The student's true chance of recalling the card at `at`. */
  recall(id: string, at: number): number;
}

/** How a student answers beside their memory: first sight of a missed question, and the grades they pick. */
export interface Habits {
  /** Chance a missed question is recalled the first time it comes back (0.5 unless given). */
  firstSight?: number;
  /** Of recalled cards, the shares graded Hard and Easy (the rest Good; none unless given). */
  hard?: number;
  easy?: number;
}

/** The memory of a student with parameters `w`: one true card per card id, reviewed when the app shows it. */
export function trueMemory(w: readonly number[], seed: number, habits: Habits = {}): TrueMemory {
  const engine = fsrs(generatorParameters({ w: [...w], enable_fuzz: false }));
  const weights = engine.parameters.w;
  const random = seededRandom(seed);
  const cards = new Map<string, Card>();
  const recall = (id: string, at: number) => {
    const card = cards.get(id);
    if (!card?.last_review) return 0;
    return forgetting_curve(weights, Math.max(0, at - card.last_review.getTime()) / DAY_MS, card.stability);
  };
  return {
    recall,
    review: (id, at) => {
      const card = cards.get(id);
      // A question first seen after a miss: its explanation read, it is recalled as often as not
      // (unless this student's habits say otherwise).
      const recalled = card ? random() < recall(id, at) : random() < (habits.firstSight ?? 0.5);
      // Drawn only for a student who grades other than Good: the default students' draws stay as they were.
      const pick = recalled && (habits.hard || habits.easy) ? random() : 1;
      const grade: GradeValue = !recalled
        ? 1
        : pick < (habits.hard ?? 0)
          ? 2
          : pick < (habits.hard ?? 0) + (habits.easy ?? 0)
            ? 4
            : 3;
      cards.set(id, engine.next(card ?? createEmptyCard(new Date(at)), new Date(at), grade).card);
      return { recalled, grade };
    },
  };
}

/**
 * `cards` cards reviewed every evening from `start` for `days` days whenever the app's scheduler
 * says they are due (learning steps within the evening included): the review log it leaves.
 */
export function reviewLog(options: {
  scheduler: Scheduler;
  memory: TrueMemory;
  cards: number;
  days: number;
  start: number;
}): LoggedReview[] {
  const { scheduler, memory } = options;
  const states = new Map<string, CardState>();
  const log: LoggedReview[] = [];
  for (let day = 0; day < options.days; day++) {
    const evening = addDays(options.start, day) + 19 * 3_600_000;
    // The cards arrive over the first half, a few each day.
    const arriving = Math.ceil(options.cards / Math.max(1, Math.floor(options.days / 2)));
    for (let i = 0; i < arriving && states.size < options.cards; i++)
      states.set(`c${states.size}`, scheduler.newCard(evening));
    const end = addDays(evening, 1);
    for (const [id, first] of states) {
      let state = first;
      let at = evening;
      for (let pass = 0; pass < 4; pass++) {
        const due = scheduler.dueOf(state);
        if (due === null || due >= end) break;
        at = Math.max(at, due);
        const { grade } = memory.review(id, at);
        state = scheduler.review(state, grade, at);
        log.push({ at, id, grade });
        at += 60_000;
      }
      states.set(id, state);
    }
  }
  return log;
}
