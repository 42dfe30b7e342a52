// Item response theory for one class: the items calibrated on the class's own answers by marginal
// maximum likelihood (Bock and Aitkin's EM over a fixed quadrature), then each student's
// proficiency estimated as INEP does — EAP over 40 points from −4 to 4 with a N(0, 1) prior — and
// put on a 500/100 scale. The scale is the class's: 500 is this class's mean, 100 its spread. It is
// not the ENEM's scale, whose items INEP calibrated on millions of candidates. A question a student
// never saw (a shorter form) is missing, not wrong. Whether an item misfits is decided at this
// class's size, from the fit statistics' spread in classes simulated from the fitted model. Pure;
// the choices and the thresholds are in docs/class-report.md.
import type { ClassTri, TriLink } from '../../../preload/contract.js';
import { linkToScale, type ClassScale } from './irt-link.js';
import type { ScaleProblem } from './scale-file.js';
import { misfitOf, misfitReplicates, misfitSpread } from './irt-misfit.js';
import {
  eap,
  fitStatistics,
  logistic,
  NODE_VALUES,
  posteriors,
  probability,
  QUADRATURE_POINTS,
  sat,
  type Answers,
  type ItemParameters,
} from './irt-model.js';
import { maximise, type Free } from './irt-numeric.js';

export { probability, QUADRATURE_POINTS, type Answers, type ItemParameters } from './irt-model.js';
export { MISFIT_REPLICATES, misfitReplicates } from './irt-misfit.js';
export { normalQuantile } from './irt-numeric.js';

/** Rasch (one common discrimination), 2PL (a per item), 3PL (and a guessing floor per item). */
export type IrtModel = 'rasch' | '2pl' | '3pl';

/** Fewer students than this and no calibration is attempted (docs/class-report.md: why). */
export const IRT_MIN_STUDENTS = 30;
/** From this many students each item gets its own discrimination (2PL); below, Rasch. */
export const TWO_PL_FROM = 100;
/** From this many students each item gets its own guessing floor too (3PL, as INEP). */
export const THREE_PL_FROM = 500;

export interface CalibratedItem extends ItemParameters {
  /** Information-weighted mean square of the residuals (≈ 1 when the item fits). */
  infit: number;
  /** Unweighted mean square (sensitive to surprises far from the item's difficulty). */
  outfit: number;
  /**
   * Against classes of this size simulated from the fitted model: `under` when the item is noisier
   * than any of them plausibly is (a wrong key, an ambiguous statement), `over` when it is more
   * predictable (harmless), null when within.
   */
  misfit: 'under' | 'over' | null;
}

export interface StudentProficiency {
  /** EAP estimate on the θ scale. */
  theta: number;
  /** Its posterior standard deviation. */
  se: number;
  /** 500 + 100 θ: the class's scale. */
  score: number;
  scoreSe: number;
}

export interface IrtCalibration {
  model: IrtModel;
  students: number;
  /** Students who did not see every question (their missing ones count for nothing). */
  partial: number;
  /** Per item, in the given order; null for an item every student got right or every one wrong. */
  items: (CalibratedItem | null)[];
  proficiency: StudentProficiency[];
  /** The test information function (its inverse square root is the standard error at that θ). */
  information: { theta: number; information: number }[];
  iterations: number;
  converged: boolean;
  logLikelihood: number;
}

export class IrtError extends Error {
  constructor(
    readonly code: 'too-few-students' | 'too-few-items',
    readonly needed: number,
    readonly have: number,
  ) {
    super(`${code}: ${have} of ${needed}`);
    this.name = 'IrtError';
  }
}

export const modelFor = (students: number): IrtModel =>
  students >= THREE_PL_FROM ? '3pl' : students >= TWO_PL_FROM ? '2pl' : 'rasch';

const toFree = (item: ItemParameters): Free => [Math.log(item.a), item.b, Math.log(item.c / (1 - item.c))];
const fromFree = ([la, b, lc]: Free): ItemParameters => ({ a: Math.exp(la), b, c: logistic(lc) });

/**
 * Priors that keep a small class's estimates finite, as BILOG and mirt users set them: log a ~
 * N(0, 0.5²); b ~ N(0, 2²), weak; c ~ Beta(5, 17), the floor of five alternatives (mean 0.2).
 */
function logPrior(item: ItemParameters, model: IrtModel): number {
  let value = -(item.b * item.b) / 8;
  if (model !== 'rasch') value += -((Math.log(item.a) / 0.5) ** 2) / 2;
  if (model === '3pl') value += 4 * Math.log(item.c) + 16 * Math.log(1 - item.c);
  return value;
}

/** The expected complete-data log-likelihood of one item (r: expected right answers per node, n: people per node). */
function itemObjective(item: ItemParameters, r: Float64Array, n: Float64Array, model: IrtModel): number {
  const { a, b, c } = item;
  let value = logPrior(item, model);
  // probability(), inlined (the optimiser calls this some forty thousand times an EM round).
  for (let k = 0; k < QUADRATURE_POINTS; k++) {
    const p = Math.min(
      1 - 1e-9,
      Math.max(1e-9, c + (1 - c) * (1 / (1 + Math.exp(-(a * ((NODE_VALUES[k] as number) - b)))))),
    );
    const right = r[k] as number;
    value += right * Math.log(p) + ((n[k] as number) - right) * Math.log(1 - p);
  }
  return value;
}

/**
 * Expected right answers per item and node (`cell` 1), or expected unseen (`cell` null): each such
 * answer adds its student's posterior. One pass
 * over the students in their order (the same sums, added in the same order, as item by item), over
 * flat typed arrays: at 1,000 × 500 this was most of an EM round.
 */
function expectedRight(
  responses: readonly Answers[],
  weights: readonly Float64Array[],
  count: number,
  cell: 1 | null,
): Float64Array[] {
  const flat = new Float64Array(count * QUADRATURE_POINTS);
  for (let i = 0; i < responses.length; i++) {
    const answers = responses[i] as Answers;
    const row = weights[i] as Float64Array;
    for (let j = 0; j < count; j++) {
      if (cell === 1 ? answers[j] !== 1 : sat(answers[j])) continue;
      const base = j * QUADRATURE_POINTS;
      for (let k = 0; k < QUADRATURE_POINTS; k++) flat[base + k] = (flat[base + k] as number) + (row[k] as number);
    }
  }
  return Array.from({ length: count }, (_, j) => flat.subarray(j * QUADRATURE_POINTS, (j + 1) * QUADRATURE_POINTS));
}

/** Expected people per item and node: everyone's posterior, less those who never saw the item. */
function expectedPeople(
  responses: readonly Answers[],
  weights: readonly Float64Array[],
  n: Float64Array,
  count: number,
  partial: boolean,
): Float64Array[] {
  if (!partial) return Array.from({ length: count }, () => n);
  return expectedRight(responses, weights, count, null).map((missing) => n.map((v, k) => v - (missing[k] as number)));
}

/**
 * Calibrates the items on a class's answers (students × items: 1 right, 0 wrong or blank, null never
 * seen) and estimates each student's proficiency. `model` defaults by class size (modelFor).
 * `replicates` simulated classes decide misfit (0: none decided).
 */
export function calibrate(
  responses: readonly Answers[],
  options: { model?: IrtModel; maxIterations?: number; tolerance?: number; replicates?: number } = {},
): IrtCalibration {
  const students = responses.length;
  if (students < IRT_MIN_STUDENTS) throw new IrtError('too-few-students', IRT_MIN_STUDENTS, students);
  const count = responses[0]?.length ?? 0;
  const model = options.model ?? modelFor(students);
  const tolerance = options.tolerance ?? 1e-4;
  const maxIterations = options.maxIterations ?? 1_000;
  // Items everyone got right (or wrong) tell nothing of anyone's proficiency: left out.
  const right = Array.from({ length: count }, (_, j) => responses.reduce((s, row) => s + (row[j] === 1 ? 1 : 0), 0));
  const seen = Array.from({ length: count }, (_, j) => responses.reduce((s, row) => s + (sat(row[j]) ? 1 : 0), 0));
  const partial = responses.filter((row) =>
    Array.from({ length: count }, (_, j) => row[j]).some((c) => !sat(c)),
  ).length;
  const usable = right.map((r, j) => r > 0 && r < (seen[j] ?? 0));
  if (usable.filter(Boolean).length < 5) throw new IrtError('too-few-items', 5, usable.filter(Boolean).length);
  // Start: difficulty from the share right of those who saw it (a logit), a = 1, c = 0.2 in 3PL.
  let items: (ItemParameters | null)[] = right.map((r, j) =>
    usable[j] ? { a: 1, b: -Math.log((r + 0.5) / ((seen[j] ?? 0) - r + 0.5)), c: model === '3pl' ? 0.2 : 1e-9 } : null,
  );
  let iterations = 0;
  let converged = false;
  let logLikelihood = -Infinity;
  for (; iterations < maxIterations && !converged; iterations++) {
    const { weights, logLikelihood: ll } = posteriors(responses, items);
    logLikelihood = ll;
    // Expected people and right answers at each node, per item.
    const n = new Float64Array(QUADRATURE_POINTS);
    for (const row of weights) for (let k = 0; k < QUADRATURE_POINTS; k++) n[k] = (n[k] ?? 0) + (row[k] ?? 0);
    const r = expectedRight(responses, weights, count, 1);
    const people = expectedPeople(responses, weights, n, count, partial > 0);
    const before = items;
    if (model === 'rasch') {
      // Each difficulty with the common discrimination, then the common discrimination.
      const a = items.find((item) => item)?.a ?? 1;
      const moved = items.map((item, j) =>
        item
          ? fromFree(
              maximise(
                (x) => itemObjective(fromFree(x), r[j] ?? n, people[j] ?? n, model),
                toFree({ ...item, a }),
                [1],
              ),
            )
          : null,
      );
      const common = maximise(
        (x) =>
          moved.reduce(
            (sum, item, j) =>
              sum + (item ? itemObjective({ ...item, a: Math.exp(x[0]) }, r[j] ?? n, people[j] ?? n, model) : 0),
            0,
          ),
        [Math.log(a), 0, 0],
        [0],
      );
      items = moved.map((item) => item && { ...item, a: Math.exp(common[0]) });
    } else {
      const active = model === '3pl' ? [0, 1, 2] : [0, 1];
      items = items.map(
        (item, j) =>
          item &&
          fromFree(maximise((x) => itemObjective(fromFree(x), r[j] ?? n, people[j] ?? n, model), toFree(item), active)),
      );
      if (model === '2pl') items = items.map((item) => item && { ...item, c: 1e-9 });
    }
    const change = Math.max(
      0,
      ...items.map((item, j) => {
        const was = before[j];
        return item && was ? Math.max(Math.abs(item.a - was.a), Math.abs(item.b - was.b), Math.abs(item.c - was.c)) : 0;
      }),
    );
    converged = change < tolerance;
  }
  const { weights } = posteriors(responses, items);
  const proficiency = weights.map((row) => {
    const { mean, sd } = eap(row);
    return { theta: mean, se: sd, score: 500 + 100 * mean, scoreSe: 100 * sd };
  });
  const thetas = proficiency.map((p) => p.theta);
  const observed = items.map((item, j) => (item ? fitStatistics(responses, thetas, item, j) : null));
  const spread = misfitSpread(responses, items, options.replicates ?? 0, right, seen);
  const flagged = observed.map((fit, j) =>
    fit ? misfitOf(fit, spread[j] ?? null, usable.filter(Boolean).length) : null,
  );
  const calibrated = items.map((item, j) => {
    const fit = observed[j];
    if (!item || !fit) return null;
    const shown = model === '2pl' || model === 'rasch' ? { ...item, c: 0 } : item;
    return { ...shown, infit: fit.infit, outfit: fit.outfit, misfit: flagged[j] ?? null };
  });
  const information = Array.from({ length: 17 }, (_, s) => {
    const theta = -4 + s * 0.5;
    let total = 0;
    for (const item of items) {
      if (!item) continue;
      const p = probability(item, theta);
      total += item.a ** 2 * ((p - item.c) ** 2 / (1 - item.c) ** 2) * ((1 - p) / p);
    }
    return { theta, information: total };
  });
  return {
    model,
    students,
    partial,
    items: calibrated,
    proficiency,
    information,
    iterations,
    converged,
    logLikelihood,
  };
}

/**
 * What a report is linked to: an earlier report's scale as its file read (or what is wrong with
 * it: the link is then refused by name), and this report's question ids (its items' order).
 */
export interface LinkRequest {
  ids: string[];
  earlier: ClassScale | { problem: ScaleProblem };
}

function linkOf(calibration: IrtCalibration, { ids, earlier }: LinkRequest): TriLink {
  if ('problem' in earlier)
    return { status: 'refused', reason: 'unreadable', problem: earlier.problem, common: 0, needed: 0 };
  const request = { ids, earlier };
  const outcome = linkToScale(request.ids, calibration.items, calibration.proficiency, request.earlier);
  if (outcome.status === 'refused') return { ...outcome, problem: null };
  const score = 500 + 100 * outcome.mean;
  const earlierScore = 500 + 100 * request.earlier.mean;
  return {
    status: 'ok',
    earlier: {
      title: request.earlier.pack.title,
      sittingAt: request.earlier.sittingAt,
      students: request.earlier.students,
      score: earlierScore,
    },
    common: outcome.common,
    line: outcome.line,
    score,
    growth: score - earlierScore,
    growthSe: 100 * outcome.growthSe,
    students: outcome.students.map((s) => ({ score: 500 + 100 * s.theta, se: 100 * s.se })),
  };
}

/**
 * The class report's TRI: the calibration as the screen and the CSVs show it, or why there is none;
 * with `link`, also on an earlier report's scale.
 */
export function classTri(responses: readonly Answers[], link?: LinkRequest): ClassTri {
  try {
    const calibration = calibrate(responses, {
      replicates: misfitReplicates(responses.length, responses[0]?.length ?? 0),
    });
    const scores = calibration.proficiency.map((p) => p.score);
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    const estimated = calibration.model === '3pl';
    return {
      status: 'ok',
      model: calibration.model,
      thresholds: { minimum: IRT_MIN_STUDENTS, twoPl: TWO_PL_FROM, threePl: THREE_PL_FROM },
      converged: calibration.converged,
      partial: calibration.partial,
      scoreSd: Math.sqrt(scores.reduce((sum, v) => sum + (v - mean) ** 2, 0) / Math.max(1, scores.length - 1)),
      students: calibration.proficiency.map((p) => ({ score: p.score, se: p.scoreSe })),
      items: calibration.items.map((item) =>
        item
          ? {
              a: item.a,
              b: item.b,
              c: estimated ? item.c : null,
              infit: item.infit,
              outfit: item.outfit,
              misfit: item.misfit,
            }
          : null,
      ),
      information: calibration.information,
      link: link ? linkOf(calibration, link) : null,
    };
  } catch (error) {
    if (!(error instanceof IrtError)) throw error;
    return { status: 'refused', reason: error.code, needed: error.needed, have: error.have };
  }
}
