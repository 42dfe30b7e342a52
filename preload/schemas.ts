// zod schemas of everything the renderer sends: main validates every bridge argument with
// them. Kept apart from contract.ts so that the preload and the renderer, which need only
// types, do not carry zod.
import { z } from 'zod';
import { AREA_IDS, FOREIGN_LANGUAGES, PACK_FILE_MAX_BYTES } from './constants';

export const productSchema = z.enum(['vestibulares', 'enem']);
export type Product = z.infer<typeof productSchema>;
export const difficultySchema = z.enum(['easy', 'medium', 'hard']);
export type Difficulty = z.infer<typeof difficultySchema>;

export const uuid = z.string().uuid();

export const scopeSchema = z.strictObject({
  product: productSchema,
  examId: uuid.optional(),
  year: z.number().int().min(1900).max(2100).optional(),
  subjectId: uuid.optional(),
  difficulty: difficultySchema.optional(),
});
export type Scope = z.infer<typeof scopeSchema>;

export const libraryFilterSchema = z.strictObject({
  product: productSchema.optional(),
  examId: z.string().min(1).max(200).optional(),
  year: z.number().int().optional(),
  subjectId: z.string().min(1).max(200).optional(),
  difficulty: difficultySchema.optional(),
  source: z.string().min(1).max(200).optional(),
  text: z.string().max(5000).optional(), // a pasted ENEM passage fits (SEARCH_MAX_CHARS in main)
});
export type LibraryFilter = z.infer<typeof libraryFilterSchema>;

/** A pack file's bytes: at most 512 MiB over the bridge. */
export const packBytes = z
  .instanceof(Uint8Array)
  .refine((bytes) => bytes.byteLength > 0 && bytes.byteLength <= PACK_FILE_MAX_BYTES);

/**
 * A name for a file in a folder the user chose, on every OS: no folder part, no character Windows
 * refuses, no device name (CON, NUL, COM1…), no leading dot (hidden) or trailing dot or space.
 */
export const fileNameSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\\/:*?"<>|]+$/, 'no folder part or reserved character')
  .refine((name) => [...name].every((char) => char.charCodeAt(0) >= 0x20), 'no control character')
  .refine((name) => !/^\.|[. ]$/.test(name), 'no leading dot, no trailing dot or space')
  .refine((name) => !/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(name), 'not a device name');

export const minutesSchema = z
  .number()
  .int()
  .min(1)
  .max(24 * 60);
/** Seeds are 32-bit: the exam engine's generator takes one word. */
export const seedSchema = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32 - 1);

/** A tutor's fixed exam inside a pack (also the pack format's `examConfig`). */
export const packExamConfigSchema = z.strictObject({
  /** Fixed question order (when `count` is absent) or the pool to draw from. */
  questionIds: z.array(z.string().min(1)).max(10_000).optional(),
  count: z.number().int().min(1).max(500).optional(),
  timeLimitMinutes: minutesSchema.optional(),
  seed: seedSchema.optional(),
  strictTimer: z.boolean().optional(),
});

export const settingsSchema = z.strictObject({
  language: z.enum(['pt-BR', 'en']),
  theme: z.enum(['system', 'light', 'dark']),
  /** The national exam's foreign language: 5 questions of Linguagens are in it. */
  foreignLanguage: z.enum(FOREIGN_LANGUAGES),
  /** What the real exam grants: enlarged and super-enlarged type, 60 more minutes, shorter lines. */
  fontScale: z.enum(['normal', 'large', 'xlarge']),
  extraTime: z.boolean(),
  readingWidth: z.boolean(),
  /** Electron only: a desktop notification of today's notebook reviews, once a day (opt-in). */
  reviewReminders: z.boolean(),
  /** The name on the result files the student exports for a tutor (asked once, editable). */
  studentName: z.string().trim().max(100),
  /** An installed copy looks for new versions on start and daily (opt-out). */
  updates: z.boolean(),
  /** 'beta' also offers pre-releases. */
  updateChannel: z.enum(['stable', 'beta']),
});
export type Settings = z.infer<typeof settingsSchema>;

export const examRequestSchema = z.strictObject({
  /** 'api:enem', 'pack:<id>'…; empty or absent: every source. */
  sources: z.array(z.string().min(1).max(100)).max(50).optional(),
  examId: z.string().min(1).max(200).optional(),
  year: z.number().int().optional(),
  subjectId: z.string().min(1).max(200).optional(),
  difficulty: difficultySchema.optional(),
  /** The national exam's format: `perArea` questions of each area, in area blocks. */
  areas: z.array(z.enum(AREA_IDS)).min(1).max(4).optional(),
  perArea: z.number().int().min(1).max(90).optional(),
  count: z.number().int().min(1).max(500),
  preferUnseen: z.boolean().optional(),
  /** The national exam's presets: questions of the ENEM only (product, or exam named ENEM). */
  enemOnly: z.boolean().optional(),
  /** With `areas` including linguagens: its foreign-language questions are in this language. */
  foreignLanguage: z.enum(FOREIGN_LANGUAGES).optional(),
  /** A fixed list (a pack's exam, a retry): order kept unless shuffled. */
  questionIds: z.array(z.string().min(1)).max(500).optional(),
});
export type ExamRequest = z.infer<typeof examRequestSchema>;

/** A generated title's name, so it follows the UI language; absent for a title the student typed. */
export const titleKeySchema = z.enum(['enem-day1', 'enem-day2', 'enem-area', 'quick-10', 'custom']);

export const examSettingsSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  titleKey: titleKeySchema.optional(),
  mode: z.enum(['timed', 'practice']),
  timeLimitMinutes: minutesSchema.nullable(),
  strict: z.boolean(),
  warnings: z.array(minutesSchema).max(5).optional(),
  /** Testers pass one to replay an attempt exactly; otherwise a fresh one is stored with it. */
  seed: seedSchema.optional(),
  shuffleQuestions: z.boolean().optional(),
});
export type ExamSettings = z.infer<typeof examSettingsSchema>;

export const questionRefSchema = z.union([
  z.strictObject({ questionId: z.string().min(1).max(400) }),
  z.strictObject({ attemptId: z.string().uuid(), index: z.number().int().min(0).max(10_000) }),
]);

export const notebookFilterSchema = z.strictObject({
  status: z.enum(['due', 'new', 'learning', 'mastered']).optional(),
  area: z.enum(AREA_IDS).optional(),
  subject: z.string().min(1).max(200).optional(),
  source: z.string().min(1).max(200).optional(),
  text: z.string().max(500).optional(),
});

/** 'YYYY-MM-DD' of a real calendar day. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return (
      date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 2000 && y <= 2100
    );
  }, 'not a calendar day');

export const notebookPlanSchema = z.strictObject({
  examDate: isoDate.nullable(),
  examLabel: z.string().trim().max(100).nullable(),
  retention: z.number().min(0.7).max(0.97),
  /** Cards a day, new ones included (docs/notebook.md); unchanged when absent. */
  dailyLimit: z.number().int().min(5).max(1000).optional(),
  /** New cards introduced a day (0 pauses them); unchanged when absent. */
  newPerDay: z.number().int().min(0).max(500).optional(),
  /** When the exam starts, 'HH:MM' Brasília time; unchanged when absent. */
  examTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .optional(),
});
