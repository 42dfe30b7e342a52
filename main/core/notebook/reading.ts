// What the notebook's views read — the cards there now and the review log of those cards only
// (retention counts it) — with the plan's outlook kept while what it depends on stands: the
// outlook is worked out once per change of the cards or the plan, per day and per hidden set; the
// limits search inside it (a score of simulations: seconds at 3,000 cards) once per day, plan,
// model, set of cards and number waiting to be introduced. A rating in a session changes none of
// those.
import { State } from 'ts-fsrs';
import type { SnapshotQuestion } from '../exams/model.js';
import type { Card, NotebookData } from './model.js';
import type { DayCard, DayLimits } from './daily.js';
import { doneToday } from './daily.js';
import { learnBehaviour } from './behaviour.js';
import type { Outlook } from './forecast.js';
import { startOfDay, type Scheduler } from './schedule.js';
import { outlookFor, type NotebookReading } from './views.js';

export class ReadingMemo {
  /** Bumped by every change of the cards or the plan: what the outlook was worked out for. */
  private revision = 0;
  private outlook: { key: string; outlook: Outlook } | null = null;
  private needed: { key: string; needed: DayLimits | null } | null = null;

  changed(): void {
    this.revision += 1;
  }

  read(input: {
    data: NotebookData;
    /** The cards any view may see now. */
    cards: Card[];
    hidden: ReadonlySet<string>;
    questions: Record<string, SnapshotQuestion>;
    note: (id: string) => string;
    scheduler: Scheduler;
    dayCards: (cards: Card[]) => DayCard[];
  }): NotebookReading {
    const { data, hidden } = input;
    const cards = Object.fromEntries(input.cards.map((card) => [card.id, card]));
    const log = hidden.size === 0 ? data.log : data.log.filter((entry) => !hidden.has(entry.id));
    const reading: NotebookReading = {
      data: { ...data, cards, log },
      questions: input.questions,
      note: input.note,
      scheduler: input.scheduler,
      dayCards: () => input.dayCards(Object.values(cards)),
      done: (now) => doneToday(log, now),
    };
    const hiddenKey = [...hidden].sort().join(',');
    reading.outlook = (now) => {
      const day = startOfDay(now);
      const key = `${this.revision}|${hiddenKey}|${day}`;
      if (this.outlook?.key === key) return this.outlook.outlook;
      const waiting = Object.values(cards).filter((card) => card.fsrs.state === State.New).length;
      // The student's behaviour (learned from the log) changes what the limits reach: part of the key.
      const behaviour = learnBehaviour(log);
      const neededKey = `${day}|${JSON.stringify(data.plan)}|${data.model?.at ?? ''}|${Object.keys(cards).join(',')}|${waiting}|${JSON.stringify(behaviour)}`;
      const outlook = outlookFor(
        { ...reading, outlook: undefined },
        now,
        (search) => {
          if (this.needed?.key !== neededKey) this.needed = { key: neededKey, needed: search() };
          return this.needed.needed;
        },
        behaviour,
      );
      this.outlook = { key, outlook };
      return outlook;
    };
    return reading;
  }
}
