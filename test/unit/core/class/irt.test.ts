// The class's TRI on simulated classes with known parameters: items and proficiencies recovered as
// well as class sizes allow, a miskeyed question found by its misfit, no calibration below the
// documented minimum, and the Rasch difficulties compared with an independent implementation
// (R's eRm, conditional maximum likelihood) where it is installed.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { calibrate, classTri, IRT_MIN_STUDENTS, modelFor } from '../../../../main/core/class/irt.js';
import { correlation, rmse, simulateClass } from '../../../support/irt-sim.js';
import { scratchDir } from '../../../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const eRm = spawnSync('Rscript', ['-e', 'suppressMessages(library(eRm))'], { encoding: 'utf8' }).status === 0;

describe('the class TRI', () => {
  it('chooses the model by class size and refuses below the minimum, saying how many it needs', () => {
    expect([30, 99, 100, 499, 500].map(modelFor)).toEqual(['rasch', 'rasch', '2pl', '2pl', '3pl']);
    const small = simulateClass(IRT_MIN_STUDENTS - 1, 20, 1, 'rasch');
    expect(classTri(small.responses)).toEqual({ status: 'refused', reason: 'too-few-students', needed: 30, have: 29 });
    const easy = simulateClass(40, 6, 2, 'rasch').responses.map((row) => row.map((_, j) => (j < 2 ? 0 : 1)));
    expect(classTri(easy)).toMatchObject({ status: 'refused', reason: 'too-few-items' });
  });

  it('recovers a 2PL class of 300: difficulties, discriminations and proficiencies, on a 500/100 scale', () => {
    const world = simulateClass(300, 45, 11, '2pl');
    const result = calibrate(world.responses);
    expect(result.model).toBe('2pl');
    expect(result.converged).toBe(true);
    const items = result.items.map((item) => item ?? { a: NaN, b: NaN });
    expect(
      rmse(
        items.map((i) => i.b),
        world.items.map((i) => i.b),
      ),
    ).toBeLessThan(0.3);
    expect(
      rmse(
        items.map((i) => i.a),
        world.items.map((i) => i.a),
      ),
    ).toBeLessThan(0.35);
    const thetas = result.proficiency.map((p) => p.theta);
    expect(correlation(thetas, world.thetas)).toBeGreaterThan(0.9);
    // The posterior SD says how far off an estimate typically is.
    const meanSe = result.proficiency.reduce((s, p) => s + p.se, 0) / 300;
    expect(Math.abs(meanSe - rmse(thetas, world.thetas))).toBeLessThan(0.1);
    const scores = result.proficiency.map((p) => p.score);
    const mean = scores.reduce((a, b) => a + b, 0) / 300;
    expect(Math.abs(mean - 500)).toBeLessThan(20);
    // The information peaks where most items are (near the class's mean), not at the ends.
    const peak = result.information.reduce((best, p) => (p.information > best.information ? p : best));
    expect(Math.abs(peak.theta)).toBeLessThanOrEqual(1);
  });

  it('recovers a small class with Rasch, less precisely, and finds a miskeyed question by its misfit', () => {
    const world = simulateClass(60, 30, 12, 'rasch');
    // Question 5's key is wrong: the students who know the subject are the ones marked wrong.
    const miskeyed = world.responses.map((row) => row.map((x, j) => (j === 4 ? 1 - x : x)));
    const result = calibrate(miskeyed);
    expect(result.model).toBe('rasch');
    const b = result.items.map((item) => item?.b ?? NaN);
    const others = b.flatMap((value, j) => (j === 4 ? [] : [value]));
    expect(
      rmse(
        others,
        world.items.flatMap((item, j) => (j === 4 ? [] : [item.b])),
      ),
    ).toBeLessThan(0.6);
    expect(result.items[4]?.infit).toBeGreaterThan(1.3);
    const fitting = result.items.filter((item, j) => j !== 4 && item && item.infit > 1.3).length;
    expect(fitting).toBeLessThanOrEqual(2);
  });

  it.skipIf(!eRm)(
    'agrees with R’s eRm on a Rasch class of 200 (skipped without Rscript and r-cran-erm)',
    async () => {
      const world = simulateClass(200, 20, 13, 'rasch');
      const dir = await scratchDir(cleanups);
      const data = join(dir, 'x.csv');
      writeFileSync(data, world.responses.map((row) => row.join(',')).join('\n'));
      const script = `suppressMessages(library(eRm)); X <- as.matrix(read.csv('${data}', header = FALSE)); m <- RM(X); cat(-m$betapar, sep = '\\n')`;
      const out = spawnSync('Rscript', ['-e', script], { encoding: 'utf8' });
      expect(out.status, out.stderr).toBe(0);
      // eRm's difficulties (first item's parameter fixed, sum-zero otherwise) on the logit scale.
      const theirs = out.stdout.trim().split('\n').map(Number);
      const ours = calibrate(world.responses, { model: 'rasch' });
      const a = ours.items[0]?.a ?? 1;
      const centred = (values: number[]) => {
        const mean = values.reduce((s, v) => s + v, 0) / values.length;
        return values.map((v) => v - mean);
      };
      const mine = centred(ours.items.map((item) => a * (item?.b ?? 0)));
      const reference = centred(theirs);
      expect(correlation(mine, reference)).toBeGreaterThan(0.995);
      expect(Math.max(...mine.map((v, i) => Math.abs(v - (reference[i] ?? 0))))).toBeLessThan(0.15);
    },
    60_000,
  );
});
