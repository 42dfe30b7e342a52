// The forecast learns the student: how often a missed question is recalled the first time it comes
// back and which grades a recalled card gets, from the student's own log, adopted only where it
// predicts held-out cards better than the prior; and the plan then names limits that reach its
// goal with nothing left for the exam day.
import { describe, expect, it } from 'vitest';
import { learnBehaviour, PRIOR } from '../../../../main/core/notebook/behaviour.js';
import type { LogEntry } from '../../../../main/core/notebook/model.js';
import { outlookOf } from '../../../../main/core/notebook/forecast.js';
import { NOTHING_DONE, type DayCard } from '../../../../main/core/notebook/daily.js';
import { addDays, createScheduler, localDate, type GradeValue } from '../../../../main/core/notebook/schedule.js';
import { seededRandom } from '../../../../main/core/exams/random.js';

const DAY = 86_400_000;
const START = new Date(2027, 2, 10, 19).getTime();

/** A log of `cards` cards: a first sight, then `reviews` reviews a few days apart, drawn from the habits given. */
function logOf(cards: number, habits: { firstSight: number; hard: number; easy: number }, seed = 1): LogEntry[] {
  const random = seededRandom(seed);
  const grade = (): GradeValue => {
    const pick = random();
    return pick < habits.hard ? 2 : pick < habits.hard + habits.easy ? 4 : 3;
  };
  return Array.from({ length: cards }, (_, n) => {
    const first: GradeValue = random() < habits.firstSight ? grade() : 1;
    return [
      { at: START + n * 60_000, id: `c${n}`, grade: first, recall: false, fresh: true, via: 'session' as const },
      ...[3, 10].map((days) => ({
        at: START + days * DAY + n * 60_000,
        id: `c${n}`,
        grade: random() < 0.9 ? grade() : (1 as const),
        recall: true,
        fresh: false,
        via: 'session' as const,
      })),
    ];
  }).flat();
}

describe('what the forecast assumes of the student', () => {
  it('learns a student who fails every miss at first sight and uses Hard and Easy', () => {
    const learned = learnBehaviour(logOf(200, { firstSight: 0, hard: 0.3, easy: 0.2 }));
    expect(learned.learned).toMatchObject({ firstSight: true, grades: true });
    expect(learned.firstSight).toBeLessThan(0.06);
    expect(learned.grades.hard).toBeCloseTo(0.3, 1);
    expect(learned.grades.easy).toBeCloseTo(0.2, 1);
  });

  it('keeps the prior while the log is short, and where the student is the prior’s student', () => {
    expect(learnBehaviour(logOf(10, { firstSight: 0, hard: 0.5, easy: 0 }))).toEqual(PRIOR);
    const usual = learnBehaviour(logOf(300, { firstSight: 0.5, hard: 0, easy: 0 }, 5));
    expect(usual.learned.grades).toBe(false);
    expect(Math.abs(usual.firstSight - 0.5)).toBeLessThan(0.1);
  });

  it('the limits the plan names for such a student are higher, reach the goal and leave nothing for the exam day', () => {
    const examDate = localDate(addDays(START, 30));
    const scheduler = createScheduler({ examDate, retention: 0.9 });
    const cards: DayCard[] = Array.from({ length: 600 }, (_, n) => ({
      id: `m${n}`,
      fsrs: scheduler.newCard(START - 3_600_000),
      reason: 'wrong',
      area: null,
      addedAt: START - 3_600_000 + n,
    }));
    const limits = { newPerDay: 15, reviewsPerDay: 60 };
    const tell = (behaviour = PRIOR) =>
      outlookOf(cards, scheduler, START, limits, NOTHING_DONE, examDate, 30, undefined, behaviour).readiness;
    const student = learnBehaviour(logOf(200, { firstSight: 0, hard: 0.3, easy: 0.2 }));
    const prior = tell();
    const learned = tell(student);
    const priorNeeded = prior?.needed;
    const needed = learned?.needed;
    if (!priorNeeded || !needed) throw new Error('no limits named');
    // Failing at first sight costs more reviews a day than the prior supposes.
    expect(needed.reviewsPerDay).toBeGreaterThan(priorNeeded.reviewsPerDay);
    // At the named limits, the forecast for this student reaches the goal with nothing left over.
    const adopted = outlookOf(
      cards,
      scheduler,
      START,
      { newPerDay: needed.newPerDay, reviewsPerDay: needed.reviewsPerDay },
      NOTHING_DONE,
      examDate,
      30,
      undefined,
      student,
    ).readiness;
    expect(adopted?.atTarget).toBeGreaterThanOrEqual(adopted?.goal ?? Infinity);
    expect(adopted?.left).toBe(0);
    expect(adopted?.needed).toBeNull();
  });
});
