// Whether an item misfits, decided at this class's size: its infit and outfit set against their
// spread in classes simulated from the fitted model (docs/class-report.md). Pure.
import { seededRandom } from '../exams/random.js';
import { eap, fitStatistics, posteriors, probability, sat, type Answers, type ItemParameters } from './irt-model.js';
import { normalQuantile } from './irt-numeric.js';

/**
 * How far each item's fit statistics stray in classes like this one when the model is true: the
 * fitted items answered by `replicates` simulated classes (θ ~ N(0, 1), each student seeing the
 * questions they saw), every student re-estimated, each item's infit and outfit taken. Per item,
 * the mean and SD of their cube roots (Wilson–Hilferty: nearly normal even at 30 students). The
 * items are not re-calibrated on each simulated class: the observed items, fitted to these answers,
 * fit them a little better than the true items fit a simulated class, so this errs towards silence.
 * Seeded from the answers: the same class gets the same verdicts.
 */
export function misfitSpread(
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
export function misfitOf(
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
