// The one decision of what may leave main about a question's key (invariant 1). Everything that
// tells a key — a result, practice feedback, a note, a pack's file, a printed key — asks here:
// - `locked()`: the keys of the running attempt's questions not yet checked (record ids and the
//   questions' own ids, so every version of a question is covered);
// - `show()`: a stored question as a renderer-facing mapper may take it — `Cleared` with its key,
//   or `Public` without (locked now, or a sealed pack waiting for its code);
// - `CHANNEL_KEY_POLICY`: each channel's written decision, attacked channel by channel in tests.
// Only this module makes a `Cleared` value (lint forbids `as Cleared` elsewhere) and mappers that
// return the renderer's types take `Cleared` or `Public`, never a bare keyed question: a test reads
// their signatures and fails on one that does.
import type { StoredQuestion } from '../catalog/store.js';
import type { Attempt, SnapshotQuestion } from './model.js';

declare const clearedMark: unique symbol;
/** A keyed value the visibility decision let through: its key may reach the renderer now. */
export type Cleared<T> = T & { readonly [clearedMark]: true };

/** The fields that tell a question's key (or its worked solution, which states it). */
type KeyFields = 'correctId' | 'explanation' | 'explanationImage';
/** A question with its key taken out: what a mapper may show of a locked question. */
export type Public<T> = Omit<T, KeyFields> & { readonly [K in KeyFields]?: never };

/** A question as a renderer-facing mapper takes it. */
export type Shown<T extends SnapshotQuestion = SnapshotQuestion> = Cleared<T> | Public<T>;

/** Whether the decision let this question's key through. */
export function isCleared<T extends SnapshotQuestion>(question: Shown<T>): question is Cleared<T> {
  return question.correctId !== undefined;
}

/** A question without its key, whatever is locked (the exam screen's view of a question). */
export function publicOf<T extends SnapshotQuestion>(question: T): Public<T> {
  const { correctId: _key, explanation: _text, explanationImage: _figure, ...rest } = question;
  return rest;
}

/** A catalog record as the library shows it, whatever runs: no key, none of the API's fields that tell it. */
export interface PublicRecord {
  id: string;
  statement: string;
  imageUrl: string | null;
  exam: string | null;
  subjectId: string;
  year: number | null;
  difficulty: StoredQuestion['difficulty'];
  sources: string[];
  /** Whether it has a key at all (the library offers "reveal" only then). */
  gradable: boolean;
  alternatives: { id: string; letter: string; text: string; imageUrl: string | null }[];
}

export function publicRecordOf(record: StoredQuestion): PublicRecord {
  return {
    id: record.id,
    statement: record.q.statement,
    imageUrl: record.q.imageUrl ?? null,
    exam: record.q.exam?.name ?? null,
    subjectId: record.q.subject.id,
    year: record.year,
    difficulty: record.difficulty,
    sources: record.sources,
    gradable: record.correctId !== null,
    alternatives: record.q.alternatives.map((a) => ({
      id: a.id,
      letter: a.letter,
      text: a.text,
      imageUrl: a.imageUrl ?? null,
    })),
  };
}

// Each channel's key policy is declared with the channel (preload/channels/<capability>.ts).
export { CHANNEL_KEY_POLICY, type KeyPolicy } from '../../../preload/channels/index.js';

export interface VisibilityDeps {
  /** The attempt running now, or null. */
  running: () => Attempt | null;
  /** The questions an attempt saw, once read (their own ids widen the lock to every version). */
  saved: (attemptId: string) => SnapshotQuestion[] | undefined;
  /** A catalog record's question id (its own id), when the record is known. */
  baseOf: (recordId: string) => string | undefined;
  /** A submitted attempt of a sealed pack whose code has not been given yet. */
  awaiting: (attemptId: string) => boolean;
}

export class Visibility {
  constructor(private readonly deps: VisibilityDeps) {}

  /**
   * Question ids (record ids and the questions' own ids) whose key nothing may return now: those
   * of the running attempt, but for practice questions already checked (and a review's repeats of
   * them). Empty when none runs.
   */
  locked(): ReadonlySet<string> {
    const locked = new Set<string>();
    const attempt = this.deps.running();
    if (!attempt) return locked;
    const saved = this.deps.saved(attempt.id);
    attempt.questions.forEach((entry, index) => {
      if (attempt.config.mode === 'practice' && entry.revealed) return;
      // A review's repeat is made only once its card was checked: that key is already shown.
      if (attempt.config.kind === 'review' && entry.repeatOf !== null) return;
      locked.add(entry.questionId);
      const baseId = saved?.[index]?.baseId;
      if (baseId) locked.add(baseId);
    });
    return locked;
  }

  /** Whether a stored question's key must stay hidden now (any version of it: ids and own ids). */
  isLocked(id: string): boolean {
    const locked = this.locked();
    if (locked.size === 0) return false;
    if (locked.has(id)) return true;
    const baseId = this.deps.baseOf(id);
    return baseId !== undefined && locked.has(baseId);
  }

  /**
   * Whether a submitted attempt is, for now, as if it did not exist: a retry of misses or a notebook
   * review, while any question is locked. Which questions such an attempt holds was chosen by whether
   * earlier answers were right — a locked question's among them — so its questions, their count and
   * its very existence would tell that question's key. (Which ones could have been chosen cannot be
   * told apart from the key itself, so all of them wait; mock exams are chosen without it.)
   */
  hidesAttempt(attempt: Attempt): boolean {
    return attempt.status === 'submitted' && attempt.config.kind !== 'exam' && this.locked().size > 0;
  }

  /**
   * The notebook's cards that are, for now, as if they did not exist: those of locked questions
   * (cards are keyed by the question's own id, which the lock lists). A card says that an earlier
   * answer to its question was wrong or a guess: with the running exam's redacted earlier results,
   * which still show the choice, its existence would tell the key. So nothing whose result or timing
   * the renderer can see reads a hidden card: every view, count and plan filters by this set, and the
   * background FSRS fit neither starts nor lands while it is not empty (app/notebook-fit.ts).
   */
  hiddenCards(): ReadonlySet<string> {
    return this.locked();
  }

  /** True while any attempt runs (cache clearing and printing keys wait for its end). */
  examRunning(): boolean {
    return this.deps.running() !== null;
  }

  /**
   * The questions of one attempt as the renderer may learn them now: each `Cleared` unless the
   * running exam locks it or the attempt is a sealed pack's still waiting for its code.
   */
  showAll<T extends SnapshotQuestion>(attemptId: string, questions: readonly T[]): Shown<T>[] {
    const locked = this.locked();
    const waiting = this.deps.awaiting(attemptId);
    return questions.map((question) =>
      waiting || locked.has(question.id) || locked.has(question.baseId) ? publicOf(question) : (question as Cleared<T>),
    );
  }

  /** One question of an attempt, as `showAll` decides it. */
  show<T extends SnapshotQuestion>(attemptId: string, question: T): Shown<T> {
    return this.showAll(attemptId, [question])[0] as Shown<T>;
  }
}
