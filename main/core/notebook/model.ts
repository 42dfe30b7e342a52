// The error notebook's files as stored (zod schemas of notebook.json, notebook-questions.json and
// notes.json) and the shapes the notebook class works on.
import { z } from 'zod';
import { snapshotQuestionSchema, type SnapshotQuestion } from '../exams/model.js';
import {
  cardStateSchema,
  DEFAULT_DAILY_LIMIT,
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
});

export const notebookFileSchema = z.object({
  version: z.literal(1),
  plan: z.object({
    examDate: z.string().nullable(),
    examLabel: z.string().max(100).nullable(),
    retention: z.number().min(MIN_RETENTION).max(MAX_RETENTION),
    /** Reviews a day the balancer keeps under (older notebooks: the default). */
    dailyLimit: z.number().int().min(MIN_DAILY_LIMIT).max(MAX_DAILY_LIMIT).default(DEFAULT_DAILY_LIMIT),
  }),
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
  plan: { examDate: null, examLabel: null, retention: DEFAULT_RETENTION, dailyLimit: DEFAULT_DAILY_LIMIT },
  cards: {},
  log: [],
  captured: [],
  remindedOn: null,
});
