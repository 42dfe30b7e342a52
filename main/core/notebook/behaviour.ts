// How this student answers, learned from their own review log for the forecast (forecast.ts): how
// often a missed question is recalled the first time it comes back, how often a card is recalled
// at a learning step within a session, and which grade a recalled card gets (Hard, Good, Easy).
// Each starts from a documented prior and moves to the student's own rate only when that predicts
// the student's other cards better than the prior does (two halves of the cards, each held out in
// turn), as the FSRS fit is kept only when it beats the defaults on held-out reviews. Pure.
import type { StudentBehaviour } from '../../../preload/contract.js';
import type { LogEntry } from './model.js';

/** The contract's shape (the plan shows it): first sight, a step's recall, the grades' shares (they sum to 1). */
export type Behaviour = StudentBehaviour;

/**
 * The prior, and how many reviews it weighs (its rates are mixed with the student's own in that
 * proportion). First sight: half (the explanation was read after the miss, and it is recalled as
 * often as not); a step: 0.9 (minutes after seeing the answer); grades: Good, as the notebook
 * infers a right answer in time.
 */
export const PRIOR: Behaviour = {
  firstSight: 0.5,
  step: 0.9,
  grades: { hard: 0, good: 1, easy: 0 },
  learned: { firstSight: false, step: false, grades: false },
};
const PRIOR_WEIGHT = 20;
/** Reviews of a kind before the student's own rate is considered at all. */
const MIN_REVIEWS = 30;
/** Probabilities are kept off 0 and 1 when scoring a prediction (a log loss would be infinite). */
const FLOOR = 0.01;

type Entry = Pick<LogEntry, 'at' | 'id' | 'grade' | 'recall' | 'fresh'>;
type GradeShares = Behaviour['grades'];

const recalled = (entry: Entry) => entry.grade > 1;

/** The reviews of each kind: first sights, same-session steps, and every recalled review's grade. */
function kinds(log: readonly Entry[]) {
  const lastOf = new Map<string, Entry>();
  const firstSight: Entry[] = [];
  const step: Entry[] = [];
  const graded: Entry[] = [];
  for (const entry of [...log].sort((a, b) => a.at - b.at)) {
    const before = lastOf.get(entry.id);
    if (entry.fresh) firstSight.push(entry);
    else if (!entry.recall && before && sameSession(before.at, entry.at)) step.push(entry);
    if (recalled(entry)) graded.push(entry);
    lastOf.set(entry.id, entry);
  }
  return { firstSight, step, graded };
}

/** Two reviews of a card within a few hours: one session's learning step. */
const sameSession = (a: number, b: number) => b - a < 6 * 3_600_000;

/** The student's rate mixed with the prior's, weighted by their counts. */
const rate = (entries: readonly Entry[], prior: number) =>
  (entries.filter(recalled).length + prior * PRIOR_WEIGHT) / (entries.length + PRIOR_WEIGHT);

function shares(entries: readonly Entry[], prior: GradeShares): GradeShares {
  const count = (grade: number) => entries.filter((e) => e.grade === grade).length;
  const total = entries.length + PRIOR_WEIGHT;
  return {
    hard: (count(2) + prior.hard * PRIOR_WEIGHT) / total,
    good: (count(3) + prior.good * PRIOR_WEIGHT) / total,
    easy: (count(4) + prior.easy * PRIOR_WEIGHT) / total,
  };
}

const clamp = (p: number) => Math.min(1 - FLOOR, Math.max(FLOOR, p));
const binaryLoss = (entries: readonly Entry[], p: number) =>
  entries.reduce((sum, e) => sum - Math.log(recalled(e) ? clamp(p) : 1 - clamp(p)), 0);
const gradeLoss = (entries: readonly Entry[], s: GradeShares) =>
  entries.reduce((sum, e) => sum - Math.log(clamp(e.grade === 2 ? s.hard : e.grade === 4 ? s.easy : s.good)), 0);

/** The half of the cards an entry's card falls in (by its id: every review of a card in one half). */
function half(id: string): 0 | 1 {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return ((hash >>> 0) & 1) as 0 | 1;
}

/**
 * Whether estimating from the student's log predicts held-out cards better than `prior`: each half
 * of the cards estimated from the other, its loss summed, against the prior's over the same reviews.
 */
function beatsPrior<T>(
  entries: readonly Entry[],
  estimate: (from: readonly Entry[]) => T,
  loss: (of: readonly Entry[], value: T) => number,
  prior: T,
): boolean {
  if (entries.length < MIN_REVIEWS) return false;
  const halves = [entries.filter((e) => half(e.id) === 0), entries.filter((e) => half(e.id) === 1)] as const;
  if (halves[0].length === 0 || halves[1].length === 0) return false;
  const learned = loss(halves[0], estimate(halves[1])) + loss(halves[1], estimate(halves[0]));
  return learned < loss(entries, prior);
}

/** What the forecast assumes of this student, from the reviews any view may see (hidden cards filtered out). */
export function learnBehaviour(log: readonly Entry[]): Behaviour {
  const { firstSight, step, graded } = kinds(log);
  const learnFirst = beatsPrior(firstSight, (from) => rate(from, PRIOR.firstSight), binaryLoss, PRIOR.firstSight);
  const learnStep = beatsPrior(step, (from) => rate(from, PRIOR.step), binaryLoss, PRIOR.step);
  const learnGrades = beatsPrior(graded, (from) => shares(from, PRIOR.grades), gradeLoss, PRIOR.grades);
  return {
    firstSight: learnFirst ? rate(firstSight, PRIOR.firstSight) : PRIOR.firstSight,
    step: learnStep ? rate(step, PRIOR.step) : PRIOR.step,
    grades: learnGrades ? shares(graded, PRIOR.grades) : PRIOR.grades,
    learned: { firstSight: learnFirst, step: learnStep, grades: learnGrades },
  };
}
