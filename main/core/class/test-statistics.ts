// The test-level figures Moodle's quiz statistics report, and per item the two it adds to the
// item analysis: computed from the class's right/wrong matrix (rows students, columns items).
// Pure; the formulas and what each means for a tutor are in docs/class-report.md.
//
// Conventions: standard deviations use n − 1 (a class is a sample of students who could sit the
// test). KR-20 is the same whichever convention, as long as items and totals use one.
import type { ClassReportView } from '../../../preload/contract.js';
import { median } from '../util/median.js';

/** The test as a whole (each field's meaning is documented on the contract's ClassReportView['test']). */
export type TestStatistics = ClassReportView['test'];

export interface ItemSpread {
  /** Standard deviation of the item's 0/1 scores (n − 1); null below 2 students. */
  sd: number | null;
  /**
   * Discriminative efficiency: the item's covariance with the rest of the test over the largest
   * covariance its scores could have with those same rest scores (both sorted); null when that is 0.
   */
  efficiency: number | null;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: readonly number[]) => (values.length ? sum(values) / values.length : 0);

function sampleVariance(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = mean(values);
  return sum(values.map((v) => (v - m) ** 2)) / (values.length - 1);
}

/** Σ (x − x̄)(y − ȳ): the covariance's numerator (the ratio below needs no divisor). */
function coSum(xs: readonly number[], ys: readonly number[]): number {
  const mx = mean(xs);
  const my = mean(ys);
  return sum(xs.map((x, i) => (x - mx) * ((ys[i] ?? 0) - my)));
}

/** `scored[s][i]`: 1 when student s got item i right, else 0. */
export function testStatistics(scored: readonly (readonly number[])[], items: number): TestStatistics {
  const totals = scored.map((row) => sum(row));
  const variance = sampleVariance(totals);
  const itemVariances = Array.from({ length: items }, (_, i) => sampleVariance(scored.map((row) => row[i] ?? 0)));
  const kr20 =
    items >= 2 && variance !== null && variance > 0
      ? (items / (items - 1)) * (1 - sum(itemVariances.map((v) => v ?? 0)) / variance)
      : null;
  const sd = variance === null ? 0 : Math.sqrt(variance);
  return {
    students: scored.length,
    items,
    mean: mean(totals),
    median: median(totals),
    sd,
    kr20,
    sem: kr20 === null || kr20 > 1 ? null : sd * Math.sqrt(1 - kr20),
  };
}

export function itemSpread(scored: readonly (readonly number[])[], item: number): ItemSpread {
  const column = scored.map((row) => row[item] ?? 0);
  return spreadOf(
    column,
    scored.map((row, s) => sum(row) - (column[s] ?? 0)),
  );
}

/** An item's spread from its 0/1 scores and the same students' scores on the rest of the test. */
export function spreadOf(column: readonly number[], rest: readonly number[]): ItemSpread {
  const variance = sampleVariance(column);
  const best = coSum(
    [...column].sort((a, b) => a - b),
    [...rest].sort((a, b) => a - b),
  );
  return {
    sd: variance === null ? null : Math.sqrt(variance),
    efficiency: best > 0 ? coSum(column, rest) / best : null,
  };
}
