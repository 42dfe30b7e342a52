// An attempt as stored (attempts/<id>.json). Everything here stays in main: the
// renderer gets ExamView (no key, no original letters) until submission.
import { z } from 'zod';

export const attemptQuestionSchema = z.object({
  questionId: z.string(),
  /** Displayed position → index of the original alternative. */
  order: z.array(z.number().int().nonnegative()),
  /** Chosen displayed position, null when unanswered. */
  answer: z.number().int().nonnegative().nullable(),
  flagged: z.boolean(),
  eliminated: z.array(z.number().int().nonnegative()),
  /** Milliseconds spent on this question (authoritative, counted in main). */
  timeMs: z.number().nonnegative(),
  /** Practice mode: the answer was checked, so the key of this question was shown. */
  revealed: z.boolean(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

export const attemptConfigSchema = z.object({
  title: z.string(),
  mode: z.enum(['timed', 'practice']),
  /** Strict: the clock runs while the app is closed. Otherwise it pauses. */
  strict: z.boolean(),
  timeLimitMs: z.number().int().positive().nullable(),
  /** Minutes before the deadline at which the student is warned. */
  warnings: z.array(z.number().int().positive()),
});
export type AttemptConfig = z.infer<typeof attemptConfigSchema>;

export const attemptSchema = z.object({
  id: z.string(),
  version: z.literal(1),
  seed: z.number().int().nonnegative(),
  config: attemptConfigSchema,
  createdAt: z.number(),
  /** Epoch ms; moves later when a non-strict attempt was paused. Null when untimed. */
  deadline: z.number().nullable(),
  status: z.enum(['running', 'submitted']),
  submittedAt: z.number().nullable(),
  submittedBy: z.enum(['student', 'deadline']).nullable(),
  current: z.number().int().nonnegative(),
  /** When the current question was opened (for time per question). */
  currentSince: z.number(),
  /** Last moment the app was known to be running this attempt (for pausing after a crash). */
  lastSeenAt: z.number(),
  warned: z.array(z.number().int()),
  questions: z.array(attemptQuestionSchema).min(1),
});
export type Attempt = z.infer<typeof attemptSchema>;
