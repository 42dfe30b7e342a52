// What the notebook shows (pure): its cards filtered and sorted, and its overview (due today and
// this week, the forecast up to the exam, retention by week). Reads the documents notebook.ts keeps.
import type { NotebookCardView, NotebookFilter, NotebookOverview, NotebookStatus } from '../../../preload/contract.js';
import type { ImageRef, SnapshotQuestion } from '../exams/model.js';
import type { Card, NotebookData } from './model.js';
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
}

function statusOf(card: Card, scheduler: Scheduler, now: number): { status: NotebookStatus; due: number | null } {
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
  const rank: Record<NotebookStatus, number> = { due: 0, learning: 1, mastered: 2 };
  return views.sort(
    (a, b) =>
      rank[a.status] - rank[b.status] ||
      (a.due ?? Infinity) - (b.due ?? Infinity) ||
      b.addedAt - a.addedAt ||
      a.id.localeCompare(b.id),
  );
}

/** The notebook in figures: due today and this week, the forecast to the exam, retention by week. */
export function overviewOf(notebook: NotebookReading, now: number): NotebookOverview {
  const { scheduler } = notebook;
  const today = startOfDay(now);
  const examStart = examDayStart(notebook.data.plan.examDate);
  const daysToExam = examStart !== null && examStart >= today ? daysBetween(now, examStart) : null;
  // Today, then each day up to the eve of the exam (or a month when there is no date).
  const days = daysToExam !== null ? Math.max(1, daysToExam) : FORECAST_DAYS_WITHOUT_DATE;
  const forecast = Array.from({ length: days }, (_, i) => ({ date: localDate(addDays(today, i)), count: 0 }));
  let dueToday = 0;
  let dueNext7Days = 0;
  let mastered = 0;
  const subjects = new Set<string>();
  const sources = new Set<string>();
  for (const card of Object.values(notebook.data.cards)) {
    const question = notebook.questions[card.id];
    if (question) subjects.add(question.subject);
    sources.add(card.source);
    const { status, due } = statusOf(card, scheduler, now);
    if (status === 'due') dueToday += 1;
    if (status === 'mastered') mastered += 1;
    if (due !== null) {
      const day = Math.max(0, daysBetween(today, due));
      if (day >= 1 && day <= 7) dueNext7Days += 1;
      const bucket = forecast[day];
      if (bucket) bucket.count += 1;
    }
  }
  return {
    plan: notebook.data.plan,
    suggestedExamDate: suggestedEnemDate(now),
    today: localDate(now),
    daysToExam,
    total: Object.keys(notebook.data.cards).length,
    dueToday,
    dueNext7Days,
    mastered,
    forecast,
    retention: retentionByWeek(notebook, now),
    subjects: [...subjects].sort((a, b) => a.localeCompare(b, 'pt-BR')),
    sources: [...sources].sort(),
  };
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
