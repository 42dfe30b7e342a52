// A later simulado put on an earlier report's scale, so a class that grew shows its growth. Every
// report calibrates on its own class and centres it at 500; the questions both simulados share
// (the same catalog question) carry the two scales' relation. Stocking and Lord's method finds the
// line θ_earlier = A·θ_now + B that makes the shared questions' expected score agree on both
// scales; the link's own uncertainty comes from a delete-a-group jackknife over the shared
// questions. Pure; the choices and what was measured are in docs/class-report.md.
import { NODES, PRIOR, probability, type ItemParameters } from './irt-model.js';
import { maximise } from './irt-numeric.js';

/** Fewer shared questions than this and no link is made (docs/class-report.md: measured). */
export const LINK_MIN_COMMON = 10;
/** The jackknife's groups of shared questions. */
const JACKKNIFE_GROUPS = 10;

/** An earlier report's calibration, as its .examscale file keeps it (scale-file.ts). */
export interface ClassScale {
  pack: { id: string; title: string };
  /** When its simulado was sat (its latest result). */
  sittingAt: string;
  model: 'rasch' | '2pl' | '3pl';
  students: number;
  /** Its class's mean on its scale, in θ (a score is 500 + 100 θ), and that mean's measurement error. */
  mean: number;
  meanSe: number;
  items: ({ id: string } & ItemParameters)[];
}

/** The line from this calibration's θ to the earlier one's. */
export interface LinkLine {
  A: number;
  B: number;
}

export type LinkOutcome =
  | { status: 'refused'; reason: 'too-few-common'; common: number; needed: number }
  | {
      status: 'ok';
      common: number;
      line: LinkLine;
      /** Each student's θ on the earlier scale, with its posterior SD (in the given order). */
      students: { theta: number; se: number }[];
      /** The class's mean on the earlier scale, and the standard error of its difference from the earlier mean. */
      mean: number;
      growthSe: number;
    };

/** The shared questions' expected score at each node of the earlier scale, weighted by its class. */
function characteristicGap(earlier: ItemParameters[], now: ItemParameters[], line: LinkLine): number {
  let gap = 0;
  for (let k = 0; k < NODES.length; k++) {
    const theta = NODES[k] as number;
    let difference = 0;
    for (let j = 0; j < earlier.length; j++) {
      const was = earlier[j] as ItemParameters;
      const is = now[j] as ItemParameters;
      difference +=
        probability(was, theta) - probability({ a: is.a / line.A, b: line.A * is.b + line.B, c: is.c }, theta);
    }
    gap += (PRIOR[k] as number) * difference * difference;
  }
  return gap;
}

const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sdOf = (xs: readonly number[]) => {
  const mean = meanOf(xs);
  return Math.sqrt(meanOf(xs.map((x) => (x - mean) ** 2)));
};

/** Stocking–Lord from the mean/sigma line (its start): the line that best makes the two scales' shared test agree. */
export function stockingLord(earlier: ItemParameters[], now: ItemParameters[]): LinkLine {
  const bWas = earlier.map((item) => item.b);
  const bIs = now.map((item) => item.b);
  const spread = sdOf(bIs) > 1e-6 && sdOf(bWas) > 1e-6 ? sdOf(bWas) / sdOf(bIs) : 1;
  const A0 = Math.min(3, Math.max(1 / 3, spread));
  const B0 = meanOf(bWas) - A0 * meanOf(bIs);
  const best = maximise(
    (x) => -characteristicGap(earlier, now, { A: Math.exp(x[0]), B: x[1] }),
    [Math.log(A0), B0, 0],
    [0, 1],
    30,
  );
  return { A: Math.exp(best[0]), B: best[1] };
}

/** The measurement error of a class's mean θ: its students' posterior variances, averaged over √n. */
export const meanSeOf = (students: readonly { se: number }[]) =>
  Math.sqrt(meanOf(students.map((s) => s.se ** 2)) / Math.max(1, students.length));

/**
 * This class (its items by question id, θ scale, and its students' EAP θ and SD) on `earlier`'s
 * scale. `items[j]` null: not calibrated (everyone right or wrong), so not a link either.
 */
export function linkToScale(
  ids: readonly string[],
  items: readonly (ItemParameters | null)[],
  students: readonly { theta: number; se: number }[],
  earlier: ClassScale,
): LinkOutcome {
  const before = new Map(earlier.items.map((item) => [item.id, item]));
  const shared = ids.flatMap((id, j) => {
    const was = before.get(id);
    const is = items[j];
    return was && is ? [{ was, is }] : [];
  });
  if (shared.length < LINK_MIN_COMMON)
    return { status: 'refused', reason: 'too-few-common', common: shared.length, needed: LINK_MIN_COMMON };
  const line = stockingLord(
    shared.map((s) => s.was),
    shared.map((s) => s.is),
  );
  const placed = students.map((s) => ({ theta: line.A * s.theta + line.B, se: line.A * s.se }));
  const mean = meanOf(placed.map((s) => s.theta));
  // Delete-a-group jackknife over the shared questions: how much the mean moves with the questions chosen.
  const groups = Math.min(JACKKNIFE_GROUPS, shared.length);
  const rawMean = meanOf(students.map((s) => s.theta));
  const partial = Array.from({ length: groups }, (_, g) => {
    const kept = shared.filter((_, j) => j % groups !== g);
    const l = stockingLord(
      kept.map((s) => s.was),
      kept.map((s) => s.is),
    );
    return l.A * rawMean + l.B;
  });
  const centre = meanOf(partial);
  const linkVariance = ((groups - 1) / groups) * partial.reduce((sum, m) => sum + (m - centre) ** 2, 0);
  // The same class twice: what is uncertain is the link and each mean's measurement, not who sat.
  const growthSe = Math.sqrt(linkVariance + meanSeOf(placed) ** 2 + earlier.meanSe ** 2);
  return { status: 'ok', common: shared.length, line, students: placed, mean, growthSe };
}
