// The notebook's scheduler: FSRS aimed at the exam day with a load balancer, and the rating an answer implies.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  createScheduler,
  daysBetween,
  examDayStart,
  examInstant,
  inferGrade,
  localDate,
  suggestedEnemDate,
  type CardState,
  type GradeValue,
} from '../../../../main/core/notebook/schedule.js';

const EXAM = '2027-11-07';
const examStart = examDayStart(EXAM) ?? 0;
/** 9 in the morning, `days` before the exam day. */
const before = (days: number) => addDays(examStart, -days) + 9 * 3_600_000;

/** Reviews a card each time it falls due, with the grade `gradeAt` gives, until none is due before the exam. */
function reviewUntilExam(
  scheduler: ReturnType<typeof createScheduler>,
  first: { at: number; grade: GradeValue },
  gradeAt: (n: number) => GradeValue,
) {
  let card: CardState = scheduler.review(scheduler.newCard(first.at), first.grade, first.at);
  const reviews = [first.at];
  for (let n = 0; n < 200; n++) {
    const due = scheduler.dueOf(card);
    if (due === null) break;
    expect(due).toBeLessThan(examStart);
    // The student reviews in the morning of the day it is due (or right away when due within minutes).
    const at = Math.max(due, reviews.at(-1) ?? 0);
    card = scheduler.review(card, gradeAt(n), at);
    reviews.push(at);
  }
  return { card, reviews };
}

describe('the exam-date bound', () => {
  it('schedules nothing on or after the exam day, whatever the grades', () => {
    const scheduler = createScheduler({ examDate: EXAM, retention: 0.9 });
    for (const grade of [1, 2, 3, 4] as const) {
      for (const daysLeft of [120, 30, 8, 2, 1, 0.2]) {
        const { reviews } = reviewUntilExam(scheduler, { at: before(daysLeft), grade }, () => grade);
        for (const at of reviews) expect(at).toBeLessThan(examStart);
      }
    }
  });

  it('a card whose recall already carries it past the exam at the target rests: no review before the exam', () => {
    const scheduler = createScheduler({ examDate: EXAM, retention: 0.9 });
    const { reviews, card } = reviewUntilExam(scheduler, { at: before(30), grade: 4 }, () => 4);
    expect(scheduler.dueOf(card)).toBeNull();
    // It rests because the exam morning finds it at or above the target, not because time ran out.
    expect(scheduler.recall(card, examStart + 9 * 3_600_000)).toBeGreaterThanOrEqual(0.9);
    // Fewer looks than the halving rule's (it saw such a card again in the final week).
    expect(reviews.filter((at) => daysBetween(at, examStart) <= 7)).toEqual([]);
  });

  it('any other card is reviewed no later than FSRS asks, and reaches the exam at the target once reviewed', () => {
    const bound = createScheduler({ examDate: EXAM, retention: 0.9 });
    const free = createScheduler({ examDate: null, retention: 0.9 });
    for (const daysLeft of [60, 20, 5]) {
      const at = before(daysLeft);
      const card = bound.review(bound.newCard(at), 3, at);
      const unbounded = free.review(free.newCard(at), 3, at);
      const due = bound.dueOf(card);
      if (due === null) expect(unbounded.due).toBeGreaterThanOrEqual(examStart);
      else expect(due).toBeLessThanOrEqual(unbounded.due);
    }
    const { card } = reviewUntilExam(bound, { at: before(60), grade: 3 }, () => 3);
    expect(bound.recall(card, examStart + 9 * 3_600_000)).toBeGreaterThanOrEqual(0.9);
  });

  it('the load balancer moves a review earlier to a day under the limit, never later, never before tomorrow', () => {
    const scheduler = createScheduler({ examDate: null, retention: 0.9, dailyLimit: 10 });
    let card = scheduler.newCard(before(400));
    let at = before(400);
    for (const grade of [3, 3, 3] as const) {
      card = scheduler.review(card, grade, at);
      at = card.due;
    }
    const plain = scheduler.review(card, 3, at);
    const fsrsDay = addDays(plain.due, 0);
    // The FSRS day is full, the days before it too but one: that one is taken.
    const free = addDays(fsrsDay, -2);
    const balanced = scheduler.review(card, 3, at, (day) => (day === free ? 3 : 10));
    expect(addDays(balanced.due, 0)).toBe(free);
    // Every day full: it stays on FSRS's day (never later).
    const allFull = scheduler.review(card, 3, at, () => 50);
    expect(addDays(allFull.due, 0)).toBe(fsrsDay);
    // A quiet day later than FSRS's is never chosen; a quiet today is never chosen either.
    const later = scheduler.review(card, 3, at, (day) => (day > fsrsDay || day === addDays(at, 0) ? 0 : 10));
    expect(addDays(later.due, 0)).toBe(fsrsDay);
    for (const loadAt of [() => 0, (day: number) => (day === fsrsDay ? 60 : 0)]) {
      const moved = scheduler.review(card, 3, at, loadAt);
      expect(moved.due).toBeLessThanOrEqual(plain.due);
      expect(daysBetween(at, moved.due)).toBeGreaterThanOrEqual(1);
    }
  });

  it('a card that rests is never moved by the balancer', () => {
    const scheduler = createScheduler({ examDate: EXAM, retention: 0.9, dailyLimit: 5 });
    const { card } = reviewUntilExam(scheduler, { at: before(30), grade: 4 }, () => 4);
    expect(scheduler.dueOf(scheduler.review(card, 4, before(2), () => 100))).toBeNull();
  });

  it('a miss comes back within minutes, even on the eve', () => {
    const scheduler = createScheduler({ examDate: EXAM, retention: 0.9 });
    const eve = before(1);
    const card = scheduler.review(scheduler.newCard(eve), 1, eve);
    const due = scheduler.dueOf(card);
    expect(due).not.toBeNull();
    expect((due ?? 0) - eve).toBeLessThan(15 * 60_000);
  });

  it('once the exam has passed, or with no date, FSRS schedules freely', () => {
    const free = createScheduler({ examDate: null, retention: 0.9 });
    const past = createScheduler({ examDate: EXAM, retention: 0.9 });
    const after = addDays(examStart, 3);
    const a = free.review(free.review(free.newCard(after), 3, after), 3, addDays(after, 3));
    const b = past.review(past.review(past.newCard(after), 3, after), 3, addDays(after, 3));
    expect(past.dueOf(b)).toBe(free.dueOf(a));
  });

  it('a higher desired retention reviews sooner', () => {
    const at = before(200);
    const dueWith = (retention: number) => {
      const s = createScheduler({ examDate: null, retention });
      const card = s.review(s.review(s.newCard(at), 3, at), 3, addDays(at, 1));
      return s.dueOf(card) ?? 0;
    };
    expect(dueWith(0.95)).toBeLessThan(dueWith(0.8));
  });

  it('mastered means known well enough to rest: not after one look, yes after several easy recalls', () => {
    const s = createScheduler({ examDate: null, retention: 0.9 });
    const at = before(300);
    const once = s.review(s.newCard(at), 3, at);
    expect(s.mastered(once, at)).toBe(false);
    let card = once;
    let when = at;
    for (let i = 0; i < 4; i++) {
      when = s.dueOf(card) ?? when;
      card = s.review(card, 4, when);
    }
    expect(s.mastered(card, when)).toBe(true);
  });
});

describe('the exam’s hour', () => {
  it('is 13:30 Brasília time on the exam day unless the student says otherwise, whatever the machine’s zone', () => {
    expect(examInstant('2027-11-07')).toBe(Date.UTC(2027, 10, 7, 16, 30));
    expect(examInstant('2027-11-07', '09:00')).toBe(Date.UTC(2027, 10, 7, 12, 0));
    expect(examInstant(null)).toBeNull();
    expect(createScheduler({ examDate: EXAM, retention: 0.9, examTime: '14:00' }).examAt).toBe(
      Date.UTC(2027, 10, 7, 17, 0),
    );
  });

  it('recall is over the exact time elapsed, not whole days: an hour later is a little less', () => {
    const scheduler = createScheduler({ examDate: null, retention: 0.9 });
    const at = before(10);
    const card = scheduler.review(scheduler.review(scheduler.newCard(at), 3, at), 3, at + 10 * 60_000);
    const later = card.last_review ?? at;
    const oneDay = scheduler.recall(card, later + 24 * 3_600_000);
    expect(scheduler.recall(card, later + 25 * 3_600_000)).toBeLessThan(oneDay);
    expect(scheduler.recall(card, later + 23 * 3_600_000)).toBeGreaterThan(oneDay);
  });

  it('a card rests only when its exact recall at the exam’s hour is at the target; one that would not is due on the eve', () => {
    const scheduler = createScheduler({ examDate: EXAM, retention: 0.9 });
    const free = createScheduler({ examDate: null, retention: 0.9 });
    const examAt = scheduler.examAt ?? 0;
    const eve = addDays(examStart, -1);
    let pulled = 0;
    // Cards learnt at every hour of the last two weeks, recalled each time with every grade.
    for (let hours = 14 * 24; hours > 24; hours -= 5) {
      for (const grade of [2, 3, 4] as const) {
        const at = examStart - hours * 3_600_000;
        let card = scheduler.review(scheduler.newCard(at), 3, at);
        card = scheduler.review(card, 3, Math.max(at, card.due));
        const reviewedAt = Math.max(card.last_review ?? at, card.due);
        if (reviewedAt >= eve) continue;
        const next = scheduler.review(card, grade, reviewedAt);
        const due = scheduler.dueOf(next);
        if (due === null)
          expect(scheduler.recall(next, examAt), `${hours} h before, grade ${grade}`).toBeGreaterThanOrEqual(0.9);
        else expect(due).toBeLessThan(examStart);
        if (due !== null && free.review(card, grade, reviewedAt).due >= examStart) pulled += 1;
      }
    }
    // Whole days hid these: FSRS alone put them on or after the exam day, below the target at 13:30.
    expect(pulled).toBeGreaterThan(0);
  });
});

describe('dates', () => {
  it('reads only real calendar days', () => {
    expect(examDayStart('2027-02-29')).toBeNull();
    expect(examDayStart('2028-02-29')).not.toBeNull();
    expect(examDayStart('07/11/2027')).toBeNull();
    expect(localDate(examDayStart('2027-11-07') ?? 0)).toBe('2027-11-07');
  });

  it('suggests the first Sunday of November, this year while it is ahead, else next year', () => {
    expect(suggestedEnemDate(new Date(2026, 10, 23).getTime())).toBe('2027-11-07');
    expect(suggestedEnemDate(new Date(2027, 5, 1).getTime())).toBe('2027-11-07');
    expect(new Date(2027, 10, 7).getDay()).toBe(0);
  });
});

describe('the rating an answer implies', () => {
  const budgetMs = 180_000;
  it('wrong is again; guessed or slow is hard; fast is easy; otherwise good', () => {
    expect(inferGrade({ correct: false, guessed: false, timeMs: 10_000, budgetMs })).toBe(1);
    expect(inferGrade({ correct: false, guessed: true, timeMs: 10_000, budgetMs })).toBe(1);
    expect(inferGrade({ correct: true, guessed: true, timeMs: 10_000, budgetMs })).toBe(2);
    expect(inferGrade({ correct: true, guessed: false, timeMs: 300_000, budgetMs })).toBe(2);
    expect(inferGrade({ correct: true, guessed: false, timeMs: 60_000, budgetMs })).toBe(4);
    expect(inferGrade({ correct: true, guessed: false, timeMs: 120_000, budgetMs })).toBe(3);
  });
});
