// The renderer's one mirror of the running attempt (renderer/src/features/exams/attempt/store.ts),
// over the real main services through the same bridge the window has: what the student does shows
// at once, what main answers lands in the same place, and the mirror never drifts from main.
import { afterEach, describe, expect, it } from 'vitest';
import type { ExamState } from '../../preload/contract.js';
import type { AppServices } from '../../main/app/services.js';
import { AttemptStore } from '../../renderer/src/features/exams/attempt/store.js';
import { callValue as value } from '../support/bridge-call.js';
import { servicesWithBridge } from '../support/node-bridge.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Main's services on a fresh profile with the demo pack, and the bridge a window would have over them. */
async function app(clockSpeed?: number) {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const { services, bridge } = await servicesWithBridge(temp.dir, clockSpeed);
  cleanups.push(() => services.close());
  await value(services, 'packs:import-demo', {});
  return { services, bridge };
}

/** A strict timed exam of `count` questions started in main, and the store a window would open on it. */
async function timedAttempt(
  app: Awaited<ReturnType<typeof servicesWithBridge>>,
  count: number,
  minutes: number,
  seed: number,
) {
  const started = await value(app.services, 'exam:start', {
    request: { count },
    settings: { title: 'Simulado', mode: 'timed', timeLimitMinutes: minutes, strict: true, seed },
  });
  return { started, store: new AttemptStore(started, app.bridge) };
}

/** The fields the student changes, as main holds them now. */
async function mainsMirror(services: AppServices) {
  const state = (await value(services, 'exam:current', {})) as ExamState;
  return pick(state);
}
const pick = (state: ExamState) => ({
  answers: state.answers,
  flags: state.flags,
  eliminated: state.eliminated,
  guessed: state.guessed,
  feedback: state.feedback,
  current: state.current,
});

describe('the attempt store', () => {
  it('shows each action at once, counts the save under way, and ends equal to main', async () => {
    const { services, bridge } = await app();
    const { store } = await timedAttempt({ services, bridge }, 5, 60, 4);
    let notified = 0;
    store.subscribe(() => (notified += 1));

    const answering = store.choose(2);
    // Before main has answered: the choice is on screen and the save is under way.
    expect(store.getSnapshot().exam.answers[0]).toBe(2);
    expect(store.getSnapshot().pending).toBe(1);
    await answering;
    expect(store.getSnapshot().pending).toBe(0);
    expect(notified).toBeGreaterThan(0);

    store.toggleFlag();
    store.toggleEliminated(1);
    await store.toggleGuess();
    expect(store.visit(3)).toBe(true);
    expect(store.visit(3)).toBe(false);
    expect(store.visit(99)).toBe(false);
    await store.choose(0);
    // Choosing the same alternative again in a timed exam clears it.
    await store.choose(0);
    await store.choose(4);
    while (store.getSnapshot().pending > 0) await new Promise((r) => setTimeout(r, 5));

    const mirror = pick(store.getSnapshot().exam);
    expect(mirror.answers).toEqual([2, null, null, 4, null]);
    expect(mirror.flags[0]).toBe(true);
    expect(mirror.eliminated[0]).toEqual([1]);
    expect(mirror.guessed[0]).toBe(true);
    expect(await mainsMirror(services)).toEqual(mirror);

    expect(await store.submit()).toBe(true);
    expect(store.getSnapshot().ended).toBe(true);
    expect(store.getSnapshot().error).toBeNull();
  });

  it('actions fired without waiting (a student faster than the saves) leave the mirror equal to main', async () => {
    const { services, bridge } = await app();
    const { store } = await timedAttempt({ services, bridge }, 5, 60, 8);
    // Keys pressed in a burst: every save overlaps the ones before it.
    const burst: Promise<unknown>[] = [];
    for (let index = 0; index < 5; index += 1) {
      if (index > 0) store.visit(index);
      burst.push(store.choose(index % 5));
      store.toggleFlag();
      store.toggleEliminated((index + 1) % 5);
      burst.push(store.toggleGuess());
      if (index % 2 === 0) burst.push(store.choose(index % 5)); // chosen again: cleared
    }
    store.visit(2);
    await Promise.all(burst);
    while (store.getSnapshot().pending > 0) await new Promise((r) => setTimeout(r, 5));
    const mirror = pick(store.getSnapshot().exam);
    expect(mirror.answers).toEqual([null, 1, null, 3, null]);
    expect(mirror.flags).toEqual([true, true, true, true, true]);
    expect(await mainsMirror(services)).toEqual(mirror);
    expect(store.getSnapshot().error).toBeNull();
  });

  it('takes a practice answer’s check from main once, and a second choice changes nothing', async () => {
    const { services, bridge } = await app();
    const started = await value(services, 'exam:start', {
      request: { count: 3 },
      settings: { title: 'Treino', mode: 'practice', timeLimitMinutes: null, strict: false, seed: 5 },
    });
    const store = new AttemptStore(started, bridge);
    expect(await store.choose(1)).toBe(true);
    const checked = store.getSnapshot().exam.feedback[0];
    expect(checked).not.toBeNull();
    expect(await store.choose(2)).toBe(false);
    expect(store.getSnapshot().exam.answers[0]).toBe(1);
    expect(await mainsMirror(services)).toEqual(pick(store.getSnapshot().exam));
  });

  it('a review’s failed card comes back at the end of the list, as main has it, and undo takes it away', async () => {
    const { services, bridge } = await app();
    // One mock exam all wrong: its misses fill the notebook.
    const exam = await value(services, 'exam:start', {
      request: { count: 6 },
      settings: { title: 'Simulado', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 3 },
    });
    const result = await (async () => {
      for (const q of exam.questions)
        await value(services, 'exam:answer', { attemptId: exam.attemptId, index: q.index, choice: 0 });
      return value(services, 'exam:submit', { attemptId: exam.attemptId });
    })();
    const keyText = new Set(result.questions.map((q) => q.alternatives[q.correctChoice ?? 0]?.text ?? ''));
    const review = await value(services, 'notebook:start-review', {});
    const store = new AttemptStore(review, bridge);
    const cards = review.questions.length;
    const wrong = review.questions[0]?.alternatives.findIndex((a) => !keyText.has(a.text)) ?? 0;

    expect(await store.choose(wrong)).toBe(true);
    const after = store.getSnapshot().exam;
    expect(after.questions.length).toBe(cards + 1);
    expect(after.repeats[cards]).toBe(true);
    expect(after.grades[0]).not.toBeNull();
    expect(after.current).toBe(0);

    expect(await store.undo()).toBe(true);
    const undone = store.getSnapshot().exam;
    expect(undone.questions.length).toBe(cards);
    expect(undone.grades[0]).toBeNull();
    expect(undone.undoable).toBeNull();
    expect(await mainsMirror(services)).toEqual(pick(undone));
  });

  it('hears main hand the attempt in at its deadline, and an action after the end ends it quietly', async () => {
    // Main's clock at 1,200× speed: a one-minute exam ends in about 50 ms.
    const { services, bridge } = await app(1200);
    const { started, store } = await timedAttempt({ services, bridge }, 3, 1, 6);
    const disconnect = store.connect();
    const deadline = Date.now() + 30_000;
    while (!store.getSnapshot().ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    disconnect();
    expect(store.getSnapshot()).toMatchObject({ ended: true, timeUp: true, error: null });

    const late = new AttemptStore(started, bridge);
    expect(await late.choose(1)).toBe(false);
    expect(late.getSnapshot()).toMatchObject({ ended: true, timeUp: false, error: null, pending: 0 });
  });
});
