// The error notebook ("caderno de erros"): the questions a student missed, guessed or added, each a
// card scheduled for spaced review until the exam date, with the student's notes. Its three files
// (files.ts: cards and plan, the questions, notes.ts's notes) are on the durable writer with a .bak;
// cards and notes are keyed by the question's own id, so every copy of a question shares one card.
// Every change runs in one queue: overlapping calls apply in order, each durable before it returns.
import { HiddenCards } from './hidden-cards.js';
import type {
  NotebookCardView,
  NotebookFilter,
  NotebookOverview,
  NotebookPlan,
  RatingPreview,
} from '../../../preload/contract.js';
import type { ImageRef, SnapshotQuestion } from '../exams/model.js';
import { type Card, type FittedModel, type GradedAnswer, type NotebookData } from './model.js';
import { chooseDay, DayLoads, doneToday, MAX_NEW_PER_DAY, MIN_NEW_PER_DAY, type DayCard } from './daily.js';
import { listCards, overviewOf, type NotebookReading } from './views.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';
import { OneAtATime } from '../util/one-at-a-time.js';
import { openNotebookFiles, type NotebookDocuments } from './files.js';
import { ReadingMemo } from './reading.js';
import { Notes } from './notes.js';
import { rateCard, ratingPreview, undoRating, type Planning, type RatingFrom } from './rating.js';
import {
  addDays,
  createScheduler,
  DEFAULT_EXAM_TIME,
  examDayStart,
  inferGrade,
  MAX_DAILY_LIMIT,
  MAX_RETENTION,
  MIN_DAILY_LIMIT,
  minutesOf,
  MIN_RETENTION,
  type GradeValue,
  type Scheduler,
} from './schedule.js';

export { NOTE_MAX_CHARS, type GradedAnswer } from './model.js';

export class Notebook {
  private readonly changes = new OneAtATime();
  /** Cards that are, for now, as if they did not exist: every view goes through `cards()`. */
  private readonly hidden = new HiddenCards();

  private constructor(
    /** Three lowdb documents over the durable adapter (files.ts), each with a .bak. */
    private readonly docs: NotebookDocuments,
  ) {
    this.notes = new Notes(docs.notes);
  }

  private get data(): NotebookData {
    return this.docs.notebook.data;
  }

  /** Asks the key's one decision which cards are not there for now (services wires it once the engine opens). */
  hideWhile(hidden: () => ReadonlySet<string>): void {
    this.hidden.use(hidden);
  }

  /** The cards any view may see now, and whether one is there. */
  private cards(): Card[] {
    return [...this.hidden.without(Object.values(this.data.cards))];
  }

  private visible(id: string): Card | undefined {
    const card = this.data.cards[id];
    return card && !this.hidden.isHidden(id) ? card : undefined;
  }

  private get questions(): Record<string, SnapshotQuestion> {
    return this.docs.questions.data.questions;
  }

  private set questions(questions: Record<string, SnapshotQuestion>) {
    this.docs.questions.data = { questions };
  }

  private readonly notes: Notes;

  static async open(dataDir: string, storage: StorageContext = WRITABLE_SILENT): Promise<Notebook> {
    const { docs, questionsLost } = await openNotebookFiles(dataDir, storage);
    const notebook = new Notebook(docs);
    if (questionsLost) notebook.data.captured = [];
    // A card whose question was lost (its file damaged beyond the .bak) cannot be reviewed: it goes.
    notebook.data.cards = Object.fromEntries(
      Object.entries(notebook.data.cards).filter(([id]) => notebook.questions[id] !== undefined),
    );
    return notebook;
  }

  private scheduler(): Scheduler {
    const { examDate, retention, dailyLimit, examTime } = this.data.plan;
    const parameters = this.data.model?.parameters ?? undefined;
    return createScheduler({ examDate, retention, dailyLimit, examTime, parameters });
  }

  /** The cards as the day's choice reads them (a card's area from its question). */
  private dayCards(cards: Card[]): DayCard[] {
    return cards.map((card) => ({
      id: card.id,
      fsrs: card.fsrs,
      reason: card.reason,
      area: this.questions[card.id]?.area ?? null,
      addedAt: card.addedAt,
    }));
  }

  /** The scheduler and each day's reviews for one change: built once, kept up to date as it reschedules. */
  private planning(): Planning {
    const scheduler = this.scheduler();
    return { scheduler, loads: new DayLoads(Object.values(this.data.cards), scheduler) };
  }

  /** Called after each durable change of the cards or the plan (the app tells every screen). */
  onChanged: (() => void) | null = null;
  /** The views' reading, and the outlook kept while what it depends on stands (reading.ts). */
  private readonly memo = new ReadingMemo();

  private async saveCards() {
    this.memo.changed();
    await this.docs.notebook.write();
    this.onChanged?.();
  }

  private saveQuestions() {
    return this.docs.questions.write();
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
    return this.visible(id) !== undefined;
  }

  question(id: string): SnapshotQuestion | null {
    return this.visible(id) ? (this.questions[id] ?? null) : null;
  }

  isCaptured(attemptId: string): boolean {
    return this.data.captured.includes(attemptId);
  }

  plan(): NotebookPlan {
    return { ...this.data.plan };
  }

  setPlan(plan: NotebookPlan): Promise<void> {
    return this.changes.run(async () => {
      this.data.plan = {
        examDate: examDayStart(plan.examDate) === null ? null : plan.examDate,
        examLabel: plan.examLabel?.trim() || null,
        retention: Math.min(MAX_RETENTION, Math.max(MIN_RETENTION, plan.retention)),
        // Absent: the limit stays as it was (a screen that does not show it changes nothing).
        dailyLimit: Math.min(
          MAX_DAILY_LIMIT,
          Math.max(MIN_DAILY_LIMIT, Math.round(plan.dailyLimit ?? this.data.plan.dailyLimit)),
        ),
        newPerDay: Math.min(
          MAX_NEW_PER_DAY,
          Math.max(MIN_NEW_PER_DAY, Math.round(plan.newPerDay ?? this.data.plan.newPerDay)),
        ),
        examTime:
          plan.examTime !== undefined && minutesOf(plan.examTime) !== null
            ? plan.examTime
            : (this.data.plan.examTime ?? DEFAULT_EXAM_TIME),
      };
      await this.saveCards();
    });
  }

  /**
   * A submitted mock exam's answers: misses and guesses become new cards, introduced under the
   * new-card limit (not all due the same evening); every answer to a question already in the
   * notebook counts as a review of it. Captured once per attempt.
   */
  capture(attemptId: string, at: number, answers: GradedAnswer[]): Promise<{ added: number }> {
    return this.changes.run(async () => {
      if (this.data.captured.includes(attemptId)) return { added: 0 };
      const planning = this.planning();
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
            fsrs: planning.scheduler.newCard(at),
            last: null,
          };
          this.data.cards[id] = card;
          planning.loads.set(id, planning.scheduler.dueOf(card.fsrs));
          this.questions[id] = answer.question;
          added += 1;
          return;
        }
        // An answer older than the card's last review (a capture caught up late) cannot rewrite history.
        if (!answer.answered || (card.fsrs.last_review !== null && card.fsrs.last_review > at)) return;
        rateCard(this.data.log, card, inferGrade(answer), at, { attemptId, index }, planning, 'exam');
      });
      this.data.captured.push(attemptId);
      if (added > 0) await this.saveQuestions();
      await this.saveCards();
      return { added };
    });
  }

  /** The student adds a question by hand (from the library or a result's review). */
  add(question: SnapshotQuestion, source: string, at: number): Promise<{ added: boolean }> {
    return this.changes.run(async () => {
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

  /** A hidden card (its question locked now) is not there to remove: the answer an absent one gets. */
  remove(id: string): Promise<{ removed: boolean }> {
    return this.changes.run(async () => {
      if (!this.visible(id)) return { removed: false };
      const { [id]: _card, ...cards } = this.data.cards;
      this.data.cards = cards;
      await this.saveCards();
      // The question goes after the card: a crash between the two leaves an unused copy, never a card without one.
      const { [id]: _question, ...questions } = this.questions;
      this.questions = questions;
      await this.saveQuestions();
      return { removed: true };
    });
  }

  /**
   * A review of a card in a review session; the same question rated again replaces the rating. (The
   * session's own methods, here to `unreview`, are not filtered by `hidden`: they serve answers
   * already checked, whose questions the lock has let go.)
   */
  review(id: string, grade: GradeValue, at: number, from: RatingFrom): Promise<void> {
    return this.changes.run(async () => {
      const card = this.data.cards[id];
      if (!card) return;
      rateCard(this.data.log, card, grade, at, from, this.planning());
      await this.saveCards();
    });
  }

  /**
   * What each rating of the answer at `from` would schedule (the buttons say it): the next review
   * `inMs` after it, or null when the card would rest until the exam. Null when there is no card.
   */
  preview(id: string, at: number, from: RatingFrom): RatingPreview[] | null {
    const card = this.data.cards[id];
    return card ? ratingPreview(card, at, from, this.planning()) : null;
  }

  /** Whether the card is due again before today ends (a learning step): it comes back in the session. */
  dueToday(id: string, now: number): boolean {
    const card = this.data.cards[id];
    const due = card ? this.scheduler().dueOf(card.fsrs) : null;
    return due !== null && due < addDays(now, 1);
  }

  /** Takes back the rating a review session gave at `from` (undo): the card is as it was before it. */
  unreview(id: string, from: RatingFrom): Promise<{ undone: boolean }> {
    return this.changes.run(async () => {
      const card = this.data.cards[id];
      if (!card || !undoRating(this.data.log, card, from)) return { undone: false };
      await this.saveCards();
      return { undone: true };
    });
  }

  /**
   * Today's session at `now` (daily.ts): the cards seen today and due again, the due reviews the
   * limit lets in, and the new cards it introduces, in a stable order (the session shuffles them).
   */
  dueIds(now: number): string[] {
    const plan = this.data.plan;
    const choice = chooseDay(
      this.dayCards(this.cards()),
      this.scheduler(),
      now,
      { newPerDay: plan.newPerDay, reviewsPerDay: plan.dailyLimit },
      doneToday(this.reading().data.log, now),
    );
    return [...choice.repeats, ...choice.reviews, ...choice.fresh];
  }

  /** What the menu's badge shows: the cards today's session holds, and all the cards there now. */
  counts(now: number): { dueToday: number; total: number } {
    return { dueToday: this.dueIds(now).length, total: this.cards().length };
  }

  /**
   * The log the fit learns from: the reviews of the cards there now. A hidden card's reviews would
   * make the fit's result, and when one becomes due, depend on the card (visibility.ts › hidden cards).
   */
  reviewLog(): readonly { at: number; id: string; grade: GradeValue }[] {
    return this.hidden.without(this.data.log);
  }

  /** Whether an exam holds questions now, so that some cards may be hidden (public: it says no card). */
  hidesCards(): boolean {
    return this.hidden.any();
  }

  model(): FittedModel | null {
    return this.data.model;
  }

  /** Keeps a fit's outcome (fit.ts): its parameters schedule from the next review on. */
  setModel(model: FittedModel): Promise<void> {
    return this.changes.run(async () => {
      this.data.model = model;
      await this.saveCards();
    });
  }

  note(id: string): string {
    return this.notes.get(id);
  }

  setNote(id: string, text: string, at: number): Promise<string> {
    return this.notes.set(id, text, at);
  }

  remindedOn(): string | null {
    return this.data.remindedOn;
  }

  markReminded(day: string): Promise<void> {
    return this.changes.run(async () => {
      this.data.remindedOn = day;
      await this.saveCards();
    });
  }

  /** Settles once every change asked for so far is durable (readers wait on it). */
  async settled(): Promise<void> {
    await this.changes.settled();
    await this.notes.settled();
  }

  list(filter: NotebookFilter, now: number, image?: (ref: ImageRef) => string | null): NotebookCardView[] {
    return listCards(this.reading(), filter, now, image);
  }

  overview(now: number): NotebookOverview {
    return overviewOf(this.reading(), now);
  }

  /** What the views read: the cards there now, and the review log of those cards only. */
  private reading(): NotebookReading {
    return this.memo.read({
      data: this.data,
      cards: this.cards(),
      hidden: this.hidden.now(),
      questions: this.questions,
      note: (id) => this.note(id),
      scheduler: this.scheduler(),
      dayCards: (cards) => this.dayCards(cards),
    });
  }
}
