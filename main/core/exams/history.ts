// What the history screen and the class loop read of submitted attempts: a line per attempt (no
// score that a hidden question would let one infer), and a pack exam's answers in the pack's own
// terms (its question ids and original letters, whatever the shuffle).
import type { AttemptSummary, ExamResult } from '../../../preload/contract.js';
import type { Attempt, PackOrigin, SnapshotQuestion } from './model.js';

/** A pack exam's answers in the pack's own terms: its question ids and original letters. */
export interface PackAnswers {
  pack: PackOrigin;
  attemptId: string;
  startedAt: number;
  submittedAt: number;
  timeLimitMs: number | null;
  answers: { questionId: string; choice: string | null; guessed: boolean; timeMs: number }[];
}

export async function historyOf(
  attempts: Iterable<Attempt>,
  resultOf: (attemptId: string) => Promise<ExamResult>,
): Promise<AttemptSummary[]> {
  const ordered = [...attempts].sort(
    (a, b) => b.createdAt - a.createdAt || Number(b.status === 'running') - Number(a.status === 'running'),
  );
  const summaries: AttemptSummary[] = [];
  for (const attempt of ordered) {
    const result = attempt.status === 'submitted' ? await resultOf(attempt.id) : null;
    summaries.push({
      attemptId: attempt.id,
      title: attempt.config.title,
      titleKey: attempt.config.titleKey,
      mode: attempt.config.mode,
      status: attempt.status,
      full: attempt.config.mode === 'timed' && attempt.config.kind === 'exam',
      kind: attempt.config.kind,
      startedAt: attempt.createdAt,
      submittedAt: attempt.submittedAt,
      // A partial score would tell, beside the visible questions, how the hidden ones went.
      correct: result && result.score.hidden === 0 ? result.score.correct : null,
      total: attempt.questions.length,
      bySubject: result && result.score.hidden === 0 ? result.bySubject : [],
      awaitingRelease: result?.awaitingRelease ?? false,
      paper: attempt.config.paper,
    });
  }
  return summaries;
}

export function packAnswersOf(
  attempt: Attempt & { submittedAt: number },
  pack: PackOrigin,
  questions: SnapshotQuestion[],
): PackAnswers {
  const namespace = `pack:${pack.id}:`;
  return {
    pack,
    attemptId: attempt.id,
    startedAt: attempt.createdAt,
    submittedAt: attempt.submittedAt,
    timeLimitMs: attempt.config.timeLimitMs,
    answers: attempt.questions.map((entry, index) => {
      const question = questions[index];
      const id = question?.id ?? entry.questionId;
      const original = entry.answer === null ? undefined : entry.order[entry.answer];
      return {
        // A pack's own version of a question another source stored differently is namespaced here.
        questionId: id.startsWith(namespace) ? id.slice(namespace.length) : id,
        choice: original === undefined ? null : (question?.alternatives[original]?.letter ?? null),
        guessed: entry.guessed,
        timeMs: Math.round(entry.timeMs),
      };
    }),
  };
}
