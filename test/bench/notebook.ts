// npm run bench -- notebook: simulated students keep their error notebook up to the exam with the
// app's own pieces (daily.ts chooses each evening's cards under the limits, schedule.ts schedules,
// forecast.ts tells the plan, fit.ts fits FSRS). Recall is drawn from each student's TRUE memory
// (FSRS with parameters of their own: simulated-student.ts) over the exact time elapsed, and
// measured at 13:30 Brasília time on the exam day. Figures, not timings (docs/performance.md).
import { default_w, State } from 'ts-fsrs';
import { seededRandom } from '../../main/core/exams/random.js';
import {
  chooseDay,
  DayLoads,
  DEFAULT_NEW_PER_DAY,
  isNew,
  newCardOrder,
  type DayCard,
  type DayDone,
  type DayLimits,
} from '../../main/core/notebook/daily.js';
import { bindingOptimizer, fitModel, learnableReviews, type LoggedReview } from '../../main/core/notebook/fit.js';
import { FIT_MIN_REVIEWS, REFIT_GROWTH } from '../../main/core/notebook/fit-threshold.js';
import { outlookOf } from '../../main/core/notebook/forecast.js';
import {
  addDays,
  createScheduler,
  DEFAULT_DAILY_LIMIT,
  localDate,
  type Scheduler,
} from '../../main/core/notebook/schedule.js';
import { AREA_IDS } from '../../preload/constants.js';
import { FORGETFUL_W, RETENTIVE_W, trueMemory, type Habits, type TrueMemory } from '../support/simulated-student.js';
import { learnBehaviour, PRIOR } from '../../main/core/notebook/behaviour.js';
import type { LogEntry } from '../../main/core/notebook/model.js';

const RETENTION = 0.9;
/** BENCH_NOTEBOOK_ADOPT=exams: the student takes the plan's limits after mock exams only, not after a fit. */
const ADOPT_AFTER_FIT = process.env.BENCH_NOTEBOOK_ADOPT !== 'exams';
const START = new Date(2027, 6, 5).getTime();
const SESSION_HOUR = 19;
const STUDENTS = [11, 22, 33];

interface Outcome {
  /** Cards whose TRUE recall at the exam's hour is at or above the target. */
  atTarget: number;
  /** The weakest card's true recall then. */
  weakest: number;
  reviews: number;
  /** The busiest day's cards (distinct, as the limit counts them). */
  busiest: number;
  mean: number;
  /** What the plan said right after the last mock exam's misses came in. */
  planBelow: number;
  planNeeded: DayLimits | null;
  /** The plan said fewer than its goal (95 %) would be at the target. */
  planShort: boolean;
  /** The readiness the plan told after the last mock exam, at the limits the student then took (share). */
  planReady: number;
  /** Cards due (or new) that the eve's limits left for the exam day. */
  left: number;
  cards: number;
  /** FSRS fits tried (as the app tries them). */
  fits: number;
  overLimit: number;
}

interface Run {
  misses: number;
  days: number;
  seed: number;
  memory: readonly number[];
  limits: DayLimits | 'plan';
  /**
   * Fit FSRS to the student's log as the app does (app/notebook-fit.ts): once the log holds
   * FIT_MIN_REVIEWS learnable reviews, again each time they grew by REFIT_GROWTH; the latest fit's
   * parameters schedule (its defaults when it lost on held-out reviews), from the next evening on.
   */
  fit: boolean;
  /** How the student answers beside their memory (first sight, grades); the default student's unless given. */
  habits?: Habits;
  /** Whether the forecast learns the student's behaviour from the log (the app does), or assumes the prior. */
  learn?: boolean;
}

async function simulate(run: Run): Promise<Outcome> {
  const examDate = localDate(addDays(START, run.days));
  let scheduler: Scheduler = createScheduler({ examDate, retention: RETENTION });
  const memory: TrueMemory = trueMemory(run.memory, run.seed, run.habits);
  const random = seededRandom(run.seed * 7 + 1);
  const cards: DayCard[] = [];
  const byId = new Map<string, DayCard>();
  const log: LogEntry[] = [];
  let limits: DayLimits =
    run.limits === 'plan' ? { newPerDay: DEFAULT_NEW_PER_DAY, reviewsPerDay: DEFAULT_DAILY_LIMIT } : run.limits;
  // A mock exam every Saturday-ish (each seventh day) but the last week: its misses enter as new cards.
  const exams = Array.from({ length: Math.max(1, Math.floor((run.days - 7) / 7) + 1) }, (_, i) => i * 7);
  const perExam = Math.ceil(run.misses / exams.length);
  const daily: number[] = [];
  let planBelow = 0;
  let planNeeded: DayLimits | null = null;
  let planShort = false;
  let planReady = 0;
  let left = 0;
  /** Learnable reviews at the last fit tried (the app's fitter keeps the same count). */
  let triedAt = 0;
  let fits = 0;
  /** Reviews the eve took beyond the limit (every due review is taken there). */
  let overLimit = 0;
  /**
   * What the plan tells the student (after each mock exam; the last reading is reported); a student
   * who follows it takes the limits it names. Returns whether it named limits.
   */
  const readPlan = (evening: number): boolean => {
    const behaviour = run.learn === false ? PRIOR : learnBehaviour(log);
    const tell = (l: DayLimits) =>
      outlookOf(cards, scheduler, evening - 60_000, l, NOTHING, examDate, 30, undefined, behaviour);
    const outlook = tell(limits);
    if (!outlook.readiness) return false;
    planBelow = outlook.readiness.cards - outlook.readiness.atTarget;
    planNeeded = outlook.readiness.needed;
    planShort = outlook.readiness.atTarget < outlook.readiness.goal;
    if (run.limits === 'plan' && planNeeded) limits = planNeeded;
    // What the plan tells at the limits the student now keeps.
    const kept = run.limits === 'plan' && planNeeded ? tell(limits).readiness : outlook.readiness;
    planReady = kept ? kept.atTarget / kept.cards : 0;
    return planNeeded !== null;
  };
  for (let day = 0; day < run.days; day++) {
    const evening = addDays(START, day) + SESSION_HOUR * 3_600_000;
    if (exams.includes(day)) {
      for (let i = 0; i < perExam && cards.length < run.misses; i++) {
        const id = `c${cards.length}`;
        const card: DayCard = {
          id,
          fsrs: scheduler.newCard(evening - 3_600_000),
          reason: random() < 0.85 ? 'wrong' : 'guessed',
          area: AREA_IDS[Math.floor(random() * 4)] ?? null,
          addedAt: evening - 3_600_000 + i,
        };
        cards.push(card);
        byId.set(id, card);
      }
      readPlan(evening);
    }
    const learnable = run.fit ? learnableReviews(log as LoggedReview[]) : 0;
    if (learnable >= FIT_MIN_REVIEWS && (triedAt === 0 || learnable >= triedAt * (1 + REFIT_GROWTH))) {
      triedAt = learnable;
      const optimize = await bindingOptimizer();
      const model = optimize ? await fitModel(log as LoggedReview[], evening, optimize) : null;
      if (model) {
        fits += 1;
        scheduler = createScheduler({ examDate, retention: RETENTION, parameters: model.parameters ?? undefined });
        // A new model changes the plan: the notebook shows it in the same block as the model's date,
        // and a student who follows the plan takes the limits it now names.
        if (run.limits === 'plan' && ADOPT_AFTER_FIT) readPlan(evening);
      }
    }
    const loads = new DayLoads(cards, scheduler);
    const seen = new Set<string>();
    let introduced = 0;
    const order = newCardOrder(cards.filter((c) => isNew(c.fsrs)));
    for (let pass = 0; pass < 5; pass++) {
      const at = evening + pass * 10 * 60_000;
      const done: DayDone = { seen, introduced };
      const choice = chooseDay(cards, scheduler, at, limits, done, order);
      const ids = [...choice.repeats, ...choice.reviews, ...choice.fresh];
      if (ids.length === 0) break;
      for (const id of ids) {
        const card = byId.get(id);
        if (!card) continue;
        const fresh = isNew(card.fsrs);
        if (fresh) introduced += 1;
        const recall = card.fsrs.state === State.Review;
        const { grade } = memory.review(id, at);
        card.fsrs = scheduler.review(card.fsrs, grade, at, loads.except(id));
        loads.set(id, scheduler.dueOf(card.fsrs));
        log.push({ at, id, grade, recall, fresh, via: 'session' });
        seen.add(id);
      }
      if (day === run.days - 1 && pass === 0) {
        left = choice.reviewsWaiting + choice.newWaiting;
        overLimit = choice.overLimit;
      }
    }
    daily.push(seen.size);
  }
  const examAt = scheduler.examAt ?? 0;
  const recalls = cards.map((card) => memory.recall(card.id, examAt));
  const reviews = log.length;
  return {
    atTarget: recalls.filter((r) => r >= RETENTION).length,
    weakest: Math.min(...recalls),
    reviews,
    busiest: Math.max(...daily),
    mean: daily.reduce((sum, n) => sum + n, 0) / daily.length,
    planBelow,
    planNeeded,
    planShort,
    planReady,
    left,
    cards: cards.length,
    fits,
    overLimit,
  };
}

const NOTHING: DayDone = { seen: new Set(), introduced: 0 };
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

function table(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

async function mean(run: Omit<Run, 'seed'>, seeds: readonly number[] = STUDENTS) {
  const outcomes: Outcome[] = [];
  for (const seed of seeds) outcomes.push(await simulate({ ...run, seed }));
  const avg = (pick: (o: Outcome) => number) => outcomes.reduce((sum, o) => sum + pick(o), 0) / outcomes.length;
  return {
    atTarget: avg((o) => o.atTarget / o.cards),
    weakest: Math.min(...outcomes.map((o) => o.weakest)),
    reviews: avg((o) => o.reviews),
    busiest: Math.max(...outcomes.map((o) => o.busiest)),
    busiestOverMean: avg((o) => o.busiest / o.mean),
    planBelow: avg((o) => o.planBelow),
    needed: outcomes.map((o) => o.planNeeded),
    short: outcomes.some((o) => o.planShort),
    planReady: avg((o) => o.planReady),
    /** The plan's readiness against the outcome, in points, the worst student. */
    readinessGap: Math.max(...outcomes.map((o) => Math.abs(o.planReady - o.atTarget / o.cards) * 100)),
    left: Math.max(...outcomes.map((o) => o.left)),
    fits: avg((o) => o.fits),
    overLimit: Math.max(...outcomes.map((o) => o.overLimit)),
  };
}

const defaults: DayLimits = { newPerDay: DEFAULT_NEW_PER_DAY, reviewsPerDay: DEFAULT_DAILY_LIMIT };
/** BENCH_NOTEBOOK_PART=unlike runs only the last two tables (students unlike the default); =held only the last. */
const PART = process.env.BENCH_NOTEBOOK_PART ?? 'all';
if (PART === 'all') {
  console.log(
    `notebook: ${STUDENTS.length} seeded students a row (FSRS's average memory), retention ${RETENTION}, ` +
      `recall measured at 13:30 Brasília time on the exam day over the exact time elapsed`,
  );
  const rows: string[][] = [];
  for (const misses of [300, 1000, 3000]) {
    for (const days of [30, 60, 120]) {
      const base = await mean({ misses, days, memory: default_w, limits: defaults, fit: false });
      const plan = await mean({ misses, days, memory: default_w, limits: 'plan', fit: false });
      // The largest limits any of the students' plans named (each follows its own plan).
      const namedAll = plan.needed.filter((n): n is DayLimits => n !== null);
      const named =
        namedAll.length === 0
          ? null
          : {
              newPerDay: Math.max(...namedAll.map((n) => n.newPerDay)),
              reviewsPerDay: Math.max(...namedAll.map((n) => n.reviewsPerDay)),
            };
      rows.push([
        String(misses),
        String(days),
        pct(base.atTarget),
        base.weakest.toFixed(3),
        String(Math.round(base.reviews)),
        `${base.busiest} / ${defaults.reviewsPerDay}`,
        base.busiestOverMean.toFixed(2),
        base.planBelow.toFixed(0),
        named ? `${named.newPerDay} new, ${named.reviewsPerDay}/day` : base.short ? 'none reaches it' : '— (goal met)',
        named ? pct(plan.atTarget) : '—',
        named ? `${plan.busiest}` : '—',
      ]);
    }
  }
  table(
    [
      'misses',
      'days',
      'at target (15 new, 60/day)',
      'weakest',
      'reviews',
      'busiest / limit',
      'busiest/mean',
      'plan: below',
      'plan: limits named',
      'at target (named)',
      'busiest (named)',
    ],
    rows,
  );

  console.log('\nmemory fitted to the student (1000 misses, 60 days, the plan’s limits; fitted as the app fits)');
  const fitRows: string[][] = [];
  for (const [name, w] of [
    ['forgets faster', FORGETFUL_W],
    ['average (FSRS defaults)', default_w],
    ['remembers longer', RETENTIVE_W],
  ] as const) {
    const without = await mean({ misses: 1000, days: 60, memory: w, limits: 'plan', fit: false });
    const fitted = await mean({ misses: 1000, days: 60, memory: w, limits: 'plan', fit: true });
    fitRows.push([
      name,
      pct(without.atTarget),
      pct(fitted.atTarget),
      String(Math.round(without.reviews)),
      String(Math.round(fitted.reviews)),
    ]);
  }
  table(['student', 'at target (defaults)', 'at target (fitted)', 'reviews (defaults)', 'reviews (fitted)'], fitRows);
}

if (PART !== 'held') {
  console.log(
    '\nstudents unlike the default: a missed question failed the first time it comes back, Hard and Easy ' +
      'used (25 % and 15 % of recalls), misses captured weekly, the plan’s named limits adopted after each mock exam',
  );
  const unlikeRows: string[][] = [];
  for (const misses of [300, 1000]) {
    for (const days of [30, 60]) {
      for (const learn of [false, true]) {
        const outcome = await mean({
          misses,
          days,
          memory: default_w,
          limits: 'plan',
          fit: false,
          habits: { firstSight: 0, hard: 0.25, easy: 0.15 },
          learn,
        });
        unlikeRows.push([
          String(misses),
          String(days),
          learn ? 'learned from the log' : 'the prior (before)',
          pct(outcome.atTarget),
          pct(outcome.planReady),
          outcome.readinessGap.toFixed(1),
          String(outcome.left),
        ]);
      }
    }
  }
  table(
    [
      'misses',
      'days',
      'forecast assumes',
      'at target 13:30',
      'plan said',
      'gap (pts, worst)',
      'left for exam day (worst)',
    ],
    unlikeRows,
  );
}

// The headroom of the named limits was chosen on the table above: here, students it was not tuned
// on (other seeds, other habits, a memory that forgets faster than the scheduler's model). The first
// world was looked at while the eve's rule and the re-reading after a fit were decided (2026-11-27);
// the second was first run after both, and is the one the promise is read from.
const HELD_WORLDS = [
  {
    title:
      'seeds 44, 55, 66: 20 % of misses recalled at first sight, 40 % Hard, 5 % Easy (seen before the last changes)',
    seeds: [44, 55, 66],
    habits: { firstSight: 0.2, hard: 0.4, easy: 0.05 },
  },
  {
    title: 'seeds 77, 88, 99: 10 % of misses recalled at first sight, 30 % Hard, 10 % Easy (first run after them)',
    seeds: [77, 88, 99],
    habits: { firstSight: 0.1, hard: 0.3, easy: 0.1 },
  },
];
for (const world of HELD_WORLDS) {
  console.log(
    `\nheld out (not tuned on), forgetting faster than FSRS’s defaults, fitted as the app fits, the plan’s limits ` +
      `adopted after each mock exam${ADOPT_AFTER_FIT ? ' and after each fit' : ' only'}: ${world.title}`,
  );
  const heldRows: string[][] = [];
  for (const misses of [300, 1000]) {
    for (const days of [30, 60]) {
      const outcome = await mean(
        { misses, days, memory: FORGETFUL_W, limits: 'plan', fit: true, habits: world.habits, learn: true },
        world.seeds,
      );
      heldRows.push([
        String(misses),
        String(days),
        pct(outcome.atTarget),
        pct(outcome.planReady),
        outcome.readinessGap.toFixed(1),
        String(outcome.left),
        String(outcome.overLimit),
        outcome.fits.toFixed(1),
      ]);
    }
  }
  table(
    [
      'misses',
      'days',
      'at target 13:30',
      'plan said',
      'gap (pts, worst)',
      'left for exam day (worst)',
      'eve over limit (worst)',
      'fits tried',
    ],
    heldRows,
  );
}
