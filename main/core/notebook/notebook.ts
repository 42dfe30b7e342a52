// The error notebook ("caderno de erros"): the questions a student missed, guessed or added,
// each a card scheduled for spaced review until the exam date, with the student's notes. Three
// files in the data folder, on the durable writer with a .bak generation each:
//   notebook.json            plan (exam date, retention), cards' FSRS state, review log
//   notebook-questions.json  each card's question as first captured (self-contained, like results)
//   notes.json               the student's notes, on any question
// Cards and notes are keyed by the question's own id, so every copy of a question (synced, from a
// pack) shares one card and one note. Every change runs in one queue: overlapping calls apply in
// order, and each is durable before it returns.
import { join } from 'node:path';
import type { z } from 'zod';
import type {
  NotebookCardView,
  NotebookFilter,
  NotebookOverview,
  NotebookPlan,
  NotebookStatus,
} from '../../../preload/contract.js';
import type { SnapshotQuestion } from '../exams/model.js';
import { JsonFile } from '../util/json-file.js';
import {
  emptyNotebook,
  NOTE_MAX_CHARS,
  notebookFileSchema,
  notesFileSchema,
  questionsFileSchema,
  type Card,
  type GradedAnswer,
  type NotebookData,
} from './model.js';

import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';
import {
  addDays,
  createScheduler,
  daysBetween,
  examDayStart,
  inferGrade,
  localDate,
  MAX_RETENTION,
  MIN_RETENTION,
  startOfDay,
  suggestedEnemDate,
  type GradeValue,
  type Scheduler,
} from './schedule.js';

export { NOTE_MAX_CHARS, type GradedAnswer } from './model.js';

const LOG_MAX = 20_000;
const FORECAST_DAYS_WITHOUT_DATE = 30;
const RETENTION_WEEKS = 12;
const PREVIEW_CHARS = 280;

export class Notebook {
  private data: NotebookData = emptyNotebook();
  private questions: Record<string, SnapshotQuestion> = {};
  private notes: z.infer<typeof notesFileSchema>['notes'] = {};
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly files: {
      notebook: JsonFile<NotebookData>;
      questions: JsonFile<z.infer<typeof questionsFileSchema>>;
      notes: JsonFile<z.infer<typeof notesFileSchema>>;
    },
  ) {}

  static async open(dataDir: string, storage: StorageContext = WRITABLE_SILENT): Promise<Notebook> {
    const notebook = new Notebook({
      notebook: new JsonFile(join(dataDir, 'notebook.json'), notebookFileSchema, {
        kind: 'notebook',
        backup: true,
        ...storage,
      }),
      questions: new JsonFile(join(dataDir, 'notebook-questions.json'), questionsFileSchema, {
        kind: 'notebook-questions',
        backup: true,
        ...storage,
      }),
      notes: new JsonFile(join(dataDir, 'notes.json'), notesFileSchema, { kind: 'notes', backup: true, ...storage }),
    });
    notebook.data = (await notebook.files.notebook.read()) ?? emptyNotebook();
    const questions = await notebook.files.questions.inspect();
    notebook.questions = questions.value?.questions ?? {};
    // Lost beyond its .bak: the misses come back from the saved results (captured again at start).
    if (questions.lost) notebook.data.captured = [];
    notebook.notes = (await notebook.files.notes.read())?.notes ?? {};
    // A card whose question was lost (its file damaged beyond the .bak) cannot be reviewed: it goes.
    notebook.data.cards = Object.fromEntries(
      Object.entries(notebook.data.cards).filter(([id]) => notebook.questions[id] !== undefined),
    );
    return notebook;
  }

  /** Runs changes one at a time, in call order; a failed one does not block the next. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private scheduler(): Scheduler {
    return createScheduler({ examDate: this.data.plan.examDate, retention: this.data.plan.retention });
  }

  private saveCards() {
    return this.files.notebook.write(() => this.data);
  }

  private saveQuestions() {
    return this.files.questions.write(() => ({ questions: this.questions }));
  }

  /** Images the cards' questions show (hash → mime): pinned in the image cache like results'. */
  images(): Map<string, string> {
    const images = new Map<string, string>();
    for (const q of Object.values(this.questions)) {
      for (const ref of [q.image, q.explanationImage, ...q.alternatives.map((a) => a.image)]) {
        if (ref?.sha256 && ref.mime) images.set(ref.sha256, ref.mime);
      }
    }
    return images;
  }

  has(id: string): boolean {
    return Boolean(this.data.cards[id]);
  }

  question(id: string): SnapshotQuestion | null {
    return this.data.cards[id] ? (this.questions[id] ?? null) : null;
  }

  isCaptured(attemptId: string): boolean {
    return this.data.captured.includes(attemptId);
  }

  plan(): NotebookPlan {
    return { ...this.data.plan };
  }

  setPlan(plan: NotebookPlan): Promise<void> {
    return this.serial(async () => {
      this.data.plan = {
        examDate: examDayStart(plan.examDate) === null ? null : plan.examDate,
        examLabel: plan.examLabel?.trim() || null,
        retention: Math.min(MAX_RETENTION, Math.max(MIN_RETENTION, plan.retention)),
      };
      await this.saveCards();
    });
  }

  private applyReview(card: Card, grade: GradeValue, at: number, from: { attemptId: string; index: number }) {
    const again = card.last?.attemptId === from.attemptId && card.last.index === from.index;
    const before = again && card.last ? card.last.before : card.fsrs;
    const reviewedAt = again && card.last ? card.last.at : at;
    if (again) {
      const index = this.data.log.findLastIndex((e) => e.id === card.id && e.at === reviewedAt);
      if (index >= 0) this.data.log.splice(index, 1);
    }
    card.fsrs = this.scheduler().review(before, grade, reviewedAt);
    card.last = { ...from, at: reviewedAt, before };
    this.data.log.push({ at: reviewedAt, id: card.id, grade, recall: before.state === 2 });
    if (this.data.log.length > LOG_MAX) this.data.log.splice(0, this.data.log.length - LOG_MAX);
  }

  /**
   * A submitted mock exam's answers: misses and guesses become cards; every answer to a question
   * already in the notebook counts as a review of it. Captured once per attempt.
   */
  capture(attemptId: string, at: number, answers: GradedAnswer[]): Promise<{ added: number }> {
    return this.serial(async () => {
      if (this.data.captured.includes(attemptId)) return { added: 0 };
      let added = 0;
      answers.forEach((answer, index) => {
        const id = answer.question.baseId;
        let card = this.data.cards[id];
        const missed = answer.answered && !answer.correct;
        if (!card && !missed && !answer.guessed) return;
        if (!card) {
          card = {
            id,
            reason: missed ? 'wrong' : 'guessed',
            source: answer.source,
            addedAt: at,
            fsrs: this.scheduler().newCard(at),
            last: null,
          };
          this.data.cards[id] = card;
          this.questions[id] = answer.question;
          added += 1;
        }
        // An answer older than the card's last review (a capture caught up late) cannot rewrite history.
        if (!answer.answered || (card.fsrs.last_review !== null && card.fsrs.last_review > at)) return;
        this.applyReview(card, inferGrade(answer), at, { attemptId, index });
      });
      this.data.captured.push(attemptId);
      if (added > 0) await this.saveQuestions();
      await this.saveCards();
      return { added };
    });
  }

  /** The student adds a question by hand (from the library or a result's review). */
  add(question: SnapshotQuestion, source: string, at: number): Promise<{ added: boolean }> {
    return this.serial(async () => {
      const id = question.baseId;
      if (this.data.cards[id]) return { added: false };
      this.data.cards[id] = {
        id,
        reason: 'added',
        source,
        addedAt: at,
        fsrs: this.scheduler().newCard(at),
        last: null,
      };
      this.questions[id] = question;
      await this.saveQuestions();
      await this.saveCards();
      return { added: true };
    });
  }

  remove(id: string): Promise<{ removed: boolean }> {
    return this.serial(async () => {
      const { [id]: card, ...cards } = this.data.cards;
      if (!card) return { removed: false };
      this.data.cards = cards;
      await this.saveCards();
      // The question goes after the card: a crash between the two leaves an unused copy, never a card without one.
      const { [id]: _question, ...questions } = this.questions;
      this.questions = questions;
      await this.saveQuestions();
      return { removed: true };
    });
  }

  /** A review of a card in a review session; the same question rated again replaces the rating. */
  review(id: string, grade: GradeValue, at: number, from: { attemptId: string; index: number }): Promise<void> {
    return this.serial(async () => {
      const card = this.data.cards[id];
      if (!card) return;
      this.applyReview(card, grade, at, from);
      await this.saveCards();
    });
  }

  /** Cards due by the end of today, in a stable order (the session shuffles them). */
  dueIds(now: number): string[] {
    const scheduler = this.scheduler();
    const endOfToday = addDays(now, 1);
    return Object.values(this.data.cards)
      .map((card) => ({ id: card.id, due: scheduler.dueOf(card.fsrs) }))
      .filter((c): c is { id: string; due: number } => c.due !== null && c.due < endOfToday)
      .sort((a, b) => a.due - b.due || a.id.localeCompare(b.id))
      .map((c) => c.id);
  }

  note(id: string): string {
    return this.notes[id]?.text ?? '';
  }

  setNote(id: string, text: string, at: number): Promise<string> {
    return this.serial(async () => {
      const trimmed = text.replace(/\s+$/u, '').slice(0, NOTE_MAX_CHARS);
      const { [id]: _previous, ...rest } = this.notes;
      this.notes = trimmed ? { ...rest, [id]: { text: trimmed, updatedAt: at } } : rest;
      await this.files.notes.write(() => ({ notes: this.notes }));
      return trimmed;
    });
  }

  remindedOn(): string | null {
    return this.data.remindedOn;
  }

  markReminded(day: string): Promise<void> {
    return this.serial(async () => {
      this.data.remindedOn = day;
      await this.saveCards();
    });
  }

  /** Settles once every change asked for so far is durable (readers wait on it). */
  settled(): Promise<void> {
    return this.serial(() => Promise.resolve());
  }

  private statusOf(card: Card, scheduler: Scheduler, now: number): { status: NotebookStatus; due: number | null } {
    const due = scheduler.dueOf(card.fsrs);
    if (due !== null && due < addDays(now, 1)) return { status: 'due', due };
    return { status: scheduler.mastered(card.fsrs, now) ? 'mastered' : 'learning', due };
  }

  list(filter: NotebookFilter, now: number, hideNote: (id: string) => boolean): NotebookCardView[] {
    const scheduler = this.scheduler();
    const text = filter.text?.trim().toLocaleLowerCase('pt-BR');
    const views: NotebookCardView[] = [];
    for (const card of Object.values(this.data.cards)) {
      const question = this.questions[card.id];
      if (!question) continue;
      const { status, due } = this.statusOf(card, scheduler, now);
      if (filter.status && filter.status !== status) continue;
      if (filter.area && question.area !== filter.area) continue;
      if (filter.subject && question.subject !== filter.subject) continue;
      if (filter.source && card.source !== filter.source) continue;
      const note = hideNote(card.id) ? null : this.note(card.id) || null;
      if (
        text &&
        !`${question.statement}\n${question.subject}\n${note ?? ''}`.toLocaleLowerCase('pt-BR').includes(text)
      )
        continue;
      views.push({
        id: card.id,
        statement: question.statement.slice(0, PREVIEW_CHARS),
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

  overview(now: number): NotebookOverview {
    const scheduler = this.scheduler();
    const today = startOfDay(now);
    const examStart = examDayStart(this.data.plan.examDate);
    const daysToExam = examStart !== null && examStart >= today ? daysBetween(now, examStart) : null;
    // Today, then each day up to the eve of the exam (or a month when there is no date).
    const days = daysToExam !== null ? Math.max(1, daysToExam) : FORECAST_DAYS_WITHOUT_DATE;
    const forecast = Array.from({ length: days }, (_, i) => ({ date: localDate(addDays(today, i)), count: 0 }));
    let dueToday = 0;
    let dueNext7Days = 0;
    let mastered = 0;
    const subjects = new Set<string>();
    const sources = new Set<string>();
    for (const card of Object.values(this.data.cards)) {
      const question = this.questions[card.id];
      if (question) subjects.add(question.subject);
      sources.add(card.source);
      const { status, due } = this.statusOf(card, scheduler, now);
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
      plan: this.plan(),
      suggestedExamDate: suggestedEnemDate(now),
      today: localDate(now),
      daysToExam,
      total: Object.keys(this.data.cards).length,
      dueToday,
      dueNext7Days,
      mastered,
      forecast,
      retention: this.retentionByWeek(now),
      subjects: [...subjects].sort((a, b) => a.localeCompare(b, 'pt-BR')),
      sources: [...sources].sort(),
    };
  }

  /** Per week (the last twelve, Monday first): tests of memory, and how many were passed. */
  private retentionByWeek(now: number): NotebookOverview['retention'] {
    const monday = (ms: number) => addDays(ms, -((new Date(ms).getDay() + 6) % 7));
    const thisWeek = monday(now);
    const weeks = Array.from({ length: RETENTION_WEEKS }, (_, i) => ({
      weekStart: localDate(addDays(thisWeek, -7 * (RETENTION_WEEKS - 1 - i))),
      reviews: 0,
      recalled: 0,
    }));
    const first = addDays(thisWeek, -7 * (RETENTION_WEEKS - 1));
    for (const entry of this.data.log) {
      if (!entry.recall || entry.at < first) continue;
      const week = weeks[Math.floor(daysBetween(first, entry.at) / 7)];
      if (!week) continue;
      week.reviews += 1;
      if (entry.grade > 1) week.recalled += 1;
    }
    return weeks;
  }
}
