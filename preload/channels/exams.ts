// Mock exams: presets, counting, starting, answering, submitting, results, history, retries, and a notebook review's ratings.
// Each channel declared once: its request's schema (main validates every call with it), its
// response's type and its key policy (main/core/exams/visibility.ts), side by side.
import { z } from 'zod';
import { examRequestSchema, examSettingsSchema } from '../schemas.js';
import type {
  AttemptSummary,
  AttemptTitle,
  ExamCount,
  ExamPreset,
  ExamResult,
  ExamState,
  PracticeFeedback,
  RatingPreview,
} from '../contract/exams.js';
import type { ReviewGrade } from '../contract/notebook.js';
import { channel } from './declare.js';

export const examsChannels = {
  'exam:presets': channel<ExamPreset[]>()(z.strictObject({}), 'no-key'),
  'exam:count': channel<ExamCount>()(z.strictObject({ request: examRequestSchema }), 'no-key'),
  'exam:start': channel<ExamState>()(
    z.strictObject({ request: examRequestSchema, settings: examSettingsSchema }),
    'own-attempt',
  ),
  'exam:current': channel<ExamState | null>()(z.strictObject({}), 'own-attempt'),
  /** `grade`: in a review session, the rating inferred from the answer (the student may change it). */
  'exam:answer': channel<{ saved: true; feedback: PracticeFeedback | null; grade: ReviewGrade | null }>()(
    z.strictObject({
      attemptId: z.string().uuid(),
      index: z.number().int().min(0),
      choice: z.number().int().min(0).max(9).nullable(),
    }),
    'own-attempt',
  ),
  'exam:flag': channel<{ saved: true }>()(
    z.strictObject({ attemptId: z.string().uuid(), index: z.number().int().min(0), flagged: z.boolean() }),
    'no-key',
  ),
  'exam:eliminate': channel<{ saved: true }>()(
    z.strictObject({
      attemptId: z.string().uuid(),
      index: z.number().int().min(0),
      choice: z.number().int().min(0).max(9),
      eliminated: z.boolean(),
    }),
    'no-key',
  ),
  'exam:guess': channel<{ saved: true }>()(
    z.strictObject({ attemptId: z.string().uuid(), index: z.number().int().min(0), guessed: z.boolean() }),
    'no-key',
  ),
  'exam:visit': channel<{ saved: true }>()(
    z.strictObject({ attemptId: z.string().uuid(), index: z.number().int().min(0) }),
    'no-key',
  ),
  'exam:submit': channel<ExamResult>()(z.strictObject({ attemptId: z.string().uuid() }), 'redacts'),
  'exam:result': channel<ExamResult>()(z.strictObject({ attemptId: z.string().uuid() }), 'redacts'),
  'exam:history': channel<AttemptSummary[]>()(z.strictObject({}), 'redacts'),
  /** Attempts main submitted at their deadline while no window was open (each told once). */
  'exam:missed-deadlines': channel<({ attemptId: string } & AttemptTitle)[]>()(z.strictObject({}), 'no-key'),
  // Wrong answers only, unless the student asks for the blank ones too.
  'exam:retry-wrong': channel<ExamState>()(
    z.strictObject({ attemptId: z.string().uuid(), includeBlank: z.boolean().optional() }),
    'own-attempt',
  ),
  'exam:rate': channel<{ saved: true; grade: ReviewGrade }>()(
    z.strictObject({
      attemptId: z.string().uuid(),
      index: z.number().int().min(0),
      grade: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    }),
    'no-key',
  ),
  // When the card would come back: its schedule, never its key (a checked review answer only).
  'exam:rating-preview': channel<RatingPreview[]>()(
    z.strictObject({ attemptId: z.string().uuid(), index: z.number().int().min(0) }),
    'no-key',
  ),
  // The review session's state again: keys only of the questions already checked.
  'exam:undo-rating': channel<ExamState>()(z.strictObject({ attemptId: z.string().uuid() }), 'own-attempt'),
  // The exam screen is in front and visible (or not): time per question counts only while it is.
  'exam:presence': channel<{ saved: true }>()(
    z.strictObject({ attemptId: z.string().uuid(), present: z.boolean() }),
    'no-key',
  ),
};
