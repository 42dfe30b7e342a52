// The notebook's scheduler: FSRS bounded by the exam date, and the rating an answer implies.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  createScheduler,
  daysBetween,
  examDayStart,
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

  it('a card seen once 30 days before the exam, then always known, is seen again in the final week', () => {
    const scheduler = createScheduler({ examDate: EXAM, retention: 0.9 });
    const { reviews } = reviewUntilExam(scheduler, { at: before(30), grade: 4 }, () => 4);
    const finalWeek = reviews.filter((at) => daysBetween(at, examStart) <= 7);
    expect(finalWeek.length).toBeGreaterThanOrEqual(1);
    // Unbounded FSRS would wait longer than the whole month after two easy reviews.
    const free = createScheduler({ examDate: null, retention: 0.9 });
    const card = free.review(free.review(free.newCard(before(30)), 4, before(30)), 4, before(20));
    expect(daysBetween(before(20), free.dueOf(card) ?? 0)).toBeGreaterThan(20);
  });

  it('each review at least halves the days left: intervals shrink as the exam approaches', () => {
    const scheduler = createScheduler({ examDate: EXAM, retention: 0.9 });
    const { reviews } = reviewUntilExam(scheduler, { at: before(60), grade: 3 }, () => 3);
    for (let i = 1; i < reviews.length; i++) {
      const left = daysBetween(reviews[i - 1] ?? 0, examStart);
      const gap = daysBetween(reviews[i - 1] ?? 0, reviews[i] ?? 0);
      expect(gap).toBeLessThanOrEqual(Math.max(1, Math.floor(left / 2)));
    }
    const last = reviews.at(-1) ?? 0;
    expect(daysBetween(last, examStart)).toBeLessThanOrEqual(2);
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
