// Item response theory for one class: the items calibrated on the class's own answers by marginal
// maximum likelihood (Bock and Aitkin's EM over a fixed quadrature), then each student's
// proficiency estimated as INEP does — EAP over 40 points from −4 to 4 with a N(0, 1) prior — and
// put on a 500/100 scale. The scale is the class's: 500 is this class's mean, 100 its spread. It is
// not the ENEM's scale, whose items INEP calibrated on millions of candidates. A question a student
// never saw (a shorter form) is missing, not wrong. Whether an item misfits is decided at this
// class's size, from the fit statistics' spread in classes simulated from the fitted model. Pure;
// the choices and the thresholds are in docs/class-report.md.
import type { ClassTri } from '../../../preload/contract.js';
import { seededRandom } from '../exams/random.js';

/**
 * One student's answers, item by item: 1 right, 0 wrong (a blank is wrong), anything else (null)
 * a question this student never saw.
 */
export type Answers = ArrayLike<number | null>;
const sat = (cell: number | null | undefined) => cell === 0 || cell === 1;

/** Rasch (one common discrimination), 2PL (a per item), 3PL (and a guessing floor per item). */
export type IrtModel = 'rasch' | '2pl' | '3pl';

/** Fewer students than this and no calibration is attempted (docs/class-report.md: why). */
export const IRT_MIN_STUDENTS = 30;
/** From this many students each item gets its own discrimination (2PL); below, Rasch. */
export const TWO_PL_FROM = 100;
/** From this many students each item gets its own guessing floor too (3PL, as INEP). */
export const THREE_PL_FROM = 500;

export const QUADRATURE_POINTS = 40;
const NODES = Array.from({ length: QUADRATURE_POINTS }, (_, k) => -4 + (8 * k) / (QUADRATURE_POINTS - 1));
const PRIOR = (() => {
  const density = NODES.map((t) => Math.exp(-(t * t) / 2));
  const total = density.reduce((a, b) => a + b, 0);
  return density.map((d) => d / total);
})();
const LOG_PRIOR = PRIOR.map(Math.log);
const NODE_VALUES = Float64Array.from(NODES);

export interface ItemParameters {
  /** Discrimination. */
  a: number;
  /** Difficulty, on the class's θ scale (mean 0, SD 1). */
  b: number;
  /** Guessing floor (0 outside 3PL). */
  c: number;
}

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

const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const clampP = (p: number) => Math.min(1 - 1e-9, Math.max(1e-9, p));

export function probability(item: ItemParameters, theta: number): number {
  return clampP(item.c + (1 - item.c) * logistic(item.a * (theta - item.b)));
}

/** The item's parameters in the unbounded form the optimiser moves: log a, b, logit c. */
type Free = [number, number, number];
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
 * Newton's method with numerical derivatives over the free coordinates `active`, with step halving.
 * EM needs each M-step to improve, not to finish (a generalised EM): a few steps per round.
 */
function maximise(f: (x: Free) => number, start: Free, active: number[], steps = 3): Free {
  let x: Free = [...start];
  let fx = f(x);
  const h = 1e-4;
  for (let step = 0; step < steps; step++) {
    const at = (i: number, d: number): Free => {
      const y: Free = [...x];
      y[i] = (y[i] ?? 0) + d;
      return y;
    };
    const grad = active.map((i) => (f(at(i, h)) - f(at(i, -h))) / (2 * h));
    const hess = active.map((i) =>
      active.map((j) => {
        if (i === j) return (f(at(i, h)) - 2 * fx + f(at(i, -h))) / (h * h);
        const pp: Free = [...x];
        pp[i] = (pp[i] ?? 0) + h;
        pp[j] = (pp[j] ?? 0) + h;
        const pm: Free = [...x];
        pm[i] = (pm[i] ?? 0) + h;
        pm[j] = (pm[j] ?? 0) - h;
        const mp: Free = [...x];
        mp[i] = (mp[i] ?? 0) - h;
        mp[j] = (mp[j] ?? 0) + h;
        const mm: Free = [...x];
        mm[i] = (mm[i] ?? 0) - h;
        mm[j] = (mm[j] ?? 0) - h;
        return (f(pp) - f(pm) - f(mp) + f(mm)) / (4 * h * h);
      }),
    );
    // The Newton direction; where the Hessian is not negative definite, a gradient step instead.
    let direction = solve(
      hess.map((row) => row.map((v) => -v)),
      grad,
    );
    if (!direction || direction.reduce((s, d, k) => s + d * (grad[k] ?? 0), 0) <= 0)
      direction = grad.map((g) => g * 0.1);
    let scale = 1;
    let improved = false;
    for (let tries = 0; tries < 20; tries++) {
      const y: Free = [...x];
      active.forEach((i, k) => (y[i] = (y[i] ?? 0) + Math.max(-1, Math.min(1, scale * (direction?.[k] ?? 0)))));
      const fy = f(y);
      if (fy > fx) {
        const moved = Math.max(...active.map((i) => Math.abs((y[i] ?? 0) - (x[i] ?? 0))));
        x = y;
        fx = fy;
        improved = moved > 1e-7;
        break;
      }
      scale /= 2;
    }
    if (!improved) break;
  }
  return x;
}

/** Gaussian elimination for a small system, or null when singular. */
function solve(matrix: number[][], vector: number[]): number[] | null {
  const n = vector.length;
  const m = matrix.map((row, i) => [...row, vector[i] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(m[row]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = row;
    const top = m[pivot];
    if (!top || Math.abs(top[col] ?? 0) < 1e-12) return null;
    [m[col], m[pivot]] = [top, m[col] ?? top];
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = (m[row]?.[col] ?? 0) / (top[col] ?? 1);
      for (let k = col; k <= n; k++) (m[row] as number[])[k] = (m[row]?.[k] ?? 0) - factor * (top[k] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}

/** Each student's posterior over the nodes (rows sum to 1), and the marginal log-likelihood. */
function posteriors(
  responses: readonly Answers[],
  items: readonly (ItemParameters | null)[],
): { weights: Float64Array[]; logLikelihood: number } {
  // Flat tables, item by item: each node's sum still adds the items in their order, as before.
  const logP = new Float64Array(items.length * QUADRATURE_POINTS);
  const logQ = new Float64Array(items.length * QUADRATURE_POINTS);
  items.forEach((item, j) => {
    if (!item) return;
    NODES.forEach((t, k) => {
      logP[j * QUADRATURE_POINTS + k] = Math.log(probability(item, t));
      logQ[j * QUADRATURE_POINTS + k] = Math.log(1 - probability(item, t));
    });
  });
  let logLikelihood = 0;
  const weights = responses.map((answers) => {
    const log = new Float64Array(QUADRATURE_POINTS);
    for (let k = 0; k < QUADRATURE_POINTS; k++) log[k] = LOG_PRIOR[k] ?? 0;
    for (let j = 0; j < answers.length; j++) {
      const cell = answers[j];
      if (!items[j] || !sat(cell)) continue;
      const table = cell === 1 ? logP : logQ;
      const base = j * QUADRATURE_POINTS;
      for (let k = 0; k < QUADRATURE_POINTS; k++) log[k] = (log[k] as number) + (table[base + k] as number);
    }
    const max = Math.max(...log);
    let total = 0;
    for (let k = 0; k < QUADRATURE_POINTS; k++) total += Math.exp((log[k] ?? 0) - max);
    logLikelihood += max + Math.log(total);
    const row = new Float64Array(QUADRATURE_POINTS);
    for (let k = 0; k < QUADRATURE_POINTS; k++) row[k] = Math.exp((log[k] ?? 0) - max) / total;
    return row;
  });
  return { weights, logLikelihood };
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

/** A posterior's mean and standard deviation over the nodes. */
function eap(row: Float64Array): { mean: number; sd: number } {
  let mean = 0;
  for (let k = 0; k < QUADRATURE_POINTS; k++) mean += (NODES[k] ?? 0) * (row[k] ?? 0);
  let variance = 0;
  for (let k = 0; k < QUADRATURE_POINTS; k++) variance += ((NODES[k] ?? 0) - mean) ** 2 * (row[k] ?? 0);
  return { mean, sd: Math.sqrt(variance) };
}

/** Infit and outfit mean squares of item j over the students who saw it. */
function fitStatistics(
  responses: readonly Answers[],
  thetas: readonly number[],
  item: ItemParameters,
  j: number,
): { infit: number; outfit: number } {
  let squared = 0;
  let variance = 0;
  let standardised = 0;
  let count = 0;
  responses.forEach((answers, i) => {
    const cell = answers[j];
    if (!sat(cell)) return;
    const p = probability(item, thetas[i] ?? 0);
    const w = p * (1 - p);
    const residual = (cell === 1 ? 1 : 0) - p;
    squared += residual * residual;
    variance += w;
    standardised += (residual * residual) / w;
    count += 1;
  });
  return { infit: variance > 0 ? squared / variance : 1, outfit: count ? standardised / count : 1 };
}

/**
 * How far each item's fit statistics stray in classes like this one when the model is true: the
 * fitted items answered by `replicates` simulated classes (θ ~ N(0, 1), each student seeing the
 * questions they saw), every student re-estimated, each item's infit and outfit taken. Per item,
 * the mean and SD of their cube roots (Wilson–Hilferty: nearly normal even at 30 students). The
 * items are not re-calibrated on each simulated class: the observed items, fitted to these answers,
 * fit them a little better than the true items fit a simulated class, so this errs towards silence.
 * Seeded from the answers: the same class gets the same verdicts.
 */
function misfitSpread(
  responses: readonly Answers[],
  items: readonly (ItemParameters | null)[],
  replicates: number,
  right: readonly number[],
  seen: readonly number[],
): ({ infit: [number, number]; outfit: [number, number] } | null)[] {
  if (replicates <= 0) return items.map(() => null);
  const random = seededRandom(
    right.reduce((h, r, j) => Math.imul(h ^ (r * 31 + (seen[j] ?? 0)), 0x01000193), 0x811c9dc5) >>> 0,
  );
  const normal = () => Math.sqrt(-2 * Math.log(Math.max(1e-12, random()))) * Math.cos(2 * Math.PI * random());
  const sums = items.map(() => ({ infit: [0, 0], outfit: [0, 0] }));
  for (let r = 0; r < replicates; r++) {
    const simulated = responses.map((answers) => {
      const theta = normal();
      return Array.from({ length: items.length }, (_, j): number | null => {
        const item = items[j];
        if (!item || !sat(answers[j])) return null;
        return random() < probability(item, theta) ? 1 : 0;
      });
    });
    const thetas = posteriors(simulated, items).weights.map((row) => eap(row).mean);
    items.forEach((item, j) => {
      if (!item) return;
      const fit = fitStatistics(simulated, thetas, item, j);
      const line = sums[j];
      if (!line) return;
      const inRoot = Math.cbrt(fit.infit);
      const outRoot = Math.cbrt(fit.outfit);
      line.infit[0] = (line.infit[0] ?? 0) + inRoot;
      line.infit[1] = (line.infit[1] ?? 0) + inRoot * inRoot;
      line.outfit[0] = (line.outfit[0] ?? 0) + outRoot;
      line.outfit[1] = (line.outfit[1] ?? 0) + outRoot * outRoot;
    });
  }
  const meanSd = ([sum, squares]: number[]): [number, number] => {
    const mean = (sum ?? 0) / replicates;
    return [mean, Math.sqrt(Math.max(0, (squares ?? 0) / replicates - mean * mean))];
  };
  return items.map((item, j) => {
    const line = sums[j];
    return item && line ? { infit: meanSd(line.infit), outfit: meanSd(line.outfit) } : null;
  });
}

/**
 * Simulated classes that decide misfit: 100, fewer for a large class (each is a pass over every
 * answer; 40 at 1,000 × 500, whose statistics' spread is narrow and well estimated by then).
 */
export const misfitReplicates = (students: number, items: number) =>
  Math.max(40, Math.min(100, Math.round(20_000_000 / Math.max(1, students * items))));
/** The most simulated classes misfit is decided on (a class of up to 200,000 answers). */
export const MISFIT_REPLICATES = 100;
/** The chance, over the whole test, that a class where every item fits hears of one that does not. */
export const MISFIT_FAMILY_RATE = 0.05;

/**
 * `under` or `over` when an item's infit or outfit lies past the simulated classes' spread by more
 * than chance allows over `usable` items and two statistics each (Bonferroni), else null.
 */
function misfitOf(
  fit: { infit: number; outfit: number },
  spread: { infit: [number, number]; outfit: [number, number] } | null,
  usable: number,
): 'under' | 'over' | null {
  if (!spread) return null;
  const critical = normalQuantile(1 - MISFIT_FAMILY_RATE / (2 * 2 * Math.max(1, usable)));
  const z = (value: number, [mean, sd]: [number, number]) => (sd > 0 ? (Math.cbrt(value) - mean) / sd : 0);
  const zs = [z(fit.infit, spread.infit), z(fit.outfit, spread.outfit)];
  if (zs.some((v) => v > critical)) return 'under';
  if (zs.some((v) => v < -critical)) return 'over';
  return null;
}

/** The standard normal's quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const poly = (k: number[], x: number) => k.reduce((sum, v) => sum * x + v, 0);
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -poly(c, q) / (poly(d, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/** The class report's TRI: the calibration as the screen and the CSVs show it, or why there is none. */
export function classTri(responses: readonly Answers[]): ClassTri {
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
    };
  } catch (error) {
    if (!(error instanceof IrtError)) throw error;
    return { status: 'refused', reason: error.code, needed: error.needed, have: error.have };
  }
}
