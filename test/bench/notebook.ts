// npm run bench -- notebook: seeded students review their error notebook up to the exam under the
// exam-day rule (main/core/notebook/schedule.ts) and under the old halving rule, kept here only as
// the baseline. Recall is drawn from FSRS's own model; figures, not timings (docs/performance.md).
import { seededRandom } from '../../main/core/exams/random.js';
import {
  addDays,
  createScheduler,
  DAY_MS,
  DEFAULT_DAILY_LIMIT,
  daysBetween,
  localDate,
  startOfDay,
  type CardState,
  type Scheduler,
} from '../../main/core/notebook/schedule.js';

type Rule = 'exam-day' | 'halving';

interface Outcome {
  atTarget: number;
  reviews: number;
  peakOverMean: number;
  /** The last two days' mean over the last two weeks' mean: a pile-up on the eve shows here. */
  eveOverMean: number;
}

const RETENTION = 0.9;
const START = new Date(2026, 6, 1, 18).getTime();
/** A once-missed question seen again for the first time is recalled about this often. */
const FIRST_RECALL = 0.6;
const MAX_PASSES = 4;

/** The halving rule as it was: any interval capped at half the days left, resting at the exam. */
function halving(base: Scheduler, examStart: number): Scheduler {
  return {
    ...base,
    review: (card, grade, now) => base.review(card, grade, now),
    dueOf: (card) => {
      if (card.last_review === null || card.last_review >= examStart) return card.due;
      if (card.due - card.last_review < DAY_MS) return card.due < examStart ? card.due : null;
      const cap = Math.max(1, Math.floor(daysBetween(card.last_review, examStart) / 2));
      const due = Math.min(card.due, card.last_review + cap * DAY_MS);
      return due < examStart ? due : null;
    },
  };
}

function simulate(rule: Rule, cardCount: number, days: number, seed: number): Outcome {
  const random = seededRandom(seed);
  const examDay = addDays(START, days);
  const examDate = localDate(examDay);
  const base = createScheduler({ examDate, retention: RETENTION, dailyLimit: DEFAULT_DAILY_LIMIT });
  const scheduler = rule === 'halving' ? halving(base, examDay) : base;
  const cards: CardState[] = [];
  const load = new Map<number, number>();
  const count = (card: CardState, delta: number) => {
    const due = scheduler.dueOf(card);
    if (due !== null) load.set(startOfDay(due), (load.get(startOfDay(due)) ?? 0) + delta);
  };
  // Cards arrive a batch a week over the first half (each batch a mock exam's misses).
  const weeks = Math.max(1, Math.floor(days / 2 / 7));
  const perWeek = Math.ceil(cardCount / weeks);
  const daily: number[] = [];
  for (let day = 0; day < days; day++) {
    const now = addDays(START, day) + 18 * 60 * 60_000;
    if (day % 7 === 0 && cards.length < cardCount) {
      for (let i = 0; i < perWeek && cards.length < cardCount; i++) {
        const card = scheduler.newCard(now);
        cards.push(card);
        count(card, 1);
      }
    }
    let reviews = 0;
    const endOfDay = addDays(now, 1);
    for (let index = 0; index < cards.length; index++) {
      let card = cards[index] as CardState;
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        const due = scheduler.dueOf(card);
        if (due === null || due >= endOfDay) break;
        const at = Math.max(now, due) + pass * 10 * 60_000;
        const recall = card.reps === 0 ? FIRST_RECALL : scheduler.recall(card, at);
        const grade = random() < recall ? 3 : 1;
        count(card, -1);
        card = scheduler.review(card, grade, at, (d) => load.get(d) ?? 0);
        count(card, 1);
        reviews += 1;
      }
      cards[index] = card;
    }
    daily.push(reviews);
  }
  const examMorning = examDay + 9 * 60 * 60_000;
  const atTarget = cards.filter((card) => scheduler.recall(card, examMorning) >= RETENTION).length / cards.length;
  const lastTwoWeeks = daily.slice(-14);
  const mean = lastTwoWeeks.reduce((sum, n) => sum + n, 0) / lastTwoWeeks.length;
  return {
    atTarget,
    reviews: daily.reduce((sum, n) => sum + n, 0),
    peakOverMean: mean > 0 ? Math.max(...lastTwoWeeks) / mean : 0,
    eveOverMean: mean > 0 ? daily.slice(-2).reduce((sum, n) => sum + n, 0) / 2 / mean : 0,
  };
}

const STUDENTS = [11, 22, 33];
const rows: string[][] = [];
for (const cardCount of [300, 1000, 3000]) {
  for (const days of [30, 60, 120]) {
    const mean = (rule: Rule) => {
      const runs = STUDENTS.map((seed) => simulate(rule, cardCount, days, seed));
      const avg = (pick: (o: Outcome) => number) => runs.reduce((sum, o) => sum + pick(o), 0) / runs.length;
      return {
        atTarget: avg((o) => o.atTarget),
        reviews: avg((o) => o.reviews),
        peak: avg((o) => o.peakOverMean),
        eve: avg((o) => o.eveOverMean),
      };
    };
    const next = mean('exam-day');
    const old = mean('halving');
    rows.push([
      String(cardCount),
      String(days),
      `${(next.atTarget * 100).toFixed(1)} %`,
      `${(old.atTarget * 100).toFixed(1)} %`,
      next.reviews.toFixed(0),
      old.reviews.toFixed(0),
      next.peak.toFixed(2),
      old.peak.toFixed(2),
      next.eve.toFixed(2),
      old.eve.toFixed(2),
    ]);
  }
}
const head = [
  'cards',
  'days',
  'at target (new)',
  'at target (halving)',
  'reviews (new)',
  'reviews (halving)',
  'peak/mean (new)',
  'peak/mean (halving)',
  'eve/mean (new)',
  'eve/mean (halving)',
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(
  `notebook schedule: ${STUDENTS.length} seeded students each, retention ${RETENTION}, daily limit ${DEFAULT_DAILY_LIMIT}`,
);
console.log(line(head));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line(row));
