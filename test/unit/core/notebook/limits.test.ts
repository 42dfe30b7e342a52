// Limits that limit: a bad mock exam's misses enter as new cards and are introduced under the
// new-card limit; no day's sessions hold more than the daily limit; the forecast shows what the
// sessions will hold; and when the limits cannot bring every card to the target by the exam's
// hour, the plan says so in numbers, with limits that would.
import { afterEach, describe, expect, it } from 'vitest';
import { AREA_IDS } from '../../../../preload/constants.js';
import { Notebook, type GradedAnswer } from '../../../../main/core/notebook/notebook.js';
import { chooseDay, newCardOrder, type DayCard } from '../../../../main/core/notebook/daily.js';
import { addDays, createScheduler, examInstant } from '../../../../main/core/notebook/schedule.js';
import { notebookQuestion } from '../../../support/questions.js';
import { tempDir } from '../../../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function open() {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  return Notebook.open(temp.dir);
}

const miss = (n: number, area = AREA_IDS[n % 4] ?? null): GradedAnswer => ({
  question: { ...notebookQuestion(n), area },
  source: 'api:enem',
  answered: true,
  correct: false,
  guessed: false,
  timeMs: 60_000,
  budgetMs: 180_000,
});

/** 19:00 local, `days` after 2027-03-10. */
const evening = (days: number) => addDays(new Date(2027, 2, 10).getTime(), days) + 19 * 3_600_000;

/** A session as a student does it: every card of the day recalled, each learning step as it comes; the cards seen. */
async function session(book: Notebook, at: number, id: string) {
  const seen = new Set<string>();
  for (let pass = 0; pass < 6; pass++) {
    const when = at + pass * 15 * 60_000;
    const ids = book.dueIds(when);
    if (ids.length === 0) break;
    for (const [index, card] of ids.entries()) {
      await book.review(card, 3, when, { attemptId: `${id}-${pass}`, index });
      seen.add(card);
    }
  }
  return seen;
}

describe('the daily limits', () => {
  it('the eve of the exam takes every review due, beyond the limit, and says by how much; the day before, the limit holds', () => {
    const scheduler = createScheduler({ examDate: '2027-05-09', retention: 0.9 });
    // Thirty cards reviewed once a week before, due by the eve (a fit that landed late, say).
    const cards: DayCard[] = Array.from({ length: 30 }, (_, n) => {
      let fsrs = scheduler.newCard(evening(40));
      fsrs = scheduler.review(fsrs, 3, evening(40));
      return { id: `c${n}`, fsrs: { ...fsrs, due: evening(55) }, reason: 'wrong', area: null, addedAt: 0 };
    });
    const limits = { newPerDay: 0, reviewsPerDay: 20 };
    const dayBefore = chooseDay(cards, scheduler, evening(58), limits);
    expect(dayBefore.reviews).toHaveLength(20);
    expect(dayBefore.reviewsWaiting).toBe(10);
    expect(dayBefore.overLimit).toBe(0);
    // evening(59) is 2027-05-08: the eve of the 9th.
    expect(new Date(evening(59)).getDate()).toBe(8);
    const eve = chooseDay(cards, scheduler, evening(59), limits);
    expect(eve.reviews).toHaveLength(30);
    expect(eve.reviewsWaiting).toBe(0);
    expect(eve.overLimit).toBe(10);
  });

  it('a mock exam with 300 misses: the evening holds the new-card limit, and no day more than the daily limit', async () => {
    const book = await open();
    await book.setPlan({ examDate: '2027-05-09', examLabel: 'ENEM', retention: 0.9, dailyLimit: 20, newPerDay: 8 });
    await book.capture(
      'exam-1',
      evening(0) - 3_600_000,
      Array.from({ length: 300 }, (_, n) => miss(n)),
    );
    // Before: every miss was reviewed (failed) by the capture and due the same evening: 300 of them.
    expect(book.dueIds(evening(0))).toHaveLength(8);
    const overview = book.overview(evening(0));
    expect(overview.dueToday).toBe(8);
    expect(overview.newToday).toBe(8);
    expect(overview.newWaiting).toBe(300);
    // The forecast is the sessions under the limits: never a day above them but the eve, which
    // takes every review due (no day is left after it but the exam's) and no new card beyond them.
    for (const day of overview.forecast) {
      if (day.date !== '2027-05-08') expect(day.count, day.date).toBeLessThanOrEqual(20);
      expect(day.fresh, day.date).toBeLessThanOrEqual(8);
    }
    // And the real sessions, day after day, hold what the forecast said.
    for (let day = 0; day < 10; day++) {
      const forecast = book.overview(evening(day)).forecast[0];
      const distinct = await session(book, evening(day), `s${day}`);
      expect(distinct.size, `day ${day}`).toBeLessThanOrEqual(20);
      expect(distinct.size, `day ${day}`).toBe(forecast?.count);
    }
  });

  it('a second session the same day adds no new cards beyond the limit, and only the cards due again come back', async () => {
    const book = await open();
    await book.setPlan({ examDate: null, examLabel: null, retention: 0.9, dailyLimit: 60, newPerDay: 5 });
    await book.capture(
      'exam-1',
      evening(0) - 3_600_000,
      Array.from({ length: 40 }, (_, n) => miss(n)),
    );
    const first = book.dueIds(evening(0));
    expect(first).toHaveLength(5);
    for (const [index, id] of first.entries()) await book.review(id, 3, evening(0), { attemptId: 's1', index });
    // Later that evening: the five are seen; only those due again (a learning step) return, and no new one.
    const later = book.dueIds(evening(0) + 2 * 3_600_000);
    expect(later.every((id) => first.includes(id))).toBe(true);
    // The next day, five more.
    const tomorrow = book.dueIds(evening(1));
    expect(tomorrow.filter((id) => !first.includes(id))).toHaveLength(5);
  });

  it('new cards: misses before guesses before the student’s own, the four areas in turn, the oldest first', () => {
    const card = (id: string, reason: DayCard['reason'], area: DayCard['area'], addedAt: number): DayCard => ({
      id,
      reason,
      area,
      addedAt,
      fsrs: createScheduler({ examDate: null, retention: 0.9 }).newCard(addedAt),
    });
    const order = newCardOrder([
      card('added-mat', 'added', 'matematica', 1),
      card('guess-hum', 'guessed', 'humanas', 1),
      card('mat-2', 'wrong', 'matematica', 2),
      card('mat-1', 'wrong', 'matematica', 1),
      card('mat-3', 'wrong', 'matematica', 3),
      card('nat-1', 'wrong', 'natureza', 5),
      card('lin-1', 'wrong', 'linguagens', 9),
    ]).map((c) => c.id);
    expect(order).toEqual(['lin-1', 'nat-1', 'mat-1', 'mat-2', 'mat-3', 'guess-hum', 'added-mat']);
  });

  it('reviews beyond the limit wait, the lowest recall first', () => {
    const scheduler = createScheduler({ examDate: null, retention: 0.9 });
    const now = evening(400);
    // Ten review cards, all overdue by different amounts: the most forgotten go first.
    const cards: DayCard[] = Array.from({ length: 10 }, (_, n) => {
      let fsrs = scheduler.newCard(evening(0));
      fsrs = scheduler.review(fsrs, 3, evening(0));
      fsrs = scheduler.review(fsrs, 3, evening(0) + 20 * 60_000);
      fsrs = scheduler.review(fsrs, 3, evening(2 + n));
      return { id: `c${n}`, reason: 'wrong', area: 'matematica', addedAt: 0, fsrs };
    });
    const choice = chooseDay(cards, scheduler, now, { newPerDay: 0, reviewsPerDay: 5 });
    expect(choice.reviews).toHaveLength(5);
    expect(choice.reviewsWaiting).toBe(5);
    const at = now;
    const recall = (id: string) => {
      const card = cards.find((c) => c.id === id);
      if (!card) throw new Error(`no card ${id}`);
      return scheduler.recall(card.fsrs, at);
    };
    const chosen = Math.max(...choice.reviews.map(recall));
    const waiting = cards.filter((c) => !choice.reviews.includes(c.id)).map((c) => recall(c.id));
    expect(Math.min(...waiting)).toBeGreaterThanOrEqual(chosen);
  });
});

describe('the plan says, in numbers, whether the cards will be ready at the exam’s hour', () => {
  it('too tight: how many will be below the target, and limits that reach the plan’s goal (95 %)', async () => {
    const book = await open();
    await book.setPlan({ examDate: '2027-03-30', examLabel: 'ENEM', retention: 0.9, dailyLimit: 10, newPerDay: 3 });
    await book.capture(
      'exam-1',
      evening(0) - 3_600_000,
      Array.from({ length: 120 }, (_, n) => miss(n)),
    );
    const tight = book.overview(evening(0)).readiness;
    expect(tight).not.toBeNull();
    expect(tight?.examAt).toBe(examInstant('2027-03-30', '13:30'));
    expect(tight?.cards).toBe(120);
    expect(tight?.goal).toBe(114);
    // Three a day for twenty days: at most 60 cards ever seen; the others never reach the target.
    expect(tight?.atTarget).toBeLessThanOrEqual(60);
    expect(tight?.weakest).toBe(0);
    const needed = tight?.needed;
    if (!needed) throw new Error('the plan named no limits');
    expect(needed.newPerDay).toBeGreaterThan(3);
    // The limits it names do what it says.
    await book.setPlan({ ...book.plan(), newPerDay: needed.newPerDay, dailyLimit: needed.reviewsPerDay });
    const enough = book.overview(evening(0)).readiness;
    expect(enough?.atTarget).toBeGreaterThanOrEqual(114);
    expect(enough?.needed).toBeNull();
    for (const day of book.overview(evening(0)).forecast) expect(day.count).toBeLessThanOrEqual(needed.reviewsPerDay);
  });

  it('too few days for any limit: says so (no limits named)', async () => {
    const book = await open();
    // The exam the day after tomorrow: 1,200 cards cannot all be introduced in two days (500 new a day at most).
    await book.setPlan({ examDate: '2027-03-12', examLabel: 'ENEM', retention: 0.9, dailyLimit: 60, newPerDay: 15 });
    await book.capture(
      'exam-1',
      evening(0) - 3_600_000,
      Array.from({ length: 1200 }, (_, n) => miss(n)),
    );
    const readiness = book.overview(evening(0)).readiness;
    expect(readiness?.atTarget).toBeLessThan(1200);
    expect(readiness?.needed).toBeNull();
  });
});
