import { afterEach, describe, expect, it } from 'vitest';
import type { ExamSettings } from '../../../../preload/contract.js';
import type { ApiQuestion } from '../../../../main/core/api/schemas.js';
import { CatalogStore, toStored } from '../../../../main/core/catalog/store.js';
import { ExamEngine, type ExamClock } from '../../../../main/core/exams/engine.js';
import { ImageCache } from '../../../../main/core/images/cache.js';
import { sampleQuestion } from '../../../support/questions.js';
import { tempDir } from '../../../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const question = (n: number, extra: Partial<ApiQuestion> = {}) => sampleQuestion(n, extra);

async function setup(count = 40, clock: ExamClock & { t: number } = fakeClock()) {
  const { dir, cleanup } = await tempDir();
  cleanups.push(cleanup);
  const store = await CatalogStore.open(`${dir}/catalog`);
  await store.append(
    Array.from({ length: count }, (_, n) =>
      toStored(question(n), 'api:enem', { difficulty: (['easy', 'medium', 'hard'] as const)[n % 3] }),
    ),
  );
  const images = await ImageCache.open(`${dir}/images`);
  const events: string[] = [];
  const deps = {
    dir: `${dir}/attempts`,
    store: () => store,
    images: () => images,
    imageUrl: (sha: string) => `exam-image://${sha}`,
    clock,
    onWarning: (_id: string, minutes: number) => events.push(`warning:${minutes}`),
    onDeadline: () => events.push('deadline'),
  };
  const engine = await ExamEngine.open(deps);
  return { engine, reopen: () => ExamEngine.open(deps), store, events, clock, dir, images };
}

function fakeClock(): ExamClock & { t: number } {
  const clock = { t: Date.UTC(2026, 10, 22, 12), now: () => clock.t, speed: 1 };
  return clock;
}

const timed = (minutes = 60, extra: Partial<ExamSettings> = {}): ExamSettings => ({
  title: 'Simulado',
  mode: 'timed',
  timeLimitMinutes: minutes,
  strict: true,
  warnings: [30, 5],
  ...extra,
});

describe('exam engine', () => {
  it('replays the same attempt from the same seed, and another seed gives another one', async () => {
    const a = await setup();
    const b = await setup();
    const one = await a.engine.start({ count: 10 }, timed(60, { seed: 42 }));
    const two = await b.engine.start({ count: 10 }, timed(60, { seed: 42 }));
    expect(one.questions).toEqual(two.questions);
    const c = await setup();
    const three = await c.engine.start({ count: 10 }, timed(60, { seed: 43 }));
    expect(three.questions.map((q) => q.statement)).not.toEqual(one.questions.map((q) => q.statement));
  });

  it('never repeats a question and prefers unseen ones', async () => {
    const { engine } = await setup(12);
    const first = await engine.start({ count: 12 }, timed(60, { seed: 1 }));
    expect(new Set(first.questions.map((q) => q.statement)).size).toBe(12);
    await engine.submit(first.attemptId);
    const { engine: e2 } = await setup(30);
    const s1 = await e2.start({ count: 20, preferUnseen: true }, timed(60, { seed: 5 }));
    await e2.submit(s1.attemptId);
    const s2 = await e2.start({ count: 10, preferUnseen: true }, timed(60, { seed: 6 }));
    const firstSet = new Set(s1.questions.map((q) => q.statement));
    expect(s2.questions.filter((q) => firstSet.has(q.statement))).toEqual([]);
    expect(e2.count({ count: 10 })).toMatchObject({ matching: 30, unseen: 0 });
  });

  it('builds the national exam in area blocks of the requested size', async () => {
    const { engine } = await setup(40);
    const state = await engine.start(
      { areas: ['matematica', 'humanas'], perArea: 5, count: 10 },
      timed(60, { seed: 3 }),
    );
    expect(state.questions.map((q) => q.subject)).toEqual([
      ...Array(5).fill('Matemática'),
      ...Array(5).fill('História'),
    ]);
  });

  it('hides the key: the state carries no isCorrect, correctAlternative, ids or original letters', async () => {
    const { engine } = await setup(20);
    const state = await engine.start({ count: 20 }, timed(60, { seed: 9 }));
    const text = JSON.stringify(state);
    expect(text).not.toMatch(/isCorrect|correctAlternative|correctId|originalLetter|"q\d+"|q\d+-[A-E]/);
    for (const q of state.questions) expect(q.alternatives.map((a) => a.letter)).toEqual(['A', 'B', 'C', 'D', 'E']);
    await expect(engine.result(state.attemptId)).rejects.toThrow('exam-running');
  });

  it('retrying takes the answers that were wrong, and the blank ones only when asked', async () => {
    const { engine } = await setup(10);
    const state = await engine.start({ count: 6 }, timed(60, { seed: 4 }));
    // Answer the first three with every choice until one is wrong; leave the other three blank.
    for (const index of [0, 1, 2]) await engine.answer(state.attemptId, index, 0);
    const result = await engine.submit(state.attemptId);
    const wrong = result.questions.filter((q) => q.chosen !== null && q.isCorrect === false).length;
    const blank = result.questions.filter((q) => q.chosen === null).length;
    expect(blank).toBe(3);
    if (wrong > 0) {
      const only = await engine.retryWrong(state.attemptId, timed(), false);
      expect(only.questions).toHaveLength(wrong);
      await engine.submit(only.attemptId);
    } else {
      await expect(engine.retryWrong(state.attemptId, timed(), false)).rejects.toThrow('no-questions');
    }
    const withBlank = await engine.retryWrong(state.attemptId, timed(), true);
    expect(withBlank.questions).toHaveLength(wrong + blank);
  });

  it('locks the attempt’s questions for the library while it runs, and unlocks them on submit', async () => {
    const { engine } = await setup(10);
    const state = await engine.start({ count: 10 }, timed());
    expect(engine.visibility.locked().size).toBe(10);
    await engine.submit(state.attemptId);
    expect(engine.visibility.locked().size).toBe(0);
  });

  it('grades in main, mapping displayed letters back to the original ones', async () => {
    const { engine, store } = await setup(10);
    const state = await engine.start({ count: 10 }, timed(60, { seed: 11 }));
    // Answer every question with the displayed position of its original correct alternative.
    const result0 = { right: 0 };
    for (const q of state.questions) {
      const original = (await store.loadAll()).find((s) => s.q.statement === q.statement);
      const correctText = original?.q.alternatives.find((a) => a.isCorrect)?.text;
      const choice = q.index % 2 === 0 ? q.alternatives.findIndex((a) => a.text === correctText) : null;
      if (choice !== null) result0.right += 1;
      await engine.answer(state.attemptId, q.index, choice);
    }
    const result = await engine.submit(state.attemptId);
    expect(result.score).toEqual({ correct: result0.right, answered: 5, total: 10, hidden: 0 });
    for (const q of result.questions) {
      const original = (await store.loadAll()).find((s) => s.q.statement === q.statement);
      expect(q.alternatives[q.correctChoice ?? -1]?.originalLetter).toBe(
        original?.q.alternatives.find((a) => a.isCorrect)?.letter,
      );
    }
    expect(result.bySubject.reduce((sum, l) => sum + l.total, 0)).toBe(10);
    // In their natural order, not the alphabet's.
    expect(result.byDifficulty.map((l) => l.key)).toEqual(['easy', 'medium', 'hard']);
  });

  it('grades every shape of an agreeing correctAlternative the same, and never one the server contradicts', async () => {
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    const store = await CatalogStore.open(dir);
    const base = question(2); // correct is C (isCorrect on C)
    const shapes: ApiQuestion[] = [
      { ...base, id: 'letter', correctAlternative: 'C' },
      { ...base, id: 'alt-id', correctAlternative: 'q2-C' },
      { ...base, id: 'object', correctAlternative: { id: 'q2-C', letter: 'C' } },
      { ...base, id: 'position', correctAlternative: 3 },
      { ...base, id: 'contradicted', correctAlternative: 'A' },
    ];
    await store.append(shapes.map((q) => toStored(q, 'api:enem')));
    const images = await ImageCache.open(`${dir}/images`);
    const engine = await ExamEngine.open({
      dir: `${dir}/attempts`,
      store: () => store,
      clock: fakeClock(),
      images: () => images,
      imageUrl: (sha: string) => sha,
    });
    const state = await engine.start({ count: 10 }, timed(60, { seed: 2 }));
    expect(state.questions).toHaveLength(4); // the contradicted one is not gradable: never put in an exam
    for (const q of state.questions)
      await engine.answer(
        state.attemptId,
        q.index,
        q.alternatives.findIndex((a) => a.text.startsWith('Texto C')),
      );
    expect((await engine.submit(state.attemptId)).score.correct).toBe(4);
  });

  it('keeps “Nenhuma das anteriores” in its place and never shuffles a question that names letters', async () => {
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    const store = await CatalogStore.open(dir);
    const pinned = question(0);
    pinned.alternatives[4] = {
      ...pinned.alternatives[4],
      id: 'q0-E',
      letter: 'E',
      text: 'Nenhuma das anteriores.',
      isCorrect: false,
    };
    const byLetter = question(1);
    byLetter.id = 'q1';
    byLetter.alternatives[3] = {
      ...byLetter.alternatives[3],
      id: 'q1-D',
      letter: 'D',
      text: 'As alternativas A e B estão corretas.',
      isCorrect: false,
    };
    await store.append([toStored(pinned, 'x'), toStored(byLetter, 'x')]);
    const images = await ImageCache.open(`${dir}/images`);
    for (let seed = 0; seed < 30; seed++) {
      const engine = await ExamEngine.open({
        dir: `${dir}/a${seed}`,
        store: () => store,
        clock: fakeClock(),
        images: () => images,
        imageUrl: (sha: string) => sha,
      });
      const state = await engine.start({ count: 2 }, timed(60, { seed }));
      for (const q of state.questions) {
        if (q.statement === pinned.statement) expect(q.alternatives[4]?.text).toBe('Nenhuma das anteriores.');
        else expect(q.alternatives.map((a) => a.text)).toEqual(byLetter.alternatives.map((a) => a.text));
      }
    }
  });

  it('warns at the marks and submits at the deadline from main’s clock alone', async () => {
    const { engine, clock, events } = await setup(10);
    const state = await engine.start({ count: 5 }, timed(40));
    clock.t += 11 * 60_000;
    await engine.tick();
    expect(events).toEqual(['warning:30']);
    clock.t += 24 * 60_000;
    await engine.tick();
    expect(events).toEqual(['warning:30', 'warning:5']);
    clock.t += 5 * 60_000;
    await engine.tick();
    expect(events.at(-1)).toBe('deadline');
    expect(engine.visibility.locked().size).toBe(0);
    const result = await engine.result(state.attemptId);
    expect(result).toMatchObject({ submittedBy: 'deadline', submittedAt: state.deadline });
    await expect(engine.answer(state.attemptId, 0, 1)).rejects.toThrow('exam-over');
  });

  it('never warns of more time than the exam has: a 20-minute exam asked for "30, 5" warns at 5 only', async () => {
    const { engine, clock, events } = await setup(10);
    const state = await engine.start({ count: 5 }, timed(20));
    expect(state.warnings).toEqual([5]);
    await engine.tick();
    expect(events).toEqual([]);
    clock.t += 15 * 60_000;
    await engine.tick();
    expect(events).toEqual(['warning:5']);
  });

  it('refuses an answer that arrives after the deadline even before the tick notices', async () => {
    const { engine, clock } = await setup(10);
    const state = await engine.start({ count: 5 }, timed(1));
    clock.t += 61_000;
    await expect(engine.answer(state.attemptId, 0, 1)).rejects.toThrow('exam-over');
    expect((await engine.result(state.attemptId)).submittedBy).toBe('deadline');
  });

  it('records time per question from main’s clock', async () => {
    const { engine, clock } = await setup(10);
    const state = await engine.start({ count: 3 }, timed());
    clock.t += 30_000;
    await engine.visit(state.attemptId, 1);
    clock.t += 45_000;
    await engine.visit(state.attemptId, 2);
    clock.t += 5_000;
    const result = await engine.submit(state.attemptId);
    expect(result.questions.map((q) => q.timeMs)).toEqual([30_000, 45_000, 5_000]);
    expect(result.timeUsedMs).toBe(80_000);
  });

  it('counts a question’s time only while the exam screen is in front: away time goes to none, the exam clock runs on', async () => {
    const { engine, clock, reopen } = await setup(10);
    const state = await engine.start({ count: 3 }, timed(600));
    clock.t += 20_000;
    // The student goes to the library (or another app) for almost five hours, question 1 left open.
    await engine.presence(state.attemptId, false);
    clock.t += 289 * 60_000;
    // Telling it twice changes nothing.
    await engine.presence(state.attemptId, false);
    await engine.presence(state.attemptId, true);
    await engine.presence(state.attemptId, true);
    clock.t += 10_000;
    await engine.visit(state.attemptId, 1);
    clock.t += 15_000;
    await engine.presence(state.attemptId, false);
    // Closed while away, reopened later: still away until the screen says it is back.
    const again = await reopen();
    clock.t += 60_000;
    await again.presence(state.attemptId, true);
    clock.t += 5_000;
    const result = await again.submit(state.attemptId);
    expect(result.questions.map((q) => q.timeMs)).toEqual([30_000, 20_000, 0]);
  });

  it('loses nothing in a crash: every acknowledged answer, flag and elimination is there on restart', async () => {
    const { engine, reopen } = await setup(10);
    const state = await engine.start({ count: 5 }, timed(60, { seed: 4 }));
    await engine.answer(state.attemptId, 0, 3);
    await engine.flag(state.attemptId, 1, true);
    await engine.eliminate(state.attemptId, 2, 4, true);
    await engine.visit(state.attemptId, 2);
    // no suspend(): the process died
    const again = await (await reopen()).current();
    expect(again).toMatchObject({ attemptId: state.attemptId, current: 2 });
    expect(again?.answers).toEqual([3, null, null, null, null]);
    expect(again?.flags).toEqual([false, true, false, false, false]);
    expect(again?.eliminated[2]).toEqual([4]);
    expect(again?.questions).toEqual(state.questions);
  });

  it('submits on restart a strict attempt whose deadline passed while the app was closed', async () => {
    const { engine, reopen, clock } = await setup(10);
    const state = await engine.start({ count: 5 }, timed(10));
    await engine.answer(state.attemptId, 0, 1);
    clock.t += 60 * 60_000;
    const later = await reopen();
    expect(await later.current()).toBeNull();
    expect(await later.result(state.attemptId)).toMatchObject({ submittedBy: 'deadline', score: { answered: 1 } });
  });

  it('pauses the clock while the app is closed when the attempt is not strict', async () => {
    const { engine, reopen, clock } = await setup(10);
    const state = await engine.start({ count: 5 }, timed(10, { strict: false }));
    clock.t += 2 * 60_000;
    await engine.suspend();
    clock.t += 60 * 60_000; // closed for an hour
    const again = await (await reopen()).current();
    expect(again?.deadline).toBe((state.deadline ?? 0) + 60 * 60_000);
  });

  it('a restart never gives time back: a clock set back (or another clock) leaves at most what was left', async () => {
    const { engine, reopen, clock } = await setup(10);
    const state = await engine.start({ count: 5 }, timed(10));
    clock.t += 3 * 60_000;
    await engine.suspend();
    // Relaunched with a clock 326 days behind (a test build's fast clock, then a normal one).
    clock.t -= 326 * 86_400_000;
    const again = await (await reopen()).current();
    expect((again?.deadline ?? Infinity) - clock.t).toBeLessThanOrEqual(7 * 60_000);
    // Strict: never past its start plus its limit, whatever the clocks say.
    expect(again?.deadline ?? Infinity).toBeLessThanOrEqual(state.deadline ?? 0);
  });

  it('practice mode: each answer is checked at once and then stays', async () => {
    const { engine } = await setup(10);
    const state = await engine.start(
      { count: 3 },
      { title: 'Treino', mode: 'practice', timeLimitMinutes: null, strict: false },
    );
    expect(state.deadline).toBeNull();
    const first = await engine.answer(state.attemptId, 0, 0);
    expect(first.feedback).toMatchObject({ correct: first.feedback?.correctChoice === 0 });
    const again = await engine.answer(state.attemptId, 0, 1);
    expect(again.feedback).toEqual(first.feedback);
    expect((await engine.current())?.feedback[0]).toEqual(first.feedback);
    expect((await engine.current())?.feedback[1]).toBeNull();
  });

  it('retries the questions not right, blank ones included when asked', async () => {
    const { engine } = await setup(10);
    const state = await engine.start({ count: 4 }, timed(60, { seed: 8 }));
    const result = await engine.submit(state.attemptId); // nothing answered: all 4 blank
    expect(result.score.correct).toBe(0);
    await expect(engine.retryWrong(state.attemptId, timed(10))).rejects.toThrow('no-questions');
    const retry = await engine.retryWrong(state.attemptId, timed(10), true);
    expect(new Set(retry.questions.map((q) => q.statement))).toEqual(new Set(state.questions.map((q) => q.statement)));
    expect((await engine.history()).map((h) => h.status)).toEqual(['running', 'submitted']);
    // A retry of misses is listed but is not a full exam (the trend counts full exams only).
    expect((await engine.history()).map((h) => h.full)).toEqual([false, true]);
  });

  it('refuses a second running attempt', async () => {
    const { engine } = await setup(10);
    await engine.start({ count: 2 }, timed());
    await expect(engine.start({ count: 2 }, timed())).rejects.toThrow('exam-running');
  });
});
