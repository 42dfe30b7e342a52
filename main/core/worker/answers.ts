// What the decoding worker answers is untrusted input, like the files it reads: a decoder exploited
// there could answer anything. Main checks each message's shape before it acts on it, and a pack's
// reading before it imports it or deletes anything: its manifest and questions by their schemas, its
// staging folder and every image file inside the temporary folder where the reader stages packs.
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { manifestSchema, packQuestionSchema, questionsFileSchema, STAGING_PREFIX } from '../packs/format.js';
import type { FromWorker, MoodleRead, PackRead } from './protocol.js';
import type { ClassTri } from '../../../preload/contract.js';
import { UNSEEN, type ClassReport } from '../class/report.js';
import { resultFileSchema, type ResultFile } from '../class/result-file.js';

const failureSchema = z.strictObject({
  type: z.enum(['RasterError', 'PackError', 'MoodleError', 'ResultFileError', 'Error']),
  code: z.string().max(100),
  detail: z.string().max(2_000),
  skipped: z.record(z.string(), z.number()).optional(),
});

/** The envelope of every message; a job's value is checked by the decoder that asked for it. */
const messageSchema = z.discriminatedUnion('type', [
  z.strictObject({ id: z.number().int().positive(), type: z.literal('opened'), pages: z.number().int().min(0) }),
  z.strictObject({ id: z.number().int().positive(), type: z.literal('page'), outcome: z.looseObject({}) }),
  z.strictObject({ id: z.number().int().positive(), type: z.literal('done'), value: z.unknown() }),
  z.strictObject({ id: z.number().int().positive(), type: z.literal('failed'), failure: failureSchema }),
  z.strictObject({ id: z.literal(0), type: z.literal('memory'), rss: z.number().min(0) }),
]);

/** A message as the worker's protocol has it, or null for anything else (the worker is then not trusted). */
export function checkedMessage(message: unknown): FromWorker | null {
  const parsed = messageSchema.safeParse(message);
  return parsed.success ? (parsed.data as FromWorker) : null;
}

/** A folder the pack reader made: directly in the temporary folder, named with its prefix. */
export function isStagingFolder(path: unknown, root = tmpdir()): path is string {
  if (typeof path !== 'string' || !isAbsolute(path)) return false;
  const normal = resolve(path);
  return normal === path && dirname(normal) === resolve(root) && basename(normal).startsWith(STAGING_PREFIX);
}

function inside(folder: string, file: string): boolean {
  const rel = relative(folder, resolve(file));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !rel.includes(`..${sep}`);
}

/** Rows checked per turn of main's event loop: a thousand students at once held it 60 ms. */
const SLICE = 100;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function everyInSlices(rows: readonly unknown[], check: (row: unknown) => boolean): Promise<boolean> {
  for (let start = 0; start < rows.length; start += SLICE) {
    if (!rows.slice(start, start + SLICE).every(check)) return false;
    await turn();
  }
  return true;
}

const packReadSchema = z.strictObject({
  manifest: manifestSchema,
  // Its questions are checked one slice at a time (below): thousands at once held main 60 ms.
  content: questionsFileSchema.extend({ questions: z.array(z.unknown()) }),
  sealed: z.instanceof(Uint8Array).nullable(),
  images: z.array(z.tuple([z.string().regex(/^[0-9a-f]{64}$/), z.string()])),
  tempDir: z.string(),
});

/** A pack's reading, checked; null when any part of it is not what the reader makes. */
export async function checkedPackRead(value: unknown, root = tmpdir()): Promise<PackRead | null> {
  const parsed = packReadSchema.safeParse(value);
  if (!parsed.success) return null;
  const read = parsed.data;
  if (!isStagingFolder(read.tempDir, root)) return null;
  if (!read.images.every(([, file]) => inside(read.tempDir, file))) return null;
  if (!(await everyInSlices(read.content.questions, (q) => packQuestionSchema.safeParse(q).success))) return null;
  return read as PackRead;
}

const moodleReadSchema = z.strictObject({
  bytes: z.instanceof(Uint8Array),
  manifest: manifestSchema,
  skipped: z.array(
    z.strictObject({
      name: z.string().max(1_000),
      reason: z.enum(['type', 'no-single-answer', 'too-few-answers', 'empty']),
    }),
  ),
});

/** A Moodle file converted into a pack, checked in shape (the pack itself is read as any pack is). */
export function checkedMoodleRead(value: unknown): MoodleRead | null {
  const parsed = moodleReadSchema.safeParse(value);
  return parsed.success ? (parsed.data as MoodleRead) : null;
}

const finite = z.number().finite();
const nullableFinite = finite.nullable();
const counts = z.strictObject({ key: z.string(), correct: finite, total: finite });
const average = z.strictObject({ key: z.string(), mean: finite, items: finite });

const triSchema = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('refused'),
    reason: z.enum(['too-few-students', 'too-few-items', 'failed', 'too-slow']),
    needed: finite,
    have: finite,
  }),
  z.strictObject({
    status: z.literal('ok'),
    model: z.enum(['rasch', '2pl', '3pl']),
    thresholds: z.strictObject({ minimum: finite, twoPl: finite, threePl: finite }),
    converged: z.boolean(),
    partial: finite,
    scoreSd: finite,
    // Checked a slice at a time below (a thousand students at once held main 40 ms).
    students: z.array(z.unknown()),
    items: z.array(z.unknown()),
    information: z.array(z.strictObject({ theta: finite, information: finite })),
    link: z
      .discriminatedUnion('status', [
        z.strictObject({
          status: z.literal('refused'),
          reason: z.enum(['unreadable', 'too-few-common']),
          problem: z.enum(['too-large', 'invalid-json', 'invalid-schema', 'future-version']).nullable(),
          common: finite,
          needed: finite,
        }),
        z.strictObject({
          status: z.literal('ok'),
          earlier: z.strictObject({ title: z.string(), sittingAt: z.string(), students: finite, score: finite }),
          common: finite,
          line: z.strictObject({ A: finite, B: finite }),
          score: finite,
          growth: finite,
          growthSe: finite,
          students: z.array(z.unknown()),
        }),
      ])
      .nullable(),
  }),
]);

const triStudentSchema = z.strictObject({ score: finite, se: finite });
const triItemSchema = z
  .strictObject({
    a: finite,
    b: finite,
    c: nullableFinite,
    infit: finite,
    outfit: finite,
    misfit: z.enum(['under', 'over']).nullable(),
  })
  .nullable();

/** A calibration as the class report shows it, or null. */
export async function checkedTri(value: unknown): Promise<ClassTri | null> {
  const parsed = triSchema.safeParse(value);
  if (!parsed.success) return null;
  const tri = parsed.data;
  if (tri.status === 'refused') return tri;
  const ok =
    (await everyInSlices(tri.students, (row) => triStudentSchema.safeParse(row).success)) &&
    (await everyInSlices(tri.items, (row) => triItemSchema.safeParse(row).success)) &&
    (tri.link?.status !== 'ok' ||
      (tri.link.students.length === tri.students.length &&
        (await everyInSlices(tri.link.students, (row) => triStudentSchema.safeParse(row).success))));
  return ok ? (value as ClassTri) : null;
}

const studentSchema = z.strictObject({
  name: z.string(),
  correct: finite,
  total: finite,
  timeMs: finite,
  bySubject: z.array(counts),
  byArea: z.array(counts),
});
const itemSchema = z.looseObject({
  id: z.string(),
  key: z.string(),
  facility: finite,
  pointBiserial: nullableFinite,
  flags: z.array(z.string()),
});

/** The class report's tables as the worker builds them (report.ts), but for its long arrays. */
const classReportSchema = z.strictObject({
  pack: z.strictObject({ id: z.string(), title: z.string(), contentHash: z.string() }),
  questions: z.array(
    z.strictObject({
      id: z.string(),
      key: z.string(),
      subject: z.string(),
      area: z.string().nullable(),
      statement: z.string(),
    }),
  ),
  accepted: z.array(z.strictObject({ file: z.string(), student: z.string(), submittedAt: z.string() })),
  rejected: z.array(z.strictObject({ file: z.string(), reason: z.string(), detail: z.string() })),
  duplicates: z.array(z.strictObject({ file: z.string(), student: z.string(), keptFile: z.string() })),
  analysis: z.strictObject({
    students: z.array(z.unknown()),
    items: z.array(z.unknown()),
    test: z.looseObject({ students: finite, items: finite, mean: finite }),
    bySubject: z.array(average),
    byArea: z.array(average),
    groupSize: finite,
    meanScore: finite,
  }),
  responses: z.strictObject({ students: finite, items: finite, cells: z.instanceof(Uint8Array) }),
});

/** The class report the worker built, or null when it is not what report.ts makes. */
export async function checkedClassReport(value: unknown): Promise<ClassReport | null> {
  const parsed = classReportSchema.safeParse(value);
  if (!parsed.success) return null;
  const { analysis, questions, responses } = parsed.data;
  const items = questions.length;
  const ok =
    (await everyInSlices(analysis.students, (row) => studentSchema.safeParse(row).success)) &&
    (await everyInSlices(analysis.items, (row) => itemSchema.safeParse(row).success)) &&
    responses.students === analysis.students.length &&
    responses.items === items &&
    responses.cells.length === responses.students * items &&
    responses.cells.every((cell) => cell <= UNSEEN);
  return ok ? (value as ClassReport) : null;
}

/** A result file as the worker read it, checked by the format's own schema. */
export function checkedResult(value: unknown): ResultFile | null {
  const parsed = resultFileSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** FSRS's parameters: a short list of finite numbers. */
export function checkedFit(value: unknown): number[] | null {
  const parsed = z.array(finite).max(64).safeParse(value);
  return parsed.success ? parsed.data : null;
}
