// A review session of the notebook as Anki runs one: a failed card comes back later in the same
// session until it graduates, each rating says what it would schedule, the last rating can be
// taken back, and all of it survives a restart.
import { afterEach, describe, expect, it } from 'vitest';
import type { ExamState, RatingPreview } from '../../preload/contract.js';
import type { AppServices } from '../../main/app/services.js';
import { callValue as value } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function open(dir: string) {
  const services = await nodeServices({ dataDir: dir });
  cleanups.push(() => services.close());
  return services;
}

/** A profile whose notebook holds the misses of one mock exam, the keys as its result showed them. */
async function notebookWithMisses() {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const services = await open(temp.dir);
  await value(services, 'packs:import-demo', {});
  const exam = await value(services, 'exam:start', {
    request: { count: 10 },
    settings: { title: 'Simulado', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 3 },
  });
  for (const q of exam.questions)
    await value(services, 'exam:answer', { attemptId: exam.attemptId, index: q.index, choice: 0 });
  const result = await value(services, 'exam:submit', { attemptId: exam.attemptId });
  const keyText = new Map(result.questions.map((q) => [q.statement, q.alternatives[q.correctChoice ?? 0]?.text ?? '']));
  return { dir: temp.dir, services, keyText };
}

/** The displayed position of the right (or a wrong) alternative of entry `index`. */
function choiceFor(state: ExamState, keyText: Map<string, string>, index: number, right: boolean): number {
  const q = state.questions[index];
  if (!q) throw new Error(`no entry ${index}`);
  const at = q.alternatives.findIndex((a) => a.text === keyText.get(q.statement));
  return right ? at : (at + 1) % q.alternatives.length;
}

async function answer(
  services: AppServices,
  state: ExamState,
  keyText: Map<string, string>,
  index: number,
  right: boolean,
) {
  await value(services, 'exam:answer', {
    attemptId: state.attemptId,
    index,
    choice: choiceFor(state, keyText, index, right),
  });
  const fresh = await value(services, 'exam:current', {});
  if (!fresh) throw new Error('the session ended');
  return fresh;
}

const inMs = (preview: RatingPreview[], grade: number) => preview.find((p) => p.grade === grade)?.inMs;
const DAY = 24 * 60 * 60_000;

describe('a review session', () => {
  it('brings a failed card back at the end until it graduates; a changed rating takes the repeat away', async () => {
    const { services, keyText } = await notebookWithMisses();
    let state = await value(services, 'notebook:start-review', {});
    const cards = state.questions.length;
    expect(cards).toBeGreaterThan(1);
    expect(state.repeats.every((r) => !r)).toBe(true);

    state = await answer(services, state, keyText, 0, false);
    // Failed: the same question waits at the end, its alternatives drawn again, its key not shown.
    expect(state.questions.length).toBe(cards + 1);
    expect(state.repeats[cards]).toBe(true);
    expect(state.questions[cards]?.statement).toBe(state.questions[0]?.statement);
    expect(state.feedback[cards]).toBeNull();
    expect(state.feedback[0]?.correct).toBe(false);
    expect(state.undoable).toBe(0);

    // "Easy" after all: the card graduates, the repeat not reached yet goes; "again" brings it back.
    await value(services, 'exam:rate', { attemptId: state.attemptId, index: 0, grade: 4 });
    state = (await value(services, 'exam:current', {})) as ExamState;
    expect(state.questions.length).toBe(cards);
    await value(services, 'exam:rate', { attemptId: state.attemptId, index: 0, grade: 1 });
    state = (await value(services, 'exam:current', {})) as ExamState;
    expect(state.questions.length).toBe(cards + 1);

    // The rest recalled; the repeat failed again comes back once more, then graduates.
    for (let index = 1; index < cards; index += 1) state = await answer(services, state, keyText, index, true);
    expect(state.questions.length).toBe(cards + 1);
    state = await answer(services, state, keyText, cards, false);
    expect(state.questions.length).toBe(cards + 2);
    expect(state.questions[cards + 1]?.statement).toBe(state.questions[0]?.statement);
    state = await answer(services, state, keyText, cards + 1, true);
    expect(state.questions.length).toBe(cards + 2);
    expect(state.feedback.every((f) => f !== null)).toBe(true);

    // Nothing is due today any more: the session's work is done.
    expect((await value(services, 'notebook:overview', {})).dueToday).toBe(0);
    const result = await value(services, 'exam:submit', { attemptId: state.attemptId });
    expect(result.questions.length).toBe(cards + 2);
  });

  it('each rating button says what it would schedule, from the card as it was before this answer', async () => {
    const { services, keyText } = await notebookWithMisses();
    let state = await value(services, 'notebook:start-review', {});
    await expect(value(services, 'exam:rating-preview', { attemptId: state.attemptId, index: 0 })).rejects.toThrow(
      /not-found/,
    );
    state = await answer(services, state, keyText, 0, true);
    const preview = await value(services, 'exam:rating-preview', { attemptId: state.attemptId, index: 0 });
    expect(preview.map((p) => p.grade)).toEqual([1, 2, 3, 4]);
    const [again, hard, good, easy] = [1, 2, 3, 4].map((g) => inMs(preview, g) ?? Infinity);
    // A learning card: "again" and "hard" within minutes, "easy" days away, each no sooner than the one before.
    expect(again).toBeLessThan(60 * 60_000);
    expect(hard).toBeGreaterThanOrEqual(again ?? 0);
    expect(good).toBeGreaterThanOrEqual(hard ?? 0);
    expect(easy).toBeGreaterThanOrEqual(DAY);
    // Rating it changes nothing of what the buttons say (they are about this answer, not the next).
    await value(services, 'exam:rate', { attemptId: state.attemptId, index: 0, grade: 1 });
    expect(await value(services, 'exam:rating-preview', { attemptId: state.attemptId, index: 0 })).toEqual(preview);
    // The rating it then chooses schedules what its button said.
    await value(services, 'exam:rate', { attemptId: state.attemptId, index: 0, grade: 4 });
    const card = (await value(services, 'notebook:list', { filter: {} })).find(
      (c) => c.statement === state.questions[0]?.statement.slice(0, 280),
    );
    expect(card?.due).not.toBeNull();
    expect(Math.abs((card?.due ?? 0) - Date.now() - (easy ?? 0))).toBeLessThan(60_000);
  });

  it('undoes the last rating: the card as it was, the question current and unrated, its repeat gone; once', async () => {
    const { dir, services, keyText } = await notebookWithMisses();
    // Read before the session: while it runs, a card whose question is not checked yet is not listed
    // (its key is locked, and a card's history would tell it: docs/security.md).
    const listedBefore = await value(services, 'notebook:list', { filter: {} });
    let state = await value(services, 'notebook:start-review', {});
    const cards = state.questions.length;
    const statementOf = (index: number) => state.questions[index]?.statement.slice(0, 280);
    const statement = statementOf(1);
    const first = statementOf(0);
    const cardOf = async (text: string | undefined) =>
      (await value(services, 'notebook:list', { filter: {} })).find((c) => c.statement === text);
    const reviewsOf = async () => (await cardOf(statement))?.reviews;
    const reviewsBefore = listedBefore.find((c) => c.statement === statement)?.reviews;
    expect(await cardOf(statement)).toBeUndefined();
    state = await answer(services, state, keyText, 0, true);
    state = await answer(services, state, keyText, 1, false);
    expect(state.questions.length).toBe(cards + 1);
    expect(await reviewsOf()).toBe((reviewsBefore ?? 0) + 1);
    await value(services, 'exam:visit', { attemptId: state.attemptId, index: 2 });

    state = await value(services, 'exam:undo-rating', { attemptId: state.attemptId });
    expect(state.current).toBe(1);
    expect(state.grades[1]).toBeNull();
    expect(state.grades[0]).not.toBeNull();
    expect(state.questions.length).toBe(cards);
    expect(state.undoable).toBeNull();
    expect(await reviewsOf()).toBe(reviewsBefore);
    // As it was before the session: a new card, still to be introduced.
    expect((await cardOf(statement))?.status).toBe(listedBefore.find((c) => c.statement === statement)?.status);
    expect((await cardOf(statement))?.status).toBe('new');
    // The first card (recalled, rated) stays reviewed: only the last rating is taken back.
    const firstBefore = listedBefore.find((c) => c.statement === first);
    expect((await cardOf(first))?.reviews).toBe((firstBefore?.reviews ?? 0) + 1);
    expect((await cardOf(first))?.status).not.toBe('due');
    // Nothing more to undo.
    const again = await value(services, 'exam:undo-rating', { attemptId: state.attemptId });
    expect(again.grades).toEqual(state.grades);

    // Rated anew, and the session kept through a restart, repeat included.
    await value(services, 'exam:rate', { attemptId: state.attemptId, index: 1, grade: 1 });
    await services.close();
    cleanups.pop();
    const reopened = await open(dir);
    const resumed = await value(reopened, 'exam:current', {});
    expect(resumed?.questions.length).toBe(cards + 1);
    expect(resumed?.repeats[cards]).toBe(true);
    expect(resumed?.questions[cards]?.statement).toBe(resumed?.questions[1]?.statement);
    expect(resumed?.undoable).toBe(1);
  });

  it('is refused for a mock exam: ratings, previews and undo belong to review sessions', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const services = await open(temp.dir);
    await value(services, 'packs:import-demo', {});
    const exam = await value(services, 'exam:start', {
      request: { count: 3 },
      settings: { title: 'Treino', mode: 'practice', timeLimitMinutes: null, strict: false },
    });
    await value(services, 'exam:answer', { attemptId: exam.attemptId, index: 0, choice: 0 });
    for (const [channel, args] of [
      ['exam:rating-preview', { attemptId: exam.attemptId, index: 0 }],
      ['exam:undo-rating', { attemptId: exam.attemptId }],
    ] as const) {
      await expect(value(services, channel, args as never)).rejects.toThrow(/invalid-argument/);
    }
    const state = await value(services, 'exam:current', {});
    expect(state?.questions.length).toBe(3);
    expect(state?.undoable).toBeNull();
  });
});

describe('a review session under overlapping calls', () => {
  it('ratings of one answer sent without waiting land in order: the last one decides, at most one repeat', async () => {
    const { services, keyText } = await notebookWithMisses();
    let state = await value(services, 'notebook:start-review', {});
    const cards = state.questions.length;
    state = await answer(services, state, keyText, 0, false);
    expect(state.questions.length).toBe(cards + 1);
    for (const last of [4, 1] as const) {
      // The student taps through the buttons faster than main saves.
      await Promise.all(
        ([1, 4, 1, 4, 2, last] as const).map((grade) =>
          value(services, 'exam:rate', { attemptId: state.attemptId, index: 0, grade }),
        ),
      );
      const now = (await value(services, 'exam:current', {})) as ExamState;
      expect(now.grades[0]).toBe(last);
      // "Easy" graduates the card (no repeat); "again" brings it back exactly once.
      expect(now.repeats.filter(Boolean)).toHaveLength(last === 4 ? 0 : 1);
      expect(now.questions.length).toBe(last === 4 ? cards : cards + 1);
    }
  });
});
