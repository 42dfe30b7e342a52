// The earlier-attempt oracle (issue: noninterference, the oracle closed at the root). A student
// answers X and Y in an earlier exam and retries its misses; later an exam with X and Y runs. The
// earlier result is redacted, but it still shows which alternative was chosen: anything that says
// whether that choice was right — a notebook card for X, the notebook's counts, a removal, the retry
// (which holds X only if X was missed), a history score — would tell X's key during the exam. Two
// worlds that differ only in X's and Y's keys (the same choice is right in A, wrong in B for X) must
// look the same from every one of those views while the exam runs.
import { afterAll, describe, expect, it } from 'vitest';
import type { AppServices } from '../../main/app/services.js';
import { handle } from '../../main/app/handle.js';
import { toStored } from '../../main/core/catalog/store.js';
import type { ApiQuestion } from '../../main/core/api/schemas.js';
import type { Args, Channel } from '../../preload/contract.js';
import { callValue } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { sampleQuestion } from '../support/questions.js';
import { tempDir } from '../support/temp.js';

type World = 'A' | 'B';
const QUESTIONS = 6;
/** X and Y: the running exam's questions, whose keys are the secret. */
const X = 1;
const Y = 2;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** In world B, X's and Y's keys move two places on. */
function keyOf(n: number, world: World): number {
  return (n + (world === 'B' && (n === X || n === Y) ? 2 : 0)) % 5;
}

function question(n: number, world: World): ApiQuestion {
  const base = sampleQuestion(n);
  return {
    ...base,
    alternatives: base.alternatives.map((a, i) => ({ ...a, isCorrect: i === keyOf(n, world) })),
    correctAlternative: 'ABCDE'[keyOf(n, world)],
  } as ApiQuestion;
}

/** What the renderer may call while the exam runs, its outcome with the worlds' random ids named. */
async function observe(services: AppServices, ids: { earlier: string; retry: string; running: string; dir: string }) {
  const seen: Record<string, unknown> = {};
  const named = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value)
        .replaceAll(ids.earlier, '<earlier>')
        .replaceAll(ids.retry, '<retry>')
        .replaceAll(ids.running, '<running>')
        .replaceAll(ids.dir, '<data folder>')
        .replace(/"(startedAt|submittedAt|addedAt|due|at|timeMs|timeUsedMs|now|lastCheckAt)":\d+/g, '"$1":0'),
    ) as unknown;
  const ask = async <C extends Channel>(label: string, channel: C, args: Args<C>) => {
    const result = await handle(services.handlers, channel, args);
    seen[label] = named(result.ok ? { ok: true, value: result.value } : { ok: false, code: result.error.code });
  };
  await ask('notebook:list', 'notebook:list', { filter: {} });
  await ask('notebook:overview', 'notebook:overview', {});
  await ask('exam:history', 'exam:history', {});
  await ask('exam:result earlier', 'exam:result', { attemptId: ids.earlier });
  await ask('exam:result retry', 'exam:result', { attemptId: ids.retry });
  for (let index = 0; index < 3; index++)
    await ask(`notes:get retry ${index}`, 'notes:get', { ref: { attemptId: ids.retry, index } });
  await ask('cache:info', 'cache:info', {});
  seen.diagnostics = (await services.diagnostics()).split('\n').find((line) => line.includes('notebook cards'));
  // Removals last: they change what they remove. Every card id the renderer could have seen before.
  for (const n of [0, X, Y]) await ask(`notebook:remove q${n}`, 'notebook:remove', { id: `q${n}` });
  await ask('notebook:list after', 'notebook:list', { filter: {} });
  return seen;
}

async function world(world: World) {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const services = await nodeServices({ dataDir: temp.dir });
  cleanups.push(() => services.close());
  const workspace = services.workspace();
  await workspace.store.append(Array.from({ length: QUESTIONS }, (_, n) => toStored(question(n, world), 'api:enem')));
  const ids = Array.from({ length: QUESTIONS }, (_, n) => `q${n}`);
  // The earlier exam: X answered with what is A's key (so right in A, wrong in B), Y and q0 wrong in
  // both worlds, the rest right. The same displayed choice in both worlds (the same seed).
  const earlier = await callValue(services, 'exam:start', {
    request: { count: QUESTIONS, questionIds: ids },
    settings: { title: 'Anterior', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 3 },
  });
  for (const view of earlier.questions) {
    const n = Number(/Enunciado (\d+)/.exec(view.statement)?.[1]);
    const wanted = n === Y || n === 0 ? (keyOf(n, 'A') + 1) % 5 : keyOf(n, 'A');
    const choice = view.alternatives.findIndex((a) => a.text === `Texto ${'ABCDE'[wanted]} ${n}`);
    await callValue(services, 'exam:answer', { attemptId: earlier.attemptId, index: view.index, choice });
  }
  await callValue(services, 'exam:submit', { attemptId: earlier.attemptId });
  // "Refazer" its misses (q0 and Y in A; q0, X and Y in B), left blank and submitted.
  const retry = await callValue(services, 'exam:retry-wrong', { attemptId: earlier.attemptId });
  await callValue(services, 'exam:submit', { attemptId: retry.attemptId });
  await callValue(services, 'notebook:list', { filter: {} });
  // Now the exam with X and Y runs: their keys are locked.
  const running = await callValue(services, 'exam:start', {
    request: { count: 2, questionIds: [`q${X}`, `q${Y}`] },
    settings: { title: 'Agora', mode: 'timed', timeLimitMinutes: 120, strict: true, seed: 5 },
  });
  const seen = await observe(services, {
    earlier: earlier.attemptId,
    retry: retry.attemptId,
    running: running.attemptId,
    dir: temp.dir,
  });
  // Once the exam is over, everything is there again: nothing was lost while it was hidden.
  await callValue(services, 'exam:submit', { attemptId: running.attemptId });
  const after = {
    cards: (await callValue(services, 'notebook:list', { filter: {} })).map((c) => c.id).sort(),
    history: (await callValue(services, 'exam:history', {})).map((h) => h.kind),
  };
  return { seen, after };
}

describe('an earlier attempt and the notebook, while the exam runs', () => {
  it('tell nothing of whether the earlier answer to a running question was right', async () => {
    const [worldA, worldB] = [await world('A'), await world('B')];
    const [a, b] = [worldA.seen, worldB.seen];
    const differ = Object.keys(a).filter((label) => JSON.stringify(a[label]) !== JSON.stringify(b[label]));
    expect(differ).toEqual([]);
    for (const label of Object.keys(a)) expect({ [label]: b[label] }).toEqual({ [label]: a[label] });
    // While it ran, X's card (world B: X was missed) could not be removed; it is back, with Y's
    // (missed in both) and the retry, as the worlds really differ. q0's card was removed for real.
    expect(worldA.after).toEqual({ cards: ['q2'], history: ['exam', 'retry', 'exam'] });
    expect(worldB.after).toEqual({ cards: ['q1', 'q2'], history: ['exam', 'retry', 'exam'] });
  }, 60_000);
});
