import { describe, expect, it } from 'vitest';
import { alternativeOrder, shufflePolicy } from '../../../../main/core/exams/alternatives.js';
import { seededRandom, shuffle } from '../../../../main/core/exams/random.js';

const TEXTS = ['um', 'dois', 'três', 'quatro', 'cinco'];

/** Chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
}

describe('seeded shuffle', () => {
  it('is deterministic per seed', () => {
    expect(shuffle(TEXTS, seededRandom(7))).toEqual(shuffle(TEXTS, seededRandom(7)));
    expect(shuffle(TEXTS, seededRandom(7))).not.toEqual(shuffle(TEXTS, seededRandom(8)));
  });

  it('makes all 120 orders of five alternatives equally likely over many seeds (chi-square)', () => {
    const counts = new Map<string, number>();
    const runs = 60_000;
    for (let seed = 0; seed < runs; seed++) {
      const order = alternativeOrder(TEXTS, seededRandom(seed), shuffle).join('');
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(120);
    // 119 degrees of freedom: the 0.1 % critical value is 168.0.
    expect(chiSquare([...counts.values()])).toBeLessThan(168);
  });

  it('puts each alternative in each position equally often (chi-square, per alternative)', () => {
    const runs = 20_000;
    const positions = TEXTS.map(() => [0, 0, 0, 0, 0]);
    for (let seed = 0; seed < runs; seed++) {
      alternativeOrder(TEXTS, seededRandom(seed * 7919 + 1), shuffle).forEach((original, position) => {
        const row = positions[original];
        if (row) row[position] = (row[position] ?? 0) + 1;
      });
    }
    // 4 degrees of freedom: the 0.1 % critical value is 18.47.
    for (const row of positions) expect(chiSquare(row)).toBeLessThan(18.47);
  });

  it('keeps pinned alternatives in place and shuffles the rest uniformly', () => {
    const texts = ['um', 'dois', 'três', 'quatro', 'Nenhuma das anteriores'];
    const counts = [0, 0, 0, 0];
    for (let seed = 0; seed < 8_000; seed++) {
      const order = alternativeOrder(texts, seededRandom(seed), shuffle);
      expect(order[4]).toBe(4);
      counts[order.indexOf(0)] = (counts[order.indexOf(0)] ?? 0) + 1;
    }
    expect(chiSquare(counts)).toBeLessThan(16.27); // 3 dof, 0.1 %
  });

  it.each([
    ['Nenhuma das anteriores.', 'pinned'],
    ['Todas as alternativas anteriores estão corretas.', 'pinned'],
    ['None of the above.', 'pinned'],
    ['As alternativas A e B estão corretas.', 'fixed'],
    ['Apenas I e II estão corretas.', 'free'],
    ['Somente b e c.', 'fixed'],
    ['A e C estão corretas.', 'fixed'],
    ['A fotossíntese libera oxigênio.', 'free'],
  ])('reads “%s” as %s', (text, expected) => {
    const policy = shufflePolicy(['x', 'y', 'z', 'w', text]);
    const kind = !policy.shuffle ? 'fixed' : policy.pinned.has(4) ? 'pinned' : 'free';
    expect(kind).toBe(expected);
  });
});
