// An attempt as stored (attempts/<id>.json). Everything here stays in main: the
// renderer gets ExamView (no key, no original letters) until submission.
import { z } from 'zod';
import { AREA_IDS } from '../../../preload/contract.js';
import { titleKeySchema } from '../../../preload/schemas.js';

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
  /** "Chutei": the student marked the answer as a guess. */
  guessed: z.boolean().default(false),
  /** A notebook review session: the rating of the answer (1 again … 4 easy). */
  grade: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
    .nullable()
    .default(null),
  /**
   * A review session: a card the student failed came back later in the session — the index of the
   * entry it first appeared at. Repeats come after every original entry and share its saved question.
   */
  repeatOf: z.number().int().nonnegative().nullable().default(null),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

export const attemptConfigSchema = z.object({
  title: z.string(),
  /** A generated title's name (the renderer says it in the UI's language); null for the student's own. */
  titleKey: titleKeySchema.nullable().default(null),
  /** A retry of misses or a notebook review is not a full exam (history's trend counts full exams only). */
  kind: z.enum(['exam', 'retry', 'review']).default('exam'),
  mode: z.enum(['timed', 'practice']),
  /** Strict: the clock runs while the app is closed. Otherwise it pauses. */
  strict: z.boolean(),
  timeLimitMs: z.number().int().positive().nullable(),
  /** Minutes before the deadline at which the student is warned. */
  warnings: z.array(z.number().int().positive()),
  /** Answers typed from a paper answer sheet: the paper exam, its booklet version and the student. */
  paper: z
    .object({
      code: z.string(),
      version: z.number().int().positive(),
      colour: z.string(),
      student: z.string().nullable(),
      /** Questions marked twice on the sheet (counted wrong, like the real exam). */
      doubles: z.number().int().nonnegative(),
      /** ENEM day 1: the foreign language marked on the sheet (null without a choice; absent before it existed). */
      language: z.enum(['ingles', 'espanhol']).nullable().optional(),
      /** A scanned sheet's printed number (a second grading of it is refused unless asked for). */
      sheet: z.number().int().positive().nullable().optional(),
    })
    .nullable()
    .default(null),
  /** The pack whose exam this is (its questions all from it): the student can export a result file. */
  pack: z
    .object({
      id: z.string(),
      title: z.string(),
      contentHash: z.string(),
      /** Its answers are sealed: no score, no key until the tutor's code releases them. */
      sealed: z.boolean().default(false),
      released: z.boolean().default(false),
    })
    .nullable()
    .default(null),
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
  /** A review session: the entry whose rating "undo" takes back (null when there is none to undo). */
  lastRated: z.number().int().nonnegative().nullable().default(null),
  /** The window was hidden or in the background since this moment: that time counts for no question. */
  awaySince: z.number().nullable().default(null),
  questions: z.array(attemptQuestionSchema).min(1),
  /** Images its questions show (sha256, mime): kept through pruning and clearing the cache. */
  images: z.array(z.tuple([z.string().regex(/^[0-9a-f]{64}$/), z.string()])).default([]),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** An image as the attempt saw it: its address, and its file when it was cached. */
export const imageRefSchema = z
  .object({
    url: z.string(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    mime: z.string().optional(),
  })
  .nullable();
export type ImageRef = z.infer<typeof imageRefSchema>;

/**
 * A question as it was when the attempt started (attempts/<id>.questions.json, written once):
 * results, review and history need nothing else, so clearing the cache, removing a pack or a
 * re-sync never changes or breaks them, and nothing imported later can change a running key.
 */
export const snapshotQuestionSchema = z.object({
  /** The stored record's id (a pack's namespaced version has its own). */
  id: z.string(),
  /** The question's own id: every version of one question shares it (the key lock uses it). */
  baseId: z.string(),
  statement: z.string(),
  image: imageRefSchema,
  subject: z.string(),
  /** The national exam's area of its subject (results by area). */
  area: z.enum(AREA_IDS).nullable().default(null),
  exam: z.string().nullable(),
  year: z.number().int().nullable(),
  difficulty: z.string().nullable(),
  alternatives: z.array(z.object({ id: z.string(), letter: z.string(), text: z.string(), image: imageRefSchema })),
  correctId: z.string().nullable(),
  /** The worked solution, shown only where the key may be (practice feedback, review). */
  explanation: z.string().nullable().default(null),
  explanationImage: imageRefSchema.default(null),
});
export type SnapshotQuestion = z.infer<typeof snapshotQuestionSchema>;
export const attemptQuestionsSchema = z.object({
  attemptId: z.string(),
  questions: z.array(snapshotQuestionSchema),
});

/** A question of a new attempt: not answered, flagged, struck or timed yet. */
export function freshEntry(questionId: string, order: number[]): AttemptQuestion {
  return {
    questionId,
    order,
    answer: null,
    flagged: false,
    eliminated: [],
    timeMs: 0,
    revealed: false,
    guessed: false,
    grade: null,
    repeatOf: null,
  };
}

/** The pack an attempt's questions all come from (a pack's exam). */
export interface PackOrigin {
  id: string;
  title: string;
  contentHash: string;
  sealed: boolean;
  released: boolean;
}
