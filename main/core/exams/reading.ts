// Reading submitted attempts (and the checked answers of a running practice one): results, answer
// facts for the notebook, pack answers for result files, history. Every result's questions pass
// through visibility.ts (the running exam's lock, a sealed pack's wait) before grading.ts maps them.
import type { AttemptKind, AttemptSummary, ExamResult } from '../../../preload/contract.js';
import type { CatalogStore } from '../catalog/store.js';
import type { AttemptStore } from './attempt-store.js';
import { ExamError } from './errors.js';
import { factsOf, resultOf, type AnswerFacts, type NotebookLookup } from './grading.js';
import { historyOf, packAnswersOf, type PackAnswers } from './history.js';
import type { SnapshotQuestion } from './model.js';
import type { Visibility } from './visibility.js';

export interface ReaderDeps {
  attempts: AttemptStore;
  store: () => CatalogStore;
  /** What the renderer may learn of a key now: the one decision. */
  visibility: Visibility;
  awaiting: (attemptId: string) => boolean;
  now: () => number;
}

export class AttemptReader {
  private readonly attempts: AttemptStore;

  constructor(private readonly deps: ReaderDeps) {
    this.attempts = deps.attempts;
  }

  /** Submitted attempts, oldest first (the notebook catches up on those it missed). */
  submitted(): { attemptId: string; kind: AttemptKind; submittedAt: number }[] {
    return [...this.attempts.all()]
      .filter((a) => a.status === 'submitted' && a.submittedAt !== null)
      .map((a) => ({ attemptId: a.id, kind: a.config.kind, submittedAt: a.submittedAt ?? 0 }))
      .sort((a, b) => a.submittedAt - b.submittedAt);
  }

  /** A submitted pack exam's answers as its result file records them; null when it is no pack exam. */
  async packAnswers(attemptId: string): Promise<PackAnswers | null> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt || attempt.status !== 'submitted' || attempt.submittedAt === null) throw new ExamError('exam-running');
    const pack = attempt.config.pack;
    if (!pack) return null;
    return packAnswersOf(
      { ...attempt, submittedAt: attempt.submittedAt },
      pack,
      await this.attempts.questionsOf(attempt),
    );
  }

  /** Every answer of a submitted attempt, graded (main only: it holds the key). */
  async graded(attemptId: string): Promise<AnswerFacts[]> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt || attempt.status !== 'submitted') throw new ExamError('not-found');
    const questions = await this.attempts.questionsOf(attempt);
    return attempt.questions.flatMap((entry, index) => {
      const question = questions[index];
      return question && question.correctId !== null ? [factsOf(attempt, entry, question, entry.timeMs)] : [];
    });
  }

  /** One checked answer of a running practice attempt, with the time spent on it so far. */
  async checked(attemptId: string, index: number): Promise<AnswerFacts | null> {
    const attempt = this.attempts.get(attemptId);
    const entry = attempt?.questions[index];
    if (!attempt || !entry || !entry.revealed) return null;
    const question = (await this.attempts.questionsOf(attempt))[index];
    if (!question) return null;
    const open = attempt.status === 'running' && attempt.current === index ? this.deps.now() - attempt.currentSince : 0;
    return factsOf(attempt, entry, question, entry.timeMs + Math.max(0, open));
  }

  /** An attempt the renderer may know of now (visibility.hidesAttempt: a retry or review waits while one is locked). */
  shown(attemptId: string): boolean {
    const attempt = this.attempts.get(attemptId);
    return attempt !== undefined && !this.deps.visibility.hidesAttempt(attempt);
  }

  /** The question at a place in an attempt as main keeps it; null while it is locked (the exam runs). */
  async questionAt(attemptId: string, index: number): Promise<SnapshotQuestion | null> {
    const attempt = this.attempts.get(attemptId);
    const entry = attempt?.questions[index];
    if (!attempt || !entry || this.deps.visibility.hidesAttempt(attempt)) return null;
    if (attempt.status === 'running' && !(attempt.config.mode === 'practice' && entry.revealed)) return null;
    return (await this.attempts.questionsOf(attempt))[index] ?? null;
  }

  /** A catalog question as an attempt would keep it (the notebook's copy of a question added by hand). */
  async snapshotFor(questionId: string): Promise<SnapshotQuestion | null> {
    const question = await this.deps.store().loadOne(questionId);
    return question ? this.attempts.snapshotOf(question, question.id) : null;
  }

  /**
   * A submitted attempt's result (grading.ts). Questions of the exam running now are withheld
   * (invariant 1), and all of a sealed pack's attempt until its release.
   */
  async result(attemptId: string, notes?: NotebookLookup): Promise<ExamResult> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt || this.deps.visibility.hidesAttempt(attempt)) throw new ExamError('not-found');
    // The key is delivered only after submission (invariant 1).
    const { submittedAt, submittedBy } = attempt;
    if (attempt.status !== 'submitted' || submittedAt === null || submittedBy === null) {
      throw new ExamError('exam-running');
    }
    const saved = await this.attempts.questionsOf(attempt);
    const snapshot = attempt.questions.map(
      (entry, index) => saved[index] ?? this.attempts.snapshotOf(undefined, entry.questionId),
    );
    return resultOf({ ...attempt, submittedAt, submittedBy }, this.deps.visibility.showAll(attemptId, snapshot), {
      awaiting: this.deps.awaiting(attemptId),
      render: this.attempts.render,
      notes,
    });
  }

  history(): Promise<AttemptSummary[]> {
    const shown = [...this.attempts.all()].filter((attempt) => !this.deps.visibility.hidesAttempt(attempt));
    return historyOf(shown, (id) => this.result(id));
  }
}
