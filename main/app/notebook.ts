// Bridge handlers of the error notebook and notes, and the glue between the exam engine and
// the notebook: a submitted mock exam's misses become cards; an answer in a review session
// becomes a rating (inferred, changeable before moving on).
import { BridgeError, type QuestionRef, type ReviewGrade } from '../../preload/contract.js';
import type { AnswerFacts, ExamEngine } from '../core/exams/engine.js';
import type { CatalogStore } from '../core/catalog/store.js';
import { SEALED_MARK } from '../core/packs/registry.js';
import type { Notebook } from '../core/notebook/notebook.js';
import { inferGrade } from '../core/notebook/schedule.js';
import type { SnapshotQuestion } from '../core/exams/model.js';
import type { Logger } from '../core/util/logger.js';
import type { Handlers } from './types.js';

type NotebookHandlers = Pick<
  Handlers,
  Extract<
    keyof Handlers,
    | `notebook:${string}`
    | `notes:${string}`
    | 'exam:rate'
    | 'exam:rating-preview'
    | 'exam:undo-rating'
    | 'exam:answer'
    | 'exam:guess'
    | 'exam:result'
    | 'exam:submit'
  >
>;

/** A review session is practice at its own pace: at most this many cards at once. */
export const REVIEW_SESSION_MAX = 50;

export interface NotebookDeps {
  engine: () => ExamEngine;
  notebook: () => Notebook;
  store: () => CatalogStore;
  isLocked: (id: string) => boolean;
  now: () => number;
  logger: Logger;
  /** Settles once every submitted attempt is captured. */
  ready: () => Promise<void>;
}

const gradeOf = (facts: AnswerFacts): ReviewGrade => inferGrade(facts);

/** Where a question came from, for the notebook's filter: its first source, else its namespaced id. */
function sourceOf(store: CatalogStore, question: SnapshotQuestion): string {
  const stored = store.get(question.id);
  const first = stored?.sources[0];
  if (first) return first;
  const pack = /^pack:([^:]+):/.exec(question.id)?.[1];
  return pack ? `pack:${pack}` : 'unknown';
}

/**
 * Whether a submitted attempt still has misses for the notebook: a mock exam or retry not captured
 * yet, and graded (a sealed pack's exam is captured once the tutor's code releases it).
 */
export function awaitsCapture(engine: ExamEngine, notebook: Notebook, attemptId: string): boolean {
  const kind = engine.kindOf(attemptId);
  return kind !== null && kind !== 'review' && !notebook.isCaptured(attemptId) && !engine.awaitingRelease(attemptId);
}

/** Adds a submitted mock exam's misses and guesses (once; a crash before it is caught up at start). */
export async function captureAttempt(deps: NotebookDeps, attemptId: string): Promise<void> {
  const engine = deps.engine();
  if (!awaitsCapture(engine, deps.notebook(), attemptId)) return;
  const facts = await engine.graded(attemptId);
  const at = engine.submitted().find((a) => a.attemptId === attemptId)?.submittedAt ?? deps.now();
  const store = deps.store();
  await deps.notebook().capture(
    attemptId,
    at,
    facts.map((f) => ({ ...f, source: sourceOf(store, f.question) })),
  );
}

/** Attempts submitted while the notebook could not hear (a crash, an older version): oldest first. */
export async function catchUp(deps: NotebookDeps): Promise<void> {
  for (const { attemptId } of deps.engine().submitted()) {
    if (!awaitsCapture(deps.engine(), deps.notebook(), attemptId)) continue;
    await captureAttempt(deps, attemptId).catch((error: unknown) =>
      deps.logger.error('notebook capture failed', { error: String(error) }),
    );
  }
}

export function createNotebookHandlers(deps: NotebookDeps): NotebookHandlers {
  const { engine, notebook } = deps;

  /** Any reference (a catalog id, a version's id, a position in any attempt) → its question's own id. */
  const find = async (
    ref: QuestionRef,
  ): Promise<{ id: string; recordId: string; question: SnapshotQuestion | null }> => {
    if ('attemptId' in ref) {
      const question = await engine().questionAt(ref.attemptId, ref.index);
      if (!question) {
        // An attempt hidden now (visibility.hidesAttempt) answers as one that does not exist.
        if (!engine().shown(ref.attemptId)) throw new BridgeError('not-found');
        throw new BridgeError('locked-by-exam');
      }
      return { id: question.baseId, recordId: question.id, question };
    }
    const stored = deps.store().get(ref.questionId);
    const id = stored?.q.id ?? (notebook().has(ref.questionId) ? ref.questionId : null);
    if (id === null) throw new BridgeError('not-found');
    return {
      id,
      recordId: ref.questionId,
      question: stored ? await engine().snapshotFor(stored.id) : notebook().question(id),
    };
  };

  /**
   * The question's own id (cards and notes are keyed by it), refusing what the running exam locks.
   * The reference is resolved first and the lock decides on the question it names, whichever path
   * (an earlier attempt's position, a pack's version) the renderer took to it.
   */
  const resolve = async (ref: QuestionRef) => {
    const found = await find(ref);
    if (deps.isLocked(found.id) || deps.isLocked(found.recordId)) throw new BridgeError('locked-by-exam');
    return found;
  };

  /**
   * The cards as they are once loaded and every capture in flight has landed (a start's catch-up
   * among them): a rating or its preview read before that found no card, and said "not found"
   * right after launch (the noninterference game caught it as a difference between two runs).
   */
  const cardsReady = async () => {
    await deps.ready();
    await notebook().settled();
  };

  /** In a review session, a checked answer is a review of its card: rated now, changeable later. */
  const rate = async (attemptId: string, index: number, grade: ReviewGrade | null): Promise<ReviewGrade | null> => {
    if (engine().kindOf(attemptId) !== 'review') return null;
    await cardsReady();
    const facts = await engine().checked(attemptId, index);
    if (!facts) return null;
    const chosen = grade ?? gradeOf(facts);
    const id = facts.question.baseId;
    // The card first, then the attempt in one save (its rating, and the card's return when due again
    // today, Anki's learning steps): a crash between leaves a rating that a new one replaces.
    await notebook().review(id, chosen, deps.now(), { attemptId, index });
    await engine().recordRating(attemptId, index, chosen, notebook().dueToday(id, deps.now()));
    return chosen;
  };

  const note = (baseId: string) => notebook().note(baseId);
  const lookup = { note, has: (baseId: string) => notebook().has(baseId) };
  const isSealed = (id: string) =>
    Boolean((deps.store().get(id)?.q as Record<string, unknown> | undefined)?.[SEALED_MARK]);
  return {
    // Results carry the student's notes and say which questions are cards (the review offers to add the others).
    'exam:submit': async ({ attemptId }) => {
      const submitted = await engine().submit(attemptId, lookup);
      // Its misses are being captured: the result says what the notebook holds once they are.
      await deps.ready();
      return submitted.kind === 'review' ? submitted : engine().result(attemptId, lookup);
    },
    'exam:result': async ({ attemptId }) => {
      await deps.ready();
      return engine().result(attemptId, lookup);
    },
    'exam:answer': async ({ attemptId, index, choice }) => {
      const saved = await engine().answer(attemptId, index, choice);
      return { ...saved, grade: saved.feedback ? await rate(attemptId, index, null) : null };
    },
    // "Chutei" after checking a review answer changes what the answer says about memory.
    'exam:guess': async ({ attemptId, index, guessed }) => {
      const saved = await engine().guess(attemptId, index, guessed);
      await rate(attemptId, index, null);
      return saved;
    },
    'exam:rate': async ({ attemptId, index, grade }) => {
      if (engine().kindOf(attemptId) !== 'review') throw new BridgeError('invalid-argument', { field: 'attemptId' });
      const saved = await rate(attemptId, index, grade);
      if (saved === null) throw new BridgeError('not-found');
      return { saved: true, grade: saved };
    },
    'exam:rating-preview': async ({ attemptId, index }) => {
      if (engine().kindOf(attemptId) !== 'review') throw new BridgeError('invalid-argument', { field: 'attemptId' });
      await cardsReady();
      const facts = await engine().checked(attemptId, index);
      const preview = facts && notebook().preview(facts.question.baseId, deps.now(), { attemptId, index });
      if (!preview) throw new BridgeError('not-found');
      return preview;
    },
    'exam:undo-rating': async ({ attemptId }) => {
      if (engine().kindOf(attemptId) !== 'review') throw new BridgeError('invalid-argument', { field: 'attemptId' });
      await cardsReady();
      const index = await engine().undoRating(attemptId);
      const facts = index === null ? null : await engine().checked(attemptId, index);
      if (index !== null && facts) await notebook().unreview(facts.question.baseId, { attemptId, index });
      const state = await engine().current();
      if (!state || state.attemptId !== attemptId) throw new BridgeError('exam-over');
      return state;
    },
    'notebook:overview': async () => {
      await deps.ready();
      await notebook().settled();
      return notebook().overview(deps.now());
    },
    'notebook:list': async ({ filter }) => {
      await deps.ready();
      await notebook().settled();
      // A locked question's card (and its note) is not there for now: the notebook asks visibility.
      return notebook().list(filter, deps.now(), (ref) => engine().renderImage(ref));
    },
    'notebook:add': async ({ ref }) => {
      await deps.ready();
      const { id, recordId, question } = await resolve(ref);
      if (!question) throw new BridgeError('not-found');
      // A sealed pack's question has no key until the tutor's code: a card of it would be reviewed as all wrong.
      const sealed = 'attemptId' in ref ? engine().awaitingRelease(ref.attemptId) : isSealed(recordId) || isSealed(id);
      if (sealed) throw new BridgeError('sealed-pack');
      const { added } = await notebook().add(question, sourceOf(deps.store(), question), deps.now());
      return { added, id };
    },
    'notebook:remove': ({ id }) => notebook().remove(id),
    'notebook:set-plan': async ({ plan }) => {
      await notebook().setPlan(plan);
      return notebook().overview(deps.now());
    },
    'notebook:start-review': async () => {
      await deps.ready();
      await notebook().settled();
      const ids = notebook().dueIds(deps.now()).slice(0, REVIEW_SESSION_MAX);
      const questions = ids.flatMap((id) => notebook().question(id) ?? []);
      await engine().startWith(
        questions,
        { title: 'Revisão do caderno', mode: 'practice', timeLimitMinutes: null, strict: false },
        'review',
      );
      const state = await engine().current();
      if (!state) throw new BridgeError('exam-over');
      return state;
    },
    'notes:get': async ({ ref }) => ({ text: notebook().note((await resolve(ref)).id) }),
    'notes:set': async ({ ref, text }) => ({
      text: await notebook().setNote((await resolve(ref)).id, text, deps.now()),
    }),
  };
}
