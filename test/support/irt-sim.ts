// Simulated classes with known item parameters and proficiencies, for the TRI's tests and bench.
import { probability, type ItemParameters } from '../../main/core/class/irt.js';
import { seededRandom } from '../../main/core/exams/random.js';

export interface SimulatedClass {
  items: ItemParameters[];
  thetas: number[];
  responses: number[][];
}

/** `students` answering `items` questions of the given model (θ ~ N(0, 1)), from a seed. */
export function simulateClass(
  students: number,
  items: number,
  seed: number,
  model: 'rasch' | '2pl' | '3pl',
): SimulatedClass {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(Math.max(1e-12, random()))) * Math.cos(2 * Math.PI * random());
  const parameters = Array.from({ length: items }, () => ({
    a: model === 'rasch' ? 1 : 0.7 + random() * 1.3,
    b: normal(),
    c: model === '3pl' ? 0.1 + random() * 0.15 : 0,
  }));
  const thetas = Array.from({ length: students }, normal);
  const responses = thetas.map((theta) => parameters.map((item) => (random() < probability(item, theta) ? 1 : 0)));
  return { items: parameters, thetas, responses };
}

export const rmse = (estimates: number[], truth: number[]) =>
  Math.sqrt(estimates.reduce((sum, value, i) => sum + (value - (truth[i] ?? 0)) ** 2, 0) / estimates.length);

export function correlation(xs: number[], ys: number[]): number {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    const y = ys[i] ?? 0;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

export interface LinkedSittings {
  earlier: { ids: string[]; responses: number[][]; thetas: number[] };
  later: { ids: string[]; responses: number[][]; thetas: number[] };
}

/**
 * Two simulados of one class a few weeks apart: `items` questions each, `common` of them shared
 * (the same question ids), the class's proficiency grown by `growth` (θ units) in between, with
 * each student's own gain spread around it. Rasch items (a = 1), b ~ N(0, 1).
 */
export function simulateSittings(
  students: number,
  items: number,
  common: number,
  growth: number,
  seed: number,
  model: 'rasch' | '2pl' = 'rasch',
): LinkedSittings {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(Math.max(1e-12, random()))) * Math.cos(2 * Math.PI * random());
  const pool = Array.from({ length: 2 * items - common }, (_, j) => ({
    id: `q${j}`,
    a: model === 'rasch' ? 1 : 0.7 + random() * 1.3,
    b: normal(),
    c: 0,
  }));
  const first = pool.slice(0, items);
  const second = pool.slice(items - common);
  const before = Array.from({ length: students }, normal);
  const after = before.map((theta) => theta + growth + 0.3 * normal());
  const answer = (form: typeof pool, thetas: number[]) =>
    thetas.map((theta) => form.map((item) => (random() < probability(item, theta) ? 1 : 0)));
  return {
    earlier: { ids: first.map((i) => i.id), responses: answer(first, before), thetas: before },
    later: { ids: second.map((i) => i.id), responses: answer(second, after), thetas: after },
  };
}
