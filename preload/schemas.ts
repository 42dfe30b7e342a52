// zod schemas of everything the renderer sends: main validates every bridge argument with
// them. Kept apart from contract.ts so that the preload and the renderer, which need only
// types, do not carry zod.
import { z } from 'zod';
import { AREA_IDS, FOREIGN_LANGUAGES, PACK_FILE_MAX_BYTES } from './constants';

export const productSchema = z.enum(['vestibulares', 'enem']);
export type Product = z.infer<typeof productSchema>;
export const difficultySchema = z.enum(['easy', 'medium', 'hard']);
export type Difficulty = z.infer<typeof difficultySchema>;

const uuid = z.string().uuid();

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
const packBytes = z
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

const minutesSchema = z
  .number()
  .int()
  .min(1)
  .max(24 * 60);
/** Seeds are 32-bit: the exam engine's generator takes one word. */
const seedSchema = z
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

const questionRefSchema = z.union([
  z.strictObject({ questionId: z.string().min(1).max(400) }),
  z.strictObject({ attemptId: z.string().uuid(), index: z.number().int().min(0).max(10_000) }),
]);

const notebookFilterSchema = z.strictObject({
  status: z.enum(['due', 'new', 'learning', 'mastered']).optional(),
  area: z.enum(AREA_IDS).optional(),
  subject: z.string().min(1).max(200).optional(),
  source: z.string().min(1).max(200).optional(),
  text: z.string().max(500).optional(),
});

/** 'YYYY-MM-DD' of a real calendar day. */
const isoDate = z
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

export const requestSchemas = {
  'app:info': z.strictObject({}),
  'app:notices': z.strictObject({}),
  'app:dismiss-notices': z.strictObject({}),
  'keys:status': z.strictObject({}),
  'keys:connect': z.strictObject({
    baseUrl: z.string().min(1).max(2000),
    apiKey: z.string().min(1).max(500),
    sessionOnly: z.boolean().optional(),
  }),
  'keys:remove': z.strictObject({ product: productSchema }),
  'sync:overview': z.strictObject({}),
  'sync:estimate': z.strictObject({ scope: scopeSchema }),
  'sync:start': z.strictObject({ scope: scopeSchema }),
  'sync:cancel': z.strictObject({}),
  'catalog:facets': z.strictObject({}),
  'catalog:query': z.strictObject({
    filter: libraryFilterSchema,
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(500),
  }),
  'catalog:question': z.strictObject({ id: z.string().min(1).max(400) }),
  'catalog:reveal': z.strictObject({ id: z.string().min(1).max(400) }),
  'catalog:explanation': z.strictObject({ id: z.string().min(1).max(400) }),
  'catalog:set-explanation': z.strictObject({
    id: z.string().min(1).max(400),
    text: z.string().max(20_000),
    /** A figure's bytes (PNG, JPEG, GIF, WebP or SVG, 5 MiB at most); null removes it; absent keeps it. */
    image: z
      .instanceof(Uint8Array)
      .refine((bytes) => bytes.length <= 5 * 1024 * 1024, 'at most 5 MiB')
      .nullable()
      .optional(),
  }),
  'settings:get': z.strictObject({}),
  'settings:set': z.strictObject({ settings: settingsSchema.partial() }),
  'cache:info': z.strictObject({}),
  'cache:clear': z.strictObject({ removePacks: z.boolean().optional() }),
  'shell:open-external': z.strictObject({ url: z.string().url().max(2000) }),
  'packs:list': z.strictObject({}),
  'packs:import': z.strictObject({ data: packBytes }),
  'packs:import-demo': z.strictObject({}),
  'packs:import-pending': z.strictObject({ token: z.string().uuid() }),
  'packs:remove': z.strictObject({ id: z.string().min(1).max(64) }),
  'packs:preview': z.strictObject({
    filter: libraryFilterSchema,
    ids: z.array(z.string().min(1)).max(50_000).optional(),
  }),
  'exam:presets': z.strictObject({}),
  'exam:count': z.strictObject({ request: examRequestSchema }),
  'exam:start': z.strictObject({ request: examRequestSchema, settings: examSettingsSchema }),
  'exam:current': z.strictObject({}),
  'exam:answer': z.strictObject({
    attemptId: z.string().uuid(),
    index: z.number().int().min(0),
    choice: z.number().int().min(0).max(9).nullable(),
  }),
  'exam:flag': z.strictObject({ attemptId: z.string().uuid(), index: z.number().int().min(0), flagged: z.boolean() }),
  'exam:eliminate': z.strictObject({
    attemptId: z.string().uuid(),
    index: z.number().int().min(0),
    choice: z.number().int().min(0).max(9),
    eliminated: z.boolean(),
  }),
  'exam:guess': z.strictObject({ attemptId: z.string().uuid(), index: z.number().int().min(0), guessed: z.boolean() }),
  'exam:visit': z.strictObject({ attemptId: z.string().uuid(), index: z.number().int().min(0) }),
  'exam:submit': z.strictObject({ attemptId: z.string().uuid() }),
  'exam:result': z.strictObject({ attemptId: z.string().uuid() }),
  'exam:history': z.strictObject({}),
  'exam:missed-deadlines': z.strictObject({}),
  // Wrong answers only, unless the student asks for the blank ones too.
  'exam:retry-wrong': z.strictObject({ attemptId: z.string().uuid(), includeBlank: z.boolean().optional() }),
  'exam:rate': z.strictObject({
    attemptId: z.string().uuid(),
    index: z.number().int().min(0),
    grade: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  }),
  'exam:rating-preview': z.strictObject({ attemptId: z.string().uuid(), index: z.number().int().min(0) }),
  'exam:undo-rating': z.strictObject({ attemptId: z.string().uuid() }),
  // The exam screen is in front and visible (or not): time per question counts only while it is.
  'exam:presence': z.strictObject({ attemptId: z.string().uuid(), present: z.boolean() }),
  'notebook:overview': z.strictObject({}),
  'notebook:list': z.strictObject({ filter: notebookFilterSchema }),
  'notebook:add': z.strictObject({ ref: questionRefSchema }),
  'notebook:remove': z.strictObject({ id: z.string().min(1).max(400) }),
  'notebook:set-plan': z.strictObject({ plan: notebookPlanSchema }),
  'notebook:start-review': z.strictObject({}),
  'notes:get': z.strictObject({ ref: questionRefSchema }),
  'class:export-result': z.strictObject({ attemptId: z.string().uuid(), student: z.string().trim().min(1).max(100) }),
  'class:report': z.strictObject({
    pack: packBytes,
    /** A sealed pack's release code (its answers are the report's key). */
    code: z.string().min(1).max(40).optional(),
    /** The students' .examresult files (up to 1,000). */
    results: z
      .array(
        z.strictObject({
          name: z.string().min(1).max(255),
          // Larger than any result file (512 KiB): the reader refuses it by name, the others still count.
          data: z.instanceof(Uint8Array).refine((b) => b.byteLength <= 8 * 1024 * 1024, 'at most 8 MiB'),
        }),
      )
      .max(1000),
  }),
  'notes:set': z.strictObject({ ref: questionRefSchema, text: z.string().max(5_000) }),
  'packs:build': z.strictObject({
    filter: libraryFilterSchema,
    ids: z.array(z.string().min(1)).max(50_000).optional(),
    title: z.string().trim().min(1).max(200),
    description: z.string().max(5000).optional(),
    author: z.string().max(200).optional(),
    examConfig: packExamConfigSchema.optional(),
    /** Seal the answers: the app makes a release code for the tutor to give when the class is done. */
    seal: z.boolean().optional(),
  }),
  'packs:to-moodle': z.strictObject({ data: packBytes }),
  'packs:from-moodle': z.strictObject({
    /** A Moodle XML file (images inline make them large): 64 MiB at most. */
    data: z.instanceof(Uint8Array).refine((b) => b.byteLength > 0 && b.byteLength <= 64 * 1024 * 1024),
    title: z.string().trim().min(1).max(200),
  }),
  'paper:print': z.strictObject({
    request: examRequestSchema,
    title: z.string().trim().min(1).max(200),
    minutes: minutesSchema.nullable(),
    versions: z.number().int().min(1).max(6),
    seed: seedSchema.optional(),
    /** Numbered answer sheets, one per student (a scan tells them apart). */
    sheets: z.number().int().min(1).max(200).optional(),
    /** One student's accommodation: booklets of their own beside the class's (never in them). */
    accommodation: z
      .strictObject({
        /** The exam's "prova ampliada" (18 points) or "superampliada" (24 points); false: the class's type. */
        enlarged: z.union([z.literal(false), z.literal(18), z.literal(24)]),
        extraMinutes: z
          .number()
          .int()
          .min(0)
          .max(24 * 60),
      })
      .optional(),
  }),
  'paper:list': z.strictObject({}),
  'paper:grade': z.strictObject({
    code: z.string().regex(/^P[0-9A-Z]{6}$/),
    version: z.number().int().min(1).max(6),
    /** One symbol per question: A–E, '-', '.' or '_' for blank, '*' for a double mark; whitespace only separates. */
    answers: z.string().max(600),
    student: z.string().max(100).optional(),
    /** ENEM day 1: the foreign language marked on the sheet (rows 01–05 are its questions). */
    language: z.enum(['ingles', 'espanhol']).optional(),
    /** A scanned sheet's printed number: its result joins the open batch, and a second grading is refused… */
    sheet: z.number().int().min(1).max(9999).optional(),
    /** …unless the tutor chose to keep both attempts. */
    again: z.boolean().optional(),
  }),
  'paper:scan-session': z.strictObject({ code: z.string().regex(/^P[0-9A-Z]{6}$/) }),
  'paper:scan-session-save': z.strictObject({
    code: z.string().regex(/^P[0-9A-Z]{6}$/),
    reviews: z
      .array(
        z.strictObject({
          sheet: z.number().int().min(1).max(9999),
          student: z.string().max(100),
          version: z.number().int().min(1).max(6).nullable(),
          language: z.enum(['ingles', 'espanhol']).nullable(),
          decided: z.record(z.string().regex(/^\d{1,3}$/), z.string().regex(/^[A-E*-]$/)),
        }),
      )
      .max(500),
  }),
  'paper:scan-session-close': z.strictObject({ code: z.string().regex(/^P[0-9A-Z]{6}$/) }),
  'updates:status': z.strictObject({}),
  'updates:check': z.strictObject({}),
  'updates:install': z.strictObject({}),
  'paper:scan': z.strictObject({
    code: z.string().regex(/^P[0-9A-Z]{6}$/),
    /** A scanner's PDFs or phone photos (JPEG/PNG): 24 files, 160 MiB in all at most. */
    files: z
      .array(
        z.strictObject({
          name: z.string().min(1).max(255),
          data: z.instanceof(Uint8Array).refine((b) => b.byteLength > 0 && b.byteLength <= 64 * 1024 * 1024),
        }),
      )
      .min(1)
      .max(24)
      .refine((files) => files.reduce((sum, f) => sum + f.data.byteLength, 0) <= 160 * 1024 * 1024),
  }),
  'packs:release': z.strictObject({ id: z.string().min(1).max(64), code: z.string().min(1).max(40) }),
  /** What the app offers to save: 500 files (a class's result files), 512 MiB in all at most. */
  'files:save': z.strictObject({
    files: z
      .array(
        z.strictObject({
          fileName: fileNameSchema,
          data: z.union([z.instanceof(Uint8Array), z.string().max(64 * 1024 * 1024)]),
        }),
      )
      .min(1)
      .max(500)
      .refine((files) => files.reduce((sum, f) => sum + f.data.length, 0) <= 512 * 1024 * 1024),
  }),
} as const;
