// The notebook's store on its own: notes, capture once, a changed rating replaces the review.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Notebook, NOTE_MAX_CHARS, type GradedAnswer } from '../../../../main/core/notebook/notebook.js';
import { notebookQuestion } from '../../../support/questions.js';
import { tempDir } from '../../../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function open() {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  return { dir: temp.dir, book: await Notebook.open(temp.dir) };
}

const answer = (n: number, change: Partial<GradedAnswer> = {}): GradedAnswer => ({
  question: notebookQuestion(n),
  source: 'api:enem',
  answered: true,
  correct: false,
  guessed: false,
  timeMs: 60_000,
  budgetMs: 180_000,
  ...change,
});

const NOW = new Date(2027, 2, 10, 9).getTime();

describe('notes', () => {
  it('keeps the text, trims trailing space, caps its length, and an empty note removes it', async () => {
    const { dir, book } = await open();
    expect(book.note('q1')).toBe('');
    expect(await book.setNote('q1', 'Regra de três.  \n', NOW)).toBe('Regra de três.');
    expect(await book.setNote('q2', 'x'.repeat(NOTE_MAX_CHARS + 10), NOW)).toHaveLength(NOTE_MAX_CHARS);
    await book.setNote('q2', '   ', NOW);
    const again = await Notebook.open(dir);
    expect(again.note('q1')).toBe('Regra de três.');
    expect(again.note('q2')).toBe('');
  });
});

describe('capture and review', () => {
  it('a notebook saved before the daily limit existed opens with the default; overlapping plan changes and captures all land', async () => {
    const { dir } = await open();
    await writeFile(
      join(dir, 'notebook.json'),
      JSON.stringify({
        version: 1,
        plan: { examDate: '2027-11-07', examLabel: null, retention: 0.9 },
        cards: {},
        log: [],
        captured: [],
      }),
    );
    const book = await Notebook.open(dir);
    expect(book.plan()).toMatchObject({ examDate: '2027-11-07', dailyLimit: 60 });
    await Promise.all([
      book.capture('a1', NOW, [answer(1), answer(2)]),
      book.setPlan({ examDate: '2027-11-07', examLabel: 'ENEM', retention: 0.85, dailyLimit: 25 }),
      book.capture('a2', NOW, [answer(3)]),
      // A plan without a limit (a screen that does not show it) keeps the one set.
      book.setPlan({ examDate: '2027-11-07', examLabel: 'ENEM', retention: 0.85 }),
    ]);
    const again = await Notebook.open(dir);
    expect(again.plan()).toMatchObject({ retention: 0.85, dailyLimit: 25 });
    expect(
      again
        .list({}, NOW)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['q1', 'q2', 'q3']);
  });

  it('captures misses and guesses once; a right answer not guessed adds nothing', async () => {
    const { book } = await open();
    const answers = [answer(1), answer(2, { correct: true, guessed: true }), answer(3, { correct: true })];
    expect(await book.capture('a1', NOW, answers)).toEqual({ added: 2 });
    expect(await book.capture('a1', NOW, answers)).toEqual({ added: 0 });
    const cards = book.list({}, NOW);
    // New cards: introduced under the new-card limit, not reviewed (and due) the same evening by the capture.
    expect(cards.map((c) => [c.id, c.reason, c.reviews, c.status]).sort()).toEqual([
      ['q1', 'wrong', 0, 'new'],
      ['q2', 'guessed', 0, 'new'],
    ]);
    // A later exam answering q1 right counts as a review of it; q3 right still adds nothing.
    await book.capture('a2', NOW + 3_600_000, [answer(1, { correct: true }), answer(3, { correct: true })]);
    expect(book.list({}, NOW).find((c) => c.id === 'q1')?.reviews).toBe(1);
    expect(book.has('q3')).toBe(false);
  });

  it('a rating changed in the same session replaces the review instead of adding one', async () => {
    const { book } = await open();
    await book.add(notebookQuestion(1), 'api:enem', NOW);
    const from = { attemptId: 'r1', index: 0 };
    await book.review('q1', 1, NOW + 60_000, from);
    const missed = book.list({}, NOW + 60_000)[0];
    await book.review('q1', 4, NOW + 90_000, from);
    const easy = book.list({}, NOW + 90_000)[0];
    expect(easy?.reviews).toBe(missed?.reviews);
    expect(easy?.status).toBe('learning');
    expect(missed?.status).toBe('due');
    // Back to "again": the same state as the first rating.
    await book.review('q1', 1, NOW + 120_000, from);
    expect(book.list({}, NOW + 60_000)[0]).toEqual(missed);
  });

  it('the exam date moves every card’s due at once, and none falls on or after it', async () => {
    const { book } = await open();
    for (let n = 0; n < 20; n++) await book.add(notebookQuestion(n), 'api:enem', NOW);
    for (let n = 0; n < 20; n++) await book.review(`q${n}`, 4, NOW, { attemptId: 'r', index: n });
    const free = book.list({}, NOW).map((c) => c.due ?? 0);
    await book.setPlan({ examDate: '2027-03-14', examLabel: null, retention: 0.9 });
    const exam = new Date(2027, 2, 14).getTime();
    const bounded = book.list({}, NOW);
    expect(Math.max(...free)).toBeGreaterThan(exam);
    for (const card of bounded) expect(card.due === null || card.due < exam).toBe(true);
    expect(book.overview(NOW).daysToExam).toBe(4);
    expect(book.overview(NOW).forecast).toHaveLength(4);
  });

  it('recall per week counts only tests of memory (cards already learnt), and those passed', async () => {
    const { book } = await open();
    const day = 24 * 3_600_000;
    const start = NOW - 40 * day;
    for (let n = 0; n < 3; n++) await book.add(notebookQuestion(n), 'api:enem', start);
    // First sight, "easy": into review. Not a test of memory yet.
    for (let n = 0; n < 3; n++) await book.review(`q${n}`, 4, start, { attemptId: 'a', index: n });
    // Three weeks later: two recalled, one forgotten.
    const later = start + 21 * day;
    await book.review('q0', 3, later, { attemptId: 'b', index: 0 });
    await book.review('q1', 4, later, { attemptId: 'b', index: 1 });
    await book.review('q2', 1, later, { attemptId: 'b', index: 2 });
    const weeks = book.overview(NOW).retention;
    expect(weeks).toHaveLength(12);
    const tested = weeks.filter((w) => w.reviews > 0);
    expect(tested).toHaveLength(1);
    expect(tested[0]).toMatchObject({ reviews: 3, recalled: 2 });
    expect(weeks.reduce((sum, w) => sum + w.reviews, 0)).toBe(3);
  });
});
