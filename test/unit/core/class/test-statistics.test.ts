// Checked against values computed by hand (docs/class-report.md shows the working).
import { describe, expect, it } from 'vitest';
import { itemSpread, testStatistics } from '../../../../main/core/class/test-statistics.js';

/** Four students, three items, each harder than the last (a perfect Guttman pattern). */
const STAIRS = [
  [1, 1, 1],
  [1, 1, 0],
  [1, 0, 0],
  [0, 0, 0],
];
/** The third item answered right only by the weakest: it works against the rest of the test. */
const REVERSED = [
  [1, 1, 0],
  [1, 1, 0],
  [1, 0, 0],
  [0, 0, 1],
];

describe('test statistics', () => {
  it('mean, median, SD (n − 1), KR-20 and SEM of a class', () => {
    const stats = testStatistics(STAIRS, 3);
    expect(stats.mean).toBe(1.5);
    expect(stats.median).toBe(1.5);
    // totals 3, 2, 1, 0: Σ(x − 1.5)² = 5, / 3
    expect(stats.sd).toBeCloseTo(Math.sqrt(5 / 3), 10);
    // items' variances 0.25, 1/3, 0.25 (sum 5/6); KR-20 = 3/2 · (1 − (5/6)/(5/3)) = 0.75
    expect(stats.kr20).toBeCloseTo(0.75, 10);
    expect(stats.sem).toBeCloseTo(Math.sqrt(5 / 3) * 0.5, 10);
  });

  it('a test whose items disagree has a negative KR-20 and no SEM; too few students or items give none', () => {
    const stats = testStatistics(REVERSED, 3);
    expect(stats.mean).toBe(1.5);
    expect(stats.sd).toBeCloseTo(Math.sqrt(1 / 3), 10);
    // 3/2 · (1 − (5/6)/(1/3)) = −2.25
    expect(stats.kr20).toBeCloseTo(-2.25, 10);
    expect(stats.sem).toBeCloseTo(Math.sqrt(1 / 3) * Math.sqrt(3.25), 10);
    expect(testStatistics([[1, 0, 1]], 3).kr20).toBeNull();
    expect(
      testStatistics(
        STAIRS.map((row) => row.slice(0, 1)),
        1,
      ).kr20,
    ).toBeNull();
    expect(
      testStatistics(
        [
          [1, 1],
          [1, 1],
        ],
        2,
      ).kr20,
    ).toBeNull();
    expect(testStatistics([], 3)).toMatchObject({ mean: 0, median: 0, sd: 0, kr20: null, sem: null });
  });

  it('per item: its SD, and discriminative efficiency against the best its scores could do', () => {
    expect(itemSpread(STAIRS, 0).sd).toBeCloseTo(0.5, 10);
    expect(itemSpread(STAIRS, 1).sd).toBeCloseTo(Math.sqrt(1 / 3), 10);
    // A Guttman pattern discriminates as well as it can: efficiency 1 for every item.
    for (const item of [0, 1, 2]) expect(itemSpread(STAIRS, item).efficiency).toBeCloseTo(1, 10);
    // Item 3 of REVERSED: Σ(x − x̄)(r − r̄) = −1.25 against 0.75 at best.
    expect(itemSpread(REVERSED, 2).efficiency).toBeCloseTo(-1.25 / 0.75, 10);
    // Everyone right: no spread, nothing to compare with.
    expect(itemSpread([[1], [1]], 0)).toEqual({ sd: 0, efficiency: null });
    expect(itemSpread([[1]], 0)).toEqual({ sd: null, efficiency: null });
  });
});
