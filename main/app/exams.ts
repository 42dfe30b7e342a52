// Bridge handlers of the exam engine, and its clock.
import type { Handlers } from './types.js';
import { BridgeError } from '../../preload/contract.js';
import { PRESETS } from '../core/exams/builder.js';
import type { ExamClock, ExamEngine, PackOrigin } from '../core/exams/engine.js';

/** Answering, guessing and rating are the notebook's too (a review session rates answers): ./notebook.ts. */
type ExamHandlers = Pick<
  Handlers,
  Exclude<
    Extract<keyof Handlers, `exam:${string}`>,
    | 'exam:answer'
    | 'exam:guess'
    | 'exam:rate'
    | 'exam:rating-preview'
    | 'exam:undo-rating'
    | 'exam:result'
    | 'exam:submit'
    | 'exam:missed-deadlines'
  >
>;

/** Main's exam clock. `speed` > 1 only for testers (EXAM_PRACTICE_CLOCK_SPEED): it runs from a
 * fixed epoch so that time keeps moving forward across restarts. */
export function examClock(speed = 1): ExamClock {
  if (speed === 1) return { now: () => Date.now(), speed };
  const epoch = Date.UTC(2026, 0, 1);
  return { now: () => epoch + (Date.now() - epoch) * speed, speed };
}

export function createExamHandlers(
  engine: () => ExamEngine,
  /** The imported pack by id (its exam's results can be exported), or null. */
  packOf: (id: string) => Promise<PackOrigin | null>,
): ExamHandlers {
  return {
    'exam:presets': () => Promise.resolve(PRESETS),
    'exam:count': ({ request }) => Promise.resolve(engine().count(request)),
    // An exam whose questions all come from one pack is that pack's exam (the engine finds the pack).
    'exam:start': ({ request, settings }) =>
      engine().start(request, settings, 'exam', async (id) => {
        const pack = await packOf(id);
        // Practice checks each answer at once: a sealed pack has no key to check against yet.
        if (pack?.sealed && !pack.released && settings.mode === 'practice') throw new BridgeError('sealed-pack');
        return pack;
      }),
    'exam:current': () => engine().current(),
    'exam:flag': ({ attemptId, index, flagged }) => engine().flag(attemptId, index, flagged),
    'exam:eliminate': ({ attemptId, index, choice, eliminated }) =>
      engine().eliminate(attemptId, index, choice, eliminated),
    'exam:visit': ({ attemptId, index }) => engine().visit(attemptId, index),
    'exam:presence': ({ attemptId, present }) => engine().presence(attemptId, present),
    'exam:history': () => engine().history(),
    'exam:retry-wrong': async ({ attemptId, includeBlank }) => {
      const wrong = (await engine().result(attemptId)).questions.filter(
        (q) => q.isCorrect === false && (includeBlank || q.chosen !== null),
      ).length;
      return engine().retryWrong(
        attemptId,
        {
          title: 'Revisão dos erros',
          mode: 'timed',
          timeLimitMinutes: Math.max(5, wrong * 3),
          strict: true,
          warnings: [5],
        },
        includeBlank,
      );
    },
  };
}
