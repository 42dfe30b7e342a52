// The error notebook's files as stored (zod schemas of notebook.json, notebook-questions.json and
// notes.json) and the shapes the notebook class works on.
import { z } from 'zod';
import { snapshotQuestionSchema, type SnapshotQuestion } from '../exams/model.js';
import { DEFAULT_NEW_PER_DAY, MAX_NEW_PER_DAY, MIN_NEW_PER_DAY } from './daily.js';
import {
  cardStateSchema,
  DEFAULT_DAILY_LIMIT,
  DEFAULT_EXAM_TIME,
  DEFAULT_RETENTION,
  gradeSchema,
  MAX_DAILY_LIMIT,
  MAX_RETENTION,
  MIN_DAILY_LIMIT,
  MIN_RETENTION,
} from './schedule.js';

export const NOTE_MAX_CHARS = 5_000;
/** Review log entries kept (retention over time needs twelve weeks; this is far more). */

export const reasonSchema = z.enum(['wrong', 'guessed', 'added']);

export const cardSchema = z.object({
  id: z.string(),
  reason: reasonSchema,
  /** Where the question came from ('api:enem', 'pack:<id>'…), for the filter. */
  source: z.string(),
  addedAt: z.number(),
  fsrs: cardStateSchema,
  /** The last review, so a rating changed before moving on replaces it instead of adding one. */
  last: z
    .object({ attemptId: z.string(), index: z.number().int(), at: z.number(), before: cardStateSchema })
    .nullable()
    .default(null),
});
export type Card = z.infer<typeof cardSchema>;

export const logEntrySchema = z.object({
  at: z.number(),
  id: z.string(),
  grade: gradeSchema,
  /** The card was in review (a real test of memory), not a first sight or a learning step. */
  recall: z.boolean(),
  /** The card's first review: it was introduced (the new-card limit counts these). */
  fresh: z.boolean().default(false),
  /** A review session's rating, or a mock exam's answer (the day's limits count sessions only). */
  via: z.enum(['session', 'exam']).default('session'),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** FSRS's parameters fitted to the student's reviews (fit.ts), and how they did on held-out reviews. */
export const fittedModelSchema = z.object({
  /** The fitted parameters, or null when they did not beat FSRS's defaults on the held-out reviews. */
  parameters: z.array(z.number()).nullable(),
  at: z.number(),
  /** Learnable reviews in the log at the fit (fit.ts), and the held-out reviews that checked it. */
  reviews: z.number().int().nonnegative(),
  heldOut: z.number().int().nonnegative(),
  logLoss: z.object({ fitted: z.number(), defaults: z.number() }),
  rmse: z.object({ fitted: z.number(), defaults: z.number() }),
});
export type FittedModel = z.infer<typeof fittedModelSchema>;

export const notebookFileSchema = z.object({
  version: z.literal(1),
  plan: z.object({
    examDate: z.string().nullable(),
    examLabel: z.string().max(100).nullable(),
    retention: z.number().min(MIN_RETENTION).max(MAX_RETENTION),
    /** Cards a day, new ones included (older notebooks: the default). */
    dailyLimit: z.number().int().min(MIN_DAILY_LIMIT).max(MAX_DAILY_LIMIT).default(DEFAULT_DAILY_LIMIT),
    /** New cards introduced a day. */
    newPerDay: z.number().int().min(MIN_NEW_PER_DAY).max(MAX_NEW_PER_DAY).default(DEFAULT_NEW_PER_DAY),
    /** When the exam starts on its day, 'HH:MM' Brasília time. */
    examTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .default(DEFAULT_EXAM_TIME),
  }),
  /** The memory model fitted to this student (null until there are enough reviews). */
  model: fittedModelSchema.nullable().default(null),
  cards: z.record(z.string(), cardSchema),
  log: z.array(logEntrySchema),
  /** Submitted attempts already captured: one missing here is captured at the next start. */
  captured: z.array(z.string()),
  /** The day the daily reminder was last shown ('YYYY-MM-DD'). */
  remindedOn: z.string().nullable().default(null),
});
export type NotebookData = z.infer<typeof notebookFileSchema>;

export const questionsFileSchema = z.object({ questions: z.record(z.string(), snapshotQuestionSchema) });
export const notesFileSchema = z.object({
  notes: z.record(z.string(), z.object({ text: z.string().max(NOTE_MAX_CHARS), updatedAt: z.number() })),
});

/** One question of a graded attempt, as the notebook needs it. */
export interface GradedAnswer {
  question: SnapshotQuestion;
  source: string;
  answered: boolean;
  correct: boolean;
  guessed: boolean;
  timeMs: number;
  budgetMs: number;
}

export const emptyNotebook = (): NotebookData => ({
  version: 1,
  plan: {
    examDate: null,
    examLabel: null,
    retention: DEFAULT_RETENTION,
    dailyLimit: DEFAULT_DAILY_LIMIT,
    newPerDay: DEFAULT_NEW_PER_DAY,
    examTime: DEFAULT_EXAM_TIME,
  },
  model: null,
  cards: {},
  log: [],
  captured: [],
  remindedOn: null,
});
