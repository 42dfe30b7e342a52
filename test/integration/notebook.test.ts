// The error notebook through the bridge: misses and guesses of a mock exam become cards, a review
// session rates and reschedules them, notes stay with the question, and nothing is lost to a
// restart, a crash before capture, overlapping calls, a torn file or a removed pack.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Channel, ExamState } from '../../preload/contract.js';
import { type AppServices } from '../../main/app/services.js';
import { handle } from '../../main/app/handle.js';
import { callValue } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { runCli } from '../support/run-node.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const value = callValue;

async function open(dir: string) {
  const services = await nodeServices({ dataDir: dir });
  cleanups.push(() => services.close());
  return services;
}

async function setup() {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const services = await open(temp.dir);
  await value(services, 'packs:import-demo', {});
  return { dir: temp.dir, services };
}

/** A mock exam of the demo pack: every answer "A", the first right answer marked as a guess. */
async function examWithMisses(services: AppServices, seed = 3) {
  const state = await value(services, 'exam:start', {
    request: { count: 10 },
    settings: { title: 'Simulado', mode: 'timed', timeLimitMinutes: 60, strict: true, seed },
  });
  for (const q of state.questions)
    await value(services, 'exam:answer', { attemptId: state.attemptId, index: q.index, choice: 0 });
  const result = await value(services, 'exam:submit', { attemptId: state.attemptId });
  const rightIndex = result.questions.findIndex((q) => q.isCorrect === true);
  return { state, result, rightIndex };
}

describe('the error notebook', () => {
  it('takes every miss and every guessed right answer of a mock exam, once', async () => {
    const { services } = await setup();
    const state = await value(services, 'exam:start', {
      request: { count: 10 },
      settings: { title: 'Simulado', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 3 },
    });
    for (const q of state.questions) {
      await value(services, 'exam:answer', { attemptId: state.attemptId, index: q.index, choice: 0 });
      await value(services, 'exam:guess', { attemptId: state.attemptId, index: q.index, guessed: q.index === 0 });
    }
    const result = await value(services, 'exam:submit', { attemptId: state.attemptId });
    const wrong = result.questions.filter((q) => q.isCorrect === false);
    const guessedRight = result.questions.filter((q) => q.guessed && q.isCorrect);
    expect(wrong.length).toBeGreaterThan(0);
    const cards = await value(services, 'notebook:list', { filter: {} });
    expect(cards.length).toBe(wrong.length + guessedRight.length);
    expect(new Set(cards.map((c) => c.statement))).toEqual(
      new Set([...wrong, ...guessedRight].map((q) => q.statement.slice(0, 280))),
    );
    expect(cards.filter((c) => c.reason === 'guessed').length).toBe(guessedRight.length);
    // Each enters as a new card, introduced under the new-card limit (15 a day unless the student says otherwise).
    expect(cards.every((c) => c.status === 'new' && c.reviews === 0)).toBe(true);
    const overview = await value(services, 'notebook:overview', {});
    expect(overview.dueToday).toBe(Math.min(cards.length, 15));
    expect(overview.newToday).toBe(overview.dueToday);
    expect(overview.newWaiting).toBe(cards.length);
    expect(overview.total).toBe(cards.length);
    // Asking for the result again captures nothing twice.
    await value(services, 'exam:result', { attemptId: state.attemptId });
    expect((await value(services, 'notebook:list', { filter: {} })).length).toBe(cards.length);
  });

  it('today’s review: practice of the due cards, key hidden until answered, rated, rescheduled; the rating can change', async () => {
    const { services } = await setup();
    const { result } = await examWithMisses(services);
    const missed = result.questions.filter((q) => q.isCorrect === false).length;
    const due = (await value(services, 'notebook:overview', {})).dueToday;
    expect(due).toBe(missed);
    const session: ExamState = await value(services, 'notebook:start-review', {});
    expect(session.kind).toBe('review');
    expect(session.mode).toBe('practice');
    expect(session.deadline).toBeNull();
    expect(session.questions.length).toBe(due);
    expect(session.feedback.every((f) => f === null)).toBe(true);
    // The mock exam's review told the key: half the cards answered right at once, half wrong.
    const keyText = new Map(
      result.questions.map((q) => [q.statement, q.alternatives[q.correctChoice ?? 0]?.text ?? '']),
    );
    const grades: number[] = [];
    for (const q of session.questions) {
      const right = q.alternatives.findIndex((a) => a.text === keyText.get(q.statement));
      const choice = q.index % 2 === 0 ? right : (right + 1) % q.alternatives.length;
      const answer = await value(services, 'exam:answer', { attemptId: session.attemptId, index: q.index, choice });
      expect(answer.feedback).not.toBeNull();
      expect(answer.grade).toBe(answer.feedback?.correct ? 4 : 1);
      grades.push(answer.grade ?? 0);
    }
    // The student says the first one was only "good" after all: the rating is replaced, not added.
    const changed = await value(services, 'exam:rate', { attemptId: session.attemptId, index: 0, grade: 3 });
    expect(changed.grade).toBe(3);
    const current = await value(services, 'exam:current', {});
    expect(current?.grades[0]).toBe(3);
    const cards = await value(services, 'notebook:list', { filter: {} });
    // Each card reviewed once in the session (the changed rating did not count twice): its first review.
    for (const card of cards) expect(card.reviews).toBe(1);
    // Those missed again are due again within minutes; those recalled easily rest for days.
    const statusOf = (index: number) =>
      cards.find((c) => c.statement === session.questions[index]?.statement.slice(0, 280))?.status;
    grades.forEach((grade, index) => {
      if (index === 0) return;
      expect(statusOf(index), `card ${index} graded ${grade}`).toBe(grade === 1 ? 'due' : 'learning');
    });
    expect(grades.some((g) => g === 1) && grades.some((g) => g === 4)).toBe(true);
    await value(services, 'exam:submit', { attemptId: session.attemptId });
    // A review session adds nothing of its own to the notebook.
    expect((await value(services, 'notebook:list', { filter: {} })).length).toBe(cards.length);
    const history = await value(services, 'exam:history', {});
    expect(history.find((h) => h.attemptId === session.attemptId)).toMatchObject({ kind: 'review', full: false });
  });

  it('keeps cards, ratings, notes and the plan through a restart, and catches up an exam submitted unheard', async () => {
    const { dir, services } = await setup();
    const { state, result } = await examWithMisses(services);
    await value(services, 'notebook:set-plan', {
      plan: { examDate: '2027-11-07', examLabel: 'ENEM 2027', retention: 0.85, dailyLimit: 40 },
    });
    const card = (await value(services, 'notebook:list', { filter: {} }))[0];
    if (!card) throw new Error('no card');
    await value(services, 'notes:set', { ref: { questionId: card.id }, text: 'Confundi mitose com meiose.' });
    const before = await value(services, 'notebook:list', { filter: {} });
    await services.close();

    // The notebook lost its record of the exam (as if the app died between submit and capture).
    const notebookFile = join(dir, 'notebook.json');
    const data = JSON.parse(await readFile(notebookFile, 'utf8')) as { captured: string[]; cards: object };
    await writeFile(notebookFile, JSON.stringify({ ...data, captured: [], cards: {} }));
    await rm(`${notebookFile}.bak`, { force: true });

    const again = await open(dir);
    const after = await value(again, 'notebook:list', { filter: {} });
    expect(after.map((c) => c.id).sort()).toEqual(before.map((c) => c.id).sort());
    expect(after.length).toBe(result.questions.filter((q) => q.isCorrect === false).length);
    expect(after.find((c) => c.id === card.id)?.note).toBe('Confundi mitose com meiose.');
    const overview = await value(again, 'notebook:overview', {});
    expect(overview.plan).toEqual({
      examDate: '2027-11-07',
      examLabel: 'ENEM 2027',
      retention: 0.85,
      dailyLimit: 40,
      newPerDay: 15,
      examTime: '13:30',
    });
    // The note is shown in the result's review too, by the question's place in the attempt.
    const index = result.questions.findIndex((q) => q.statement.startsWith(card.statement.slice(0, 100)));
    expect((await value(again, 'notes:get', { ref: { attemptId: state.attemptId, index } })).text).toBe(
      'Confundi mitose com meiose.',
    );
  });

  it('overlapping changes all land, and a torn notebook file is restored from its last good copy', async () => {
    const { dir, services } = await setup();
    await examWithMisses(services);
    const page = await value(services, 'catalog:query', { filter: {}, offset: 0, limit: 100 });
    const ids = page.items.map((i) => i.id);
    // Adds, notes and a plan change, all at once.
    await Promise.all([
      ...ids.map((id) => value(services, 'notebook:add', { ref: { questionId: id } })),
      ...ids.map((id, n) => value(services, 'notes:set', { ref: { questionId: id }, text: `nota ${n}` })),
      value(services, 'notebook:set-plan', { plan: { examDate: '2027-11-07', examLabel: null, retention: 0.9 } }),
    ]);
    const cards = await value(services, 'notebook:list', { filter: {} });
    expect(cards.length).toBe(ids.length);
    for (const [n, id] of ids.entries()) {
      expect((await value(services, 'notes:get', { ref: { questionId: id } })).text).toBe(`nota ${n}`);
    }
    await services.close();
    // A torn write of each file: half of it.
    for (const name of ['notebook.json', 'notebook-questions.json', 'notes.json']) {
      const text = await readFile(join(dir, name), 'utf8');
      await writeFile(join(dir, name), text.slice(0, text.length / 2));
    }
    const again = await open(dir);
    const restored = await value(again, 'notebook:list', { filter: {} });
    expect(restored.length).toBeGreaterThan(0);
    expect(restored.length).toBeLessThanOrEqual(ids.length);
    const notices = await value(again, 'app:notices', {});
    expect(notices.map((n) => n.kind).sort()).toEqual(['notebook', 'notebook-questions', 'notes']);
    expect(notices.every((n) => n.restored)).toBe(true);
  });

  it('keeps a card’s question after its pack is removed, and reviews it', async () => {
    const { services } = await setup();
    await examWithMisses(services);
    const cards = await value(services, 'notebook:list', { filter: {} });
    const pack = (await value(services, 'packs:list', {}))[0];
    if (!pack) throw new Error('no pack');
    await value(services, 'packs:remove', { id: pack.id });
    expect((await value(services, 'catalog:query', { filter: {}, offset: 0, limit: 10 })).total).toBe(0);
    expect((await value(services, 'notebook:list', { filter: {} })).length).toBe(cards.length);
    const note = await value(services, 'notes:set', { ref: { questionId: cards[0]?.id ?? '' }, text: 'ainda aqui' });
    expect(note.text).toBe('ainda aqui');
    const session = await value(services, 'notebook:start-review', {});
    expect(session.questions.length).toBe(cards.length);
    expect(session.questions.every((q) => q.statement.length > 0 && q.alternatives.length > 1)).toBe(true);
    // While the session runs, a card's note waits like its key; once answered, both are there.
    expect((await handle(services.handlers, 'notes:get', { ref: { attemptId: session.attemptId, index: 0 } })).ok).toBe(
      false,
    );
    await value(services, 'exam:answer', { attemptId: session.attemptId, index: 0, choice: 0 });
    expect((await value(services, 'notes:get', { ref: { attemptId: session.attemptId, index: 0 } })).text).toBe(
      session.questions[0]?.statement === cards[0]?.statement ? 'ainda aqui' : '',
    );
  });

  it('filters by status, area, subject, source and text; removes', async () => {
    const { services } = await setup();
    await examWithMisses(services);
    const cards = await value(services, 'notebook:list', { filter: {} });
    const first = cards[0];
    if (!first) throw new Error('no card');
    expect((await value(services, 'notebook:list', { filter: { status: 'mastered' } })).length).toBe(0);
    expect((await value(services, 'notebook:list', { filter: { status: 'new' } })).length).toBe(cards.length);
    expect((await value(services, 'notebook:list', { filter: { status: 'due' } })).length).toBe(0);
    const bySubject = await value(services, 'notebook:list', { filter: { subject: first.subject } });
    expect(bySubject.every((c) => c.subject === first.subject)).toBe(true);
    expect(bySubject.length).toBe(cards.filter((c) => c.subject === first.subject).length);
    expect((await value(services, 'notebook:list', { filter: { source: first.source } })).length).toBe(cards.length);
    expect((await value(services, 'notebook:list', { filter: { source: 'api:enem' } })).length).toBe(0);
    const word = first.statement.split(/\s+/).find((w) => w.length > 6) ?? first.statement.slice(0, 8);
    const found = await value(services, 'notebook:list', { filter: { text: word.toUpperCase() } });
    expect(found.map((c) => c.id)).toContain(first.id);
    expect(await value(services, 'notebook:remove', { id: first.id })).toEqual({ removed: true });
    expect((await value(services, 'notebook:list', { filter: {} })).map((c) => c.id)).not.toContain(first.id);
  });

  it('refuses what is not a plan, a grade or a note', async () => {
    const { services } = await setup();
    const bad: [Channel, unknown][] = [
      ['notebook:set-plan', { plan: { examDate: '2027-02-30', examLabel: null, retention: 0.9 } }],
      ['notebook:set-plan', { plan: { examDate: '2027-11-07', examLabel: null, retention: 1.5 } }],
      ['notebook:set-plan', { plan: { examDate: '2027-11-07', examLabel: null, retention: 0.9, dailyLimit: 2 } }],
      ['notebook:set-plan', { plan: { examDate: '2027-11-07', examLabel: null, retention: 0.9, newPerDay: -1 } }],
      ['notebook:set-plan', { plan: { examDate: '2027-11-07', examLabel: null, retention: 0.9, examTime: '25:00' } }],
      ['notebook:set-plan', { plan: { examDate: '2027-11-07', examLabel: null, retention: 0.9, examTime: '1:30' } }],
      ['notebook:list', { filter: { status: 'forgotten' } }],
      ['notes:set', { ref: { questionId: 'x' }, text: 'x'.repeat(5_001) }],
      ['notes:set', { ref: { attemptId: 'not-a-uuid', index: 0 }, text: 'x' }],
      ['exam:rate', { attemptId: '00000000-0000-4000-8000-000000000000', index: 0, grade: 5 }],
    ];
    for (const [channel, args] of bad) {
      const result = await handle(services.handlers, channel, args);
      expect(result.ok, channel).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('invalid-argument');
    }
    expect((await handle(services.handlers, 'notes:get', { ref: { questionId: 'nope' } })).ok).toBe(false);
  });

  it('reminds of today’s reviews once a day, and only when the student asked for it', async () => {
    const { dir, services } = await setup();
    await examWithMisses(services);
    const today = new Date();
    const at = (hour: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate(), hour).getTime();
    expect(await services.reviewReminder(at(10))).toBeNull(); // off by default
    await value(services, 'settings:set', { settings: { reviewReminders: true } });
    expect(await services.reviewReminder(at(6))).toBeNull(); // not at night
    expect((await services.reviewReminder(at(10)))?.body).toMatch(/^\d+ questões do caderno de erros/);
    expect(await services.reviewReminder(at(11))).toBeNull();
    await services.close();
    // A restart the same day does not remind again.
    const again = await open(dir);
    expect(await again.reviewReminder(at(15))).toBeNull();
  });

  it('cli notebook stats prints the figures, zeros on an empty profile, without locking the folder', async () => {
    const { dir, services } = await setup();
    const empty = await tempDir();
    cleanups.push(empty.cleanup);
    const none = await runCli(['notebook', 'stats', '--data-dir', empty.dir, '--json'], {});
    expect(none.code).toBe(0);
    expect(JSON.parse(none.stdout)).toEqual({ dueToday: 0, dueNext7Days: 0, mastered: 0, total: 0 });
    const { result } = await examWithMisses(services);
    const missed = result.questions.filter((q) => q.isCorrect === false).length;
    // The app is still open on the folder: the CLI reads beside it.
    const stats = await runCli(['notebook', 'stats', '--data-dir', dir, '--json'], {});
    expect(stats.code).toBe(0);
    // The same figures the app shows: today's new cards, and the week its simulated sessions hold.
    const overview = await value(services, 'notebook:overview', {});
    expect(overview.dueToday).toBe(Math.min(missed, 15));
    expect(overview.dueNext7Days).toBeGreaterThan(0);
    expect(JSON.parse(stats.stdout)).toEqual({
      dueToday: overview.dueToday,
      dueNext7Days: overview.dueNext7Days,
      mastered: 0,
      total: missed,
    });
  });
});
