// The class TRI's model, shared by the calibration (irt.ts) and the misfit decision (irt-misfit.ts):
// the quadrature, an item's response probability, each student's posterior over the nodes, the EAP
// and the fit statistics. Pure.

/**
 * One student's answers, item by item: 1 right, 0 wrong (a blank is wrong), anything else (null)
 * a question this student never saw.
 */
export type Answers = ArrayLike<number | null>;
export const sat = (cell: number | null | undefined) => cell === 0 || cell === 1;

export const QUADRATURE_POINTS = 40;
export const NODES = Array.from({ length: QUADRATURE_POINTS }, (_, k) => -4 + (8 * k) / (QUADRATURE_POINTS - 1));
export const PRIOR = (() => {
  const density = NODES.map((t) => Math.exp(-(t * t) / 2));
  const total = density.reduce((a, b) => a + b, 0);
  return density.map((d) => d / total);
})();
export const LOG_PRIOR = PRIOR.map(Math.log);
export const NODE_VALUES = Float64Array.from(NODES);

export interface ItemParameters {
  /** Discrimination. */
  a: number;
  /** Difficulty, on the class's θ scale (mean 0, SD 1). */
  b: number;
  /** Guessing floor (0 outside 3PL). */
  c: number;
}

export const logistic = (x: number) => 1 / (1 + Math.exp(-x));
export const clampP = (p: number) => Math.min(1 - 1e-9, Math.max(1e-9, p));

export function probability(item: ItemParameters, theta: number): number {
  return clampP(item.c + (1 - item.c) * logistic(item.a * (theta - item.b)));
}

/** Each student's posterior over the nodes (rows sum to 1), and the marginal log-likelihood. */
export function posteriors(
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

/** A posterior's mean and standard deviation over the nodes. */
export function eap(row: Float64Array): { mean: number; sd: number } {
  let mean = 0;
  for (let k = 0; k < QUADRATURE_POINTS; k++) mean += (NODES[k] ?? 0) * (row[k] ?? 0);
  let variance = 0;
  for (let k = 0; k < QUADRATURE_POINTS; k++) variance += ((NODES[k] ?? 0) - mean) ** 2 * (row[k] ?? 0);
  return { mean, sd: Math.sqrt(variance) };
}

/** Infit and outfit mean squares of item j over the students who saw it. */
export function fitStatistics(
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
