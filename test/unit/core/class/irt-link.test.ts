// A later simulado on an earlier report's scale: simulated sittings of one class with known growth,
// linked through the questions both share; and the .examscale file as a hostile reader meets it.
import { describe, expect, it } from 'vitest';
import { calibrate, classTri } from '../../../../main/core/class/irt.js';
import { LINK_MIN_COMMON, linkToScale, meanSeOf, type ClassScale } from '../../../../main/core/class/irt-link.js';
import { readScaleFile, SCALE_MAX_BYTES, writeScaleFile } from '../../../../main/core/class/scale-file.js';
import { simulateSittings } from '../../../support/irt-sim.js';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The earlier sitting's calibration as its report would save it. */
function scaleOf(ids: string[], responses: number[][]): ClassScale {
  const earlier = calibrate(responses);
  return {
    pack: { id: 'simulado-1', title: 'Simulado 1' },
    sittingAt: '2026-10-01T12:00:00.000Z',
    model: earlier.model,
    students: responses.length,
    mean: mean(earlier.proficiency.map((p) => p.theta)),
    meanSe: meanSeOf(earlier.proficiency),
    items: ids.flatMap((id, j) => {
      const item = earlier.items[j];
      return item ? [{ id, a: item.a, b: item.b, c: item.c }] : [];
    }),
  };
}

describe('linking a later simulado to an earlier scale', () => {
  it('shows a class’s growth through the shared questions, where each report alone is centred at 500', () => {
    // 100 students, two forms of 45 sharing 15, half a standard deviation of growth between them.
    const world = simulateSittings(100, 45, 15, 0.5, 21);
    const scale = scaleOf(world.earlier.ids, world.earlier.responses);
    const later = calibrate(world.later.responses);
    const truth = mean(world.later.thetas) - mean(world.earlier.thetas);
    // Alone, the later class sits where the earlier one did.
    expect(Math.abs(mean(later.proficiency.map((p) => p.theta)) - scale.mean)).toBeLessThan(0.1);
    const link = linkToScale(world.later.ids, later.items, later.proficiency, scale);
    if (link.status !== 'ok') throw new Error('refused');
    expect(link.common).toBe(15);
    const growth = link.mean - scale.mean;
    expect(Math.abs(growth - truth)).toBeLessThan(2 * link.growthSe);
    expect(growth - 1.96 * link.growthSe).toBeGreaterThan(0);
    // Each student's score moves with the line; the order of the class does not change.
    expect(link.students.map((s) => s.theta)).toEqual(
      later.proficiency.map((p) => link.line.A * p.theta + link.line.B),
    );
  });

  it('says it cannot link when the simulados share too few calibrated questions', () => {
    const world = simulateSittings(60, 30, LINK_MIN_COMMON - 1, 0.5, 8);
    const scale = scaleOf(world.earlier.ids, world.earlier.responses);
    const later = calibrate(world.later.responses);
    expect(linkToScale(world.later.ids, later.items, later.proficiency, scale)).toEqual({
      status: 'refused',
      reason: 'too-few-common',
      common: LINK_MIN_COMMON - 1,
      needed: LINK_MIN_COMMON,
    });
  });

  it('saves a linked report’s scale on the earlier scale, so a third simulado links to the first', () => {
    const world = simulateSittings(100, 45, 20, 0.5, 33);
    const scale = scaleOf(world.earlier.ids, world.earlier.responses);
    const tri = classTri(world.later.responses, { ids: world.later.ids, earlier: scale });
    if (tri.status !== 'ok' || tri.link?.status !== 'ok') throw new Error('no link');
    const text = writeScaleFile(
      { id: 'simulado-2', title: 'Simulado 2' },
      '2026-11-01T12:00:00.000Z',
      world.later.ids,
      tri,
    );
    const saved = readScaleFile(new TextEncoder().encode(text ?? ''));
    if ('problem' in saved) throw new Error(saved.problem);
    // Its mean is the linked mean; its shared questions sit near where the earlier calibration put them.
    expect(saved.mean).toBeCloseTo((tri.link.score - 500) / 100, 6);
    const before = new Map(scale.items.map((item) => [item.id, item.b]));
    const drift = saved.items.flatMap((item) => {
      const b = before.get(item.id);
      return b === undefined ? [] : [item.b - b];
    });
    expect(drift).toHaveLength(20);
    expect(Math.abs(mean(drift))).toBeLessThan(0.05);
  });
});

describe('the .examscale file', () => {
  const good = {
    format: 'exam-practice-scale',
    formatVersion: '1.0',
    pack: { id: 'simulado-1', title: 'Simulado 1' },
    sittingAt: '2026-10-01T12:00:00.000Z',
    model: 'rasch',
    students: 30,
    mean: 0,
    meanSe: 0.08,
    items: [{ id: 'q1', a: 1, b: 0.2, c: 0 }],
  };
  const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

  it('reads a good file and refuses each bad one by its problem', () => {
    expect(readScaleFile(bytes(good))).toMatchObject({ model: 'rasch', items: [{ id: 'q1', b: 0.2 }] });
    expect(readScaleFile(new Uint8Array(SCALE_MAX_BYTES + 1))).toEqual({ problem: 'too-large' });
    expect(readScaleFile(bytes('['.repeat(50)))).toEqual({ problem: 'too-large' });
    expect(readScaleFile(bytes('{"format": '))).toEqual({ problem: 'invalid-json' });
    expect(readScaleFile(bytes({ ...good, formatVersion: '2.0' }))).toEqual({ problem: 'future-version' });
    expect(readScaleFile(bytes({ ...good, items: [{ id: 'q1', a: -1, b: 0, c: 0 }] }))).toEqual({
      problem: 'invalid-schema',
    });
    expect(readScaleFile(bytes({ ...good, extra: true }))).toEqual({ problem: 'invalid-schema' });
  });
});
