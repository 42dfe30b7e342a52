// What the notebook shows (pure): its cards filtered and sorted, and its overview (due today and
// this week, the forecast up to the exam, retention by week). Reads the documents notebook.ts keeps.
import type { NotebookCardView, NotebookFilter, NotebookOverview, NotebookStatus } from '../../../preload/contract.js';
import type { ImageRef, SnapshotQuestion } from '../exams/model.js';
import type { Card, NotebookData } from './model.js';
import { chooseDay, isNew, type DayCard, type DayDone, type DayLimits } from './daily.js';
import { outlookOf, type Outlook } from './forecast.js';
import { learnBehaviour, type Behaviour } from './behaviour.js';
import { FIT_MIN_REVIEWS } from './fit-threshold.js';
import { learnableReviews } from './fit.js';
import {
  addDays,
  daysBetween,
  examDayStart,
  localDate,
  startOfDay,
  suggestedEnemDate,
  type Scheduler,
} from './schedule.js';

const FORECAST_DAYS_WITHOUT_DATE = 30;
const RETENTION_WEEKS = 12;
const PREVIEW_CHARS = 280;

/** What the views read of the notebook. */
export interface NotebookReading {
  data: NotebookData;
  questions: Record<string, SnapshotQuestion>;
  note: (id: string) => string;
  scheduler: Scheduler;
  dayCards: () => DayCard[];
  done: (now: number) => DayDone;
  /** The plan's outlook (forecast.ts), when the reader keeps one already worked out. */
  outlook?: ((now: number) => Outlook) | undefined;
}

/** The plan's outlook at `now`: the sessions simulated to the eve of the exam (forecast.ts). */
export function outlookFor(
  notebook: NotebookReading,
  now: number,
  neededFor?: (search: () => DayLimits | null) => DayLimits | null,
  /** How the student answers, when the reader learned it already (the same filtered log). */
  behaviour: Behaviour = learnBehaviour(notebook.data.log),
): Outlook {
  const { plan } = notebook.data;
  return outlookOf(
    notebook.dayCards(),
    notebook.scheduler,
    now,
    { newPerDay: plan.newPerDay, reviewsPerDay: plan.dailyLimit },
    notebook.done(now),
    plan.examDate,
    FORECAST_DAYS_WITHOUT_DATE,
    neededFor,
    behaviour,
  );
}

function statusOf(card: Card, scheduler: Scheduler, now: number): { status: NotebookStatus; due: number | null } {
  // Waiting to be introduced under the new-card limit: no review is due yet.
  if (isNew(card.fsrs)) return { status: 'new', due: null };
  const due = scheduler.dueOf(card.fsrs);
  if (due !== null && due < addDays(now, 1)) return { status: 'due', due };
  return { status: scheduler.mastered(card.fsrs, now) ? 'mastered' : 'learning', due };
}

/** The cards a filter keeps, due first (a locked question's card, note and all, never reaches here). */
export function listCards(
  notebook: NotebookReading,
  filter: NotebookFilter,
  now: number,
  /** A figure's loadable address (the attempts' image cache), or 'missing'. */
  image: (ref: ImageRef) => string | null = () => null,
): NotebookCardView[] {
  const { scheduler } = notebook;
  const text = filter.text?.trim().toLocaleLowerCase('pt-BR');
  const views: NotebookCardView[] = [];
  for (const card of Object.values(notebook.data.cards)) {
    const question = notebook.questions[card.id];
    if (!question) continue;
    const { status, due } = statusOf(card, scheduler, now);
    if (filter.status && filter.status !== status) continue;
    if (filter.area && question.area !== filter.area) continue;
    if (filter.subject && question.subject !== filter.subject) continue;
    if (filter.source && card.source !== filter.source) continue;
    const note = notebook.note(card.id) || null;
    if (text && !`${question.statement}\n${question.subject}\n${note ?? ''}`.toLocaleLowerCase('pt-BR').includes(text))
      continue;
    views.push({
      id: card.id,
      statement: question.statement.slice(0, PREVIEW_CHARS),
      image: image(question.image),
      subject: question.subject,
      area: question.area,
      exam: question.exam,
      year: question.year,
      source: card.source,
      reason: card.reason,
      status,
      due,
      addedAt: card.addedAt,
      reviews: card.fsrs.reps,
      lapses: card.fsrs.lapses,
      note,
    });
  }
  const rank: Record<NotebookStatus, number> = { due: 0, new: 1, learning: 2, mastered: 3 };
  return views.sort(
    (a, b) =>
      rank[a.status] - rank[b.status] ||
      (a.due ?? Infinity) - (b.due ?? Infinity) ||
      b.addedAt - a.addedAt ||
      a.id.localeCompare(b.id),
  );
}

/**
 * The notebook in figures: today's session, the coming week, the forecast to the exam (what the
 * limits let the sessions hold, day by day), the readiness at the exam's hour, retention by week,
 * and the memory model in use.
 */
export function overviewOf(notebook: NotebookReading, now: number): NotebookOverview {
  const { scheduler } = notebook;
  const today = startOfDay(now);
  const examStart = examDayStart(notebook.data.plan.examDate);
  const daysToExam = examStart !== null && examStart >= today ? daysBetween(now, examStart) : null;
  const outlook = notebook.outlook ? notebook.outlook(now) : outlookFor(notebook, now);
  let mastered = 0;
  let newWaiting = 0;
  const subjects = new Set<string>();
  const sources = new Set<string>();
  for (const card of Object.values(notebook.data.cards)) {
    const question = notebook.questions[card.id];
    if (question) subjects.add(question.subject);
    sources.add(card.source);
    const { status } = statusOf(card, scheduler, now);
    if (status === 'mastered') mastered += 1;
    if (status === 'new') newWaiting += 1;
  }
  const { plan } = notebook.data;
  // Today as the session would hold it now: the cards due again today (learning steps) included.
  const todaySession = chooseDay(
    notebook.dayCards(),
    scheduler,
    now,
    { newPerDay: plan.newPerDay, reviewsPerDay: plan.dailyLimit },
    notebook.done(now),
  );
  const model = notebook.data.model;
  const reviews = learnableReviews(notebook.data.log);
  return {
    plan: planOf(notebook.data.plan),
    suggestedExamDate: suggestedEnemDate(now),
    today: localDate(now),
    daysToExam,
    total: Object.keys(notebook.data.cards).length,
    dueToday: todaySession.repeats.length + todaySession.reviews.length + todaySession.fresh.length,
    newToday: todaySession.fresh.length,
    eveOverLimit: todaySession.overLimit,
    newWaiting,
    dueNext7Days: outlook.days.slice(1, 8).reduce((sum, day) => sum + day.cards, 0),
    mastered,
    forecast: outlook.days.map((day) => ({ date: day.date, count: day.cards, fresh: day.fresh })),
    readiness: outlook.readiness,
    model: {
      fitted: model?.parameters != null,
      reviews,
      needed: FIT_MIN_REVIEWS,
      check: model ? { at: model.at, heldOut: model.heldOut, logLoss: model.logLoss, rmse: model.rmse } : null,
    },
    retention: retentionByWeek(notebook, now),
    subjects: [...subjects].sort((a, b) => a.localeCompare(b, 'pt-BR')),
    sources: [...sources].sort(),
  };
}

/** The plan as the screens see it. */
function planOf(plan: NotebookData['plan']): NotebookOverview['plan'] {
  return { ...plan };
}

/** Per week (the last twelve, Monday first): tests of memory, and how many were passed. */
function retentionByWeek(notebook: NotebookReading, now: number): NotebookOverview['retention'] {
  const monday = (ms: number) => addDays(ms, -((new Date(ms).getDay() + 6) % 7));
  const thisWeek = monday(now);
  const weeks = Array.from({ length: RETENTION_WEEKS }, (_, i) => ({
    weekStart: localDate(addDays(thisWeek, -7 * (RETENTION_WEEKS - 1 - i))),
    reviews: 0,
    recalled: 0,
  }));
  const first = addDays(thisWeek, -7 * (RETENTION_WEEKS - 1));
  for (const entry of notebook.data.log) {
    if (!entry.recall || entry.at < first) continue;
    const week = weeks[Math.floor(daysBetween(first, entry.at) / 7)];
    if (!week) continue;
    week.reviews += 1;
    if (entry.grade > 1) week.recalled += 1;
  }
  return weeks;
}
