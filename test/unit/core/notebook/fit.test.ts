// Memory fitted to the student: the FSRS optimizer (the binding Anki's uses) learns from the
// student's own reviews, and its parameters are kept only when they predict held-out reviews
// better than the defaults. Students are simulated with memories of their own (simulated-student.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { default_w } from 'ts-fsrs';
import {
  bindingOptimizer,
  evaluate,
  fitModel,
  learnableReviews,
  type Optimizer,
} from '../../../../main/core/notebook/fit.js';
import { FIT_MIN_REVIEWS } from '../../../../main/core/notebook/fit-threshold.js';
import { Notebook } from '../../../../main/core/notebook/notebook.js';
import { createFitter } from '../../../../main/app/notebook-fit.js';
import { createScheduler, daysBetween } from '../../../../main/core/notebook/schedule.js';
import { DEFAULT_LIMITS, DecodingWorker } from '../../../../main/core/worker/client.js';
import { Decoder } from '../../../../main/core/worker/decoder.js';
import { killedOnFirstJob, workerDecoder } from '../../../support/worker.js';
import { FORGETFUL_W, RETENTIVE_W, reviewLog, trueMemory } from '../../../support/simulated-student.js';
import { notebookQuestion } from '../../../support/questions.js';
import { tempDir } from '../../../support/temp.js';
import { createLogger } from '../../../../main/core/util/logger.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const START = new Date(2027, 0, 4).getTime();

function logOf(w: readonly number[], seed: number, cards = 400, days = 90) {
  return reviewLog({
    scheduler: createScheduler({ examDate: null, retention: 0.9 }),
    memory: trueMemory(w, seed),
    cards,
    days,
    start: START,
  });
}

/** A notebook on disk holding a card for each id in `log`, and that log: a student's history. */
async function notebookWithLog(dir: string, log: { at: number; id: string; grade: number }[]): Promise<Notebook> {
  const ids = [...new Set(log.map((entry) => entry.id))];
  const scheduler = createScheduler({ examDate: null, retention: 0.9 });
  const seed = await Notebook.open(dir);
  await seed.setPlan({ examDate: null, examLabel: null, retention: 0.9 });
  const file = JSON.parse(await readFile(join(dir, 'notebook.json'), 'utf8')) as Record<string, unknown>;
  const question = (id: string) => ({ ...notebookQuestion(Number(id.slice(1))), id, baseId: id });
  await writeFile(
    join(dir, 'notebook.json'),
    JSON.stringify({
      ...file,
      cards: Object.fromEntries(
        ids.map((id) => [
          id,
          { id, reason: 'wrong', source: 'api:enem', addedAt: START, fsrs: scheduler.newCard(START), last: null },
        ]),
      ),
      log: log.map((entry) => ({ ...entry, recall: false })).sort((a, b) => a.at - b.at),
    }),
  );
  await writeFile(
    join(dir, 'notebook-questions.json'),
    JSON.stringify({ questions: Object.fromEntries(ids.map((id) => [id, question(id)])) }),
  );
  return Notebook.open(dir);
}

async function optimizer(): Promise<Optimizer> {
  const loaded = await bindingOptimizer();
  if (!loaded) throw new Error('the FSRS optimizer did not load on this platform');
  return loaded;
}

describe('fitting FSRS to the student', () => {
  it('waits for enough reviews: below the threshold nothing is fitted', async () => {
    const log = logOf(FORGETFUL_W, 1, 40, 20);
    expect(learnableReviews(log)).toBeLessThan(FIT_MIN_REVIEWS);
    expect(await fitModel(log, START, await optimizer())).toBeNull();
  });

  it('a student who forgets faster than the average: the fit predicts their held-out reviews better and is kept', async () => {
    const log = logOf(FORGETFUL_W, 7);
    expect(learnableReviews(log)).toBeGreaterThanOrEqual(FIT_MIN_REVIEWS);
    const model = await fitModel(log, START, await optimizer());
    if (!model) throw new Error('no fit');
    expect(model.heldOut).toBeGreaterThan(20);
    expect(model.logLoss.fitted).toBeLessThan(model.logLoss.defaults);
    expect(model.parameters).toHaveLength(default_w.length);
  }, 60_000);

  it('whatever the student, what the schedule uses is never worse than the defaults on held-out reviews', async () => {
    for (const [w, seed] of [
      [RETENTIVE_W, 7],
      [RETENTIVE_W, 8],
      [default_w, 9],
      [FORGETFUL_W, 10],
    ] as const) {
      const model = await fitModel(logOf(w, seed), START, await optimizer());
      if (!model) throw new Error('no fit');
      if (model.parameters) expect(model.logLoss.fitted).toBeLessThan(model.logLoss.defaults);
      else expect(model.logLoss.fitted).toBeGreaterThanOrEqual(model.logLoss.defaults);
    }
  }, 60_000);

  it('a fit that predicts worse than the defaults is not kept (the comparison is)', async () => {
    const log = logOf(FORGETFUL_W, 3);
    // An optimizer that returns parameters far from this student: a student who remembers longer.
    const wrong: Optimizer = () => Promise.resolve([...RETENTIVE_W]);
    const model = await fitModel(log, START, wrong);
    expect(model?.parameters).toBeNull();
    expect(model?.logLoss.fitted).toBeGreaterThan(model?.logLoss.defaults ?? Infinity);
  });

  it('the check is honest: the true parameters predict the student better than the defaults do', () => {
    const log = logOf(FORGETFUL_W, 11);
    const byCard = new Map<string, typeof log>();
    for (const entry of log) byCard.set(entry.id, [...(byCard.get(entry.id) ?? []), entry]);
    const cards = [...byCard.values()];
    expect(evaluate(FORGETFUL_W, cards).logLoss).toBeLessThan(evaluate(default_w, cards).logLoss);
  });

  it('runs in the background once the notebook has enough reviews, and the schedule uses what it kept', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const log = logOf(FORGETFUL_W, 5);
    // The student's months of history, as the notebook keeps it on disk.
    const scheduler = createScheduler({ examDate: null, retention: 0.9 });
    const book = await notebookWithLog(temp.dir, log);
    const question = (id: string) => ({ ...notebookQuestion(Number(id.slice(1))), id, baseId: id });
    expect(learnableReviews(book.reviewLog())).toBeGreaterThanOrEqual(FIT_MIN_REVIEWS);
    let calls = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const real = await optimizer();
    const fitter = createFitter({
      notebook: book,
      now: () => START,
      logger: createLogger(temp.dir),
      optimizer: () =>
        Promise.resolve<Optimizer>(async (histories) => {
          calls += 1;
          await gate;
          return real(histories);
        }),
    });
    fitter.poke();
    fitter.poke();
    // The fit is under way and nothing waits for it: the notebook answers meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(book.model()).toBeNull();
    expect(book.dueIds(START + 200 * 86_400_000).length).toBeGreaterThan(0);
    release();
    await fitter.close();
    expect(calls).toBe(1);
    const model = book.model();
    if (!model) throw new Error('the fit left no model');
    expect(model.parameters).not.toBeNull();
    expect(book.overview(START).model).toMatchObject({ fitted: true, needed: FIT_MIN_REVIEWS });
    // Kept through a restart.
    expect((await Notebook.open(temp.dir)).model()).toEqual(model);
    // And the schedule uses it: this student's second good recall comes back sooner than the defaults would have it.
    const fitted = createScheduler({ examDate: null, retention: 0.9, parameters: model.parameters ?? undefined });
    const twice = (sch: typeof scheduler) => {
      const once = sch.review(sch.newCard(START), 3, START);
      return sch.review(sch.review(once, 3, once.due), 3, START + 86_400_000).due;
    };
    expect(twice(fitted)).toBeLessThan(twice(scheduler));
    await book.add(question('c99999'), 'api:enem', START);
    await book.review('c99999', 3, START, { attemptId: 'x', index: 0 });
    expect(book.list({}, START).find((c) => c.id === 'c99999')?.due).toBe(
      fitted.review(fitted.newCard(START), 3, START).due,
    );
  }, 60_000);

  it('runs in the decoding worker: the parameters come back; a worker that dies costs that fit alone', async () => {
    const histories = byHistory(logOf(FORGETFUL_W, 5));
    const decoder = workerDecoder();
    cleanups.push(() => decoder.close());
    const parameters = await decoder.fit(histories);
    expect(parameters).toHaveLength(default_w.length);
    // A worker killed mid-fit (as the optimizer's abort on input it rejects would end it).
    const { spawn, killed } = killedOnFirstJob('fit');
    const dying = new Decoder(new DecodingWorker(spawn, DEFAULT_LIMITS));
    cleanups.push(() => dying.close());
    await expect(dying.fit(histories)).rejects.toThrow(/worker crash/);
    expect(killed()).toBe(true);
    expect(await dying.fit(histories)).toHaveLength(default_w.length);
  }, 60_000);
});

/** The log as the optimizer's histories: each card's grades and whole days between reviews. */
function byHistory(log: ReturnType<typeof logOf>) {
  const cards = new Map<string, typeof log>();
  for (const entry of log) cards.set(entry.id, [...(cards.get(entry.id) ?? []), entry]);
  return [...cards.values()].map((reviews) =>
    reviews.map((review, i) => ({
      grade: review.grade,
      deltaDays: i === 0 ? 0 : daysBetween((reviews[i - 1] ?? review).at, review.at),
    })),
  );
}

describe('a hidden card reaches no fit', () => {
  const DAY = 86_400_000;
  /** `cards` cards with three reviews each (two learnable), a secret card `s1` with `secret` more. */
  async function notebookWorld(dir: string, cards: number, secret: number) {
    const ids = Array.from({ length: cards }, (_, n) => `c${n + 1}`);
    const log = ids.flatMap((id, n) =>
      [0, 3, 10].map((day, i) => ({ at: START + (day + (n % 7)) * DAY, id, grade: i === 1 ? 1 : 3 })),
    );
    for (let i = 0; i < secret; i++) log.push({ at: START + i * 2 * DAY, id: 's1', grade: 3 });
    return notebookWithLog(dir, log);
  }

  /** What the renderer could see of a world's fit: optimizer runs, the model, change events. */
  async function observe(secret: number) {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    // 195 cards: 390 learnable reviews, ten short of a fit; the secret card (an exam holds its
    // question now) has 15 more in the world where it exists.
    const book = await notebookWorld(temp.dir, 195, secret);
    let hidden: ReadonlySet<string> = new Set(['s1', 'q-other']);
    book.hideWhile(() => hidden);
    let changed = 0;
    book.onChanged = () => (changed += 1);
    const inputs: number[] = [];
    const fitter = createFitter({
      notebook: book,
      now: () => START + 40 * DAY,
      logger: createLogger(temp.dir),
      optimizer: () =>
        Promise.resolve<Optimizer>((histories) => {
          inputs.push(histories.length);
          return Promise.resolve([...default_w]);
        }),
    });
    const during: unknown[] = [];
    const look = async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      during.push({
        calls: inputs.length,
        model: book.model(),
        changed,
        overview: book.overview(START + 40 * DAY).model,
      });
    };
    // The exam runs: a poke (the exam's start), then a paper sheet of other questions graded, which
    // brings twenty learnable reviews of visible cards (400 and more in both worlds now).
    fitter.poke();
    await look();
    for (let n = 1; n <= 20; n++) await book.review(`c${n}`, 3, START + 30 * DAY, { attemptId: 'papel', index: n });
    fitter.poke();
    await look();
    // The exam ends: the lock lifts, what is due runs.
    hidden = new Set();
    fitter.poke();
    await fitter.close();
    return { during, after: { calls: inputs.length, input: inputs[0], fitted: book.model() !== null } };
  }

  it('while an exam holds its question, the worlds with and without its card fit alike; once it ends, each fits', async () => {
    const withCard = await observe(15);
    const withoutCard = await observe(0);
    expect(withCard.during).toEqual(withoutCard.during);
    expect(withCard.during).toMatchObject([
      { calls: 0, model: null },
      { calls: 0, model: null },
    ]);
    expect(withCard.after).toMatchObject({ calls: 1, fitted: true });
    expect(withoutCard.after).toMatchObject({ calls: 1, fitted: true });
    // After the exam the card is there again, and its reviews teach the fit.
    expect(withCard.after.input).toBe((withoutCard.after.input ?? 0) + 1);
  });

  it('a fit under way when an exam starts lands only when it ends', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const book = await notebookWorld(temp.dir, 210, 0);
    let hidden: ReadonlySet<string> = new Set();
    book.hideWhile(() => hidden);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fitter = createFitter({
      notebook: book,
      now: () => START + 40 * DAY,
      logger: createLogger(temp.dir),
      optimizer: () => Promise.resolve<Optimizer>(async () => (await gate, [...default_w])),
    });
    fitter.poke();
    hidden = new Set(['c1']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(book.model()).toBeNull();
    hidden = new Set();
    fitter.poke();
    await expect.poll(() => book.model() !== null).toBe(true);
    await fitter.close();
  });
});
