// Paper exams: printing, listing, grading a typed or scanned sheet, scanned batches.
// Each channel declared once: its request's schema (main validates every call with it), its
// response's type and its key policy (main/core/exams/visibility.ts), side by side.
import { z } from 'zod';
import { examRequestSchema, minutesSchema, seedSchema } from '../schemas.js';
import type { ExamResult } from '../contract/exams.js';
import type { PaperExamSummary, ScanResult, ScanSession } from '../contract/paper.js';
import { channel } from './declare.js';

export const paperChannels = {
  // Prints a key: refused while any exam runs.
  'paper:print': channel<{
    code: string;
    /** ENEM day 1 printed in English and Spanish (false: one language only, or none in the exam). */
    languageChoice: boolean;
    files: { fileName: string; data: Uint8Array<ArrayBuffer> }[];
  }>()(
    z.strictObject({
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
    'refuses',
  ),
  'paper:list': channel<PaperExamSummary[]>()(z.strictObject({}), 'no-key'),
  // Grading a sheet that shares a question with the running exam waits for its end, whatever the
  // letters: its score and the notebook cards it adds would tell that question's key.
  'paper:grade': channel<ExamResult>()(
    z.strictObject({
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
    'refuses',
  ),
  // Reads pixels of answer sheets: no question, no key.
  'paper:scan': channel<ScanResult>()(
    z.strictObject({
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
    'no-key',
  ),
  // A batch's graded scores are of its exam's questions: refused while the running exam locks one.
  'paper:scan-session': channel<ScanSession | null>()(
    z.strictObject({ code: z.string().regex(/^P[0-9A-Z]{6}$/) }),
    'refuses',
  ),
  'paper:scan-session-save': channel<ScanSession | null>()(
    z.strictObject({
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
    'refuses',
  ),
  'paper:scan-session-close': channel<{ closed: true }>()(
    z.strictObject({ code: z.string().regex(/^P[0-9A-Z]{6}$/) }),
    'no-key',
  ),
};
