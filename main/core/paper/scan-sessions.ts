// A scanned class is a batch the tutor works through, perhaps over a day: the sheets read, the
// tutor's decisions on each (name, booklet colour, language, every flagged question) and what was
// graded, kept on disk until the tutor closes the batch — a screen change, a restart or a second
// scan of the same pile loses nothing. One open batch per paper exam, keyed by its code.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { ScanRefusal, ScanResult, ScannedSheet } from '../../../preload/contract.js';
import { createDocument, readDocument } from '../util/document.js';
import { JsonFile } from '../util/json-file.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';
import { OneAtATime } from '../util/one-at-a-time.js';

const language = z.enum(['ingles', 'espanhol']).nullable();

const scannedSheetSchema = z.object({
  code: z.string(),
  sheet: z.number().int().positive(),
  source: z.string(),
  version: z.number().int().positive().nullable(),
  language,
  nameCrop: z.string(),
  answers: z.string(),
  flags: z.array(
    z.object({
      question: z.number().int().positive(),
      kind: z.enum(['double', 'doubtful']),
      marks: z.array(z.enum(['blank', 'marked', 'doubtful'])),
      fill: z.array(z.number()),
      crop: z.string(),
    }),
  ),
});

/** What the tutor settled on a sheet so far. */
const reviewSchema = z.object({
  student: z.string().max(100),
  version: z.number().int().positive().nullable(),
  language,
  /** Per flagged question (1-based, as a string key): the letter, '-' blank or '*' double. */
  decided: z.record(z.string(), z.string().regex(/^[A-E*-]$/)),
});

const sessionSheetSchema = z.object({
  sheet: scannedSheetSchema,
  review: reviewSchema,
  graded: z.object({ attemptId: z.string(), correct: z.number(), total: z.number() }).nullable(),
});

const sessionSchema = z.object({
  code: z.string(),
  startedAt: z.number(),
  updatedAt: z.number(),
  sheets: z.array(sessionSheetSchema),
  refused: z.array(
    z.object({
      source: z.string(),
      reason: z.string(),
      detail: z.string(),
      // The page as scanned, for a page the tutor must look at (a data URL of a small JPEG); kept with
      // the session, which used to drop it, so no refused page reached the screen with its picture.
      crop: z.string().max(1_000_000).optional(),
    }),
  ),
});

export type ScanSessionRecord = z.infer<typeof sessionSchema>;
export type SheetReview = z.infer<typeof reviewSchema>;

const CODE = /^P[0-9A-Z]{6}$/;

/** A sheet as read, before the tutor touched it: what the reader decided stands. */
const freshReview = (sheet: ScannedSheet): SheetReview => ({
  student: '',
  version: sheet.version,
  language: sheet.language,
  decided: {},
});

export class ScanSessions {
  /** Changes one at a time: a scan, the tutor's decisions and a grading read and write one document. */
  private readonly changes = new OneAtATime();
  constructor(
    private readonly dir: string,
    private readonly storage: StorageContext = WRITABLE_SILENT,
  ) {}

  private file(code: string) {
    return new JsonFile(join(this.dir, `${code}.json`), sessionSchema, {
      kind: 'scan-session',
      backup: true,
      ...this.storage,
    });
  }

  async get(code: string): Promise<ScanSessionRecord | null> {
    if (!CODE.test(code)) return null;
    return (await readDocument(this.file(code)))?.data ?? null;
  }

  private async put(session: ScanSessionRecord): Promise<ScanSessionRecord> {
    await mkdir(this.dir, { recursive: true });
    await createDocument(this.file(session.code), session);
    return session;
  }

  /**
   * A scan joins the exam's batch: a sheet read again replaces its earlier reading unless that one
   * was graded already (then the graded one stays, and the new reading is not offered twice).
   */
  addScan(code: string, result: ScanResult, now: number): Promise<ScanSessionRecord> {
    return this.changes.run(async () => {
      const session = (await this.get(code)) ?? { code, startedAt: now, updatedAt: now, sheets: [], refused: [] };
      const byNumber = new Map(session.sheets.map((entry) => [entry.sheet.sheet, entry]));
      for (const sheet of result.sheets) {
        const earlier = byNumber.get(sheet.sheet);
        if (earlier?.graded) continue;
        byNumber.set(sheet.sheet, { sheet, review: freshReview(sheet), graded: null });
      }
      const refusedKey = (r: ScanRefusal) => `${r.source}\u0000${r.reason}`;
      const refused = new Map(session.refused.map((r) => [refusedKey(r as ScanRefusal), r]));
      for (const r of result.refused) refused.set(refusedKey(r), r);
      return this.put({
        ...session,
        updatedAt: now,
        sheets: [...byNumber.values()].sort((a, b) => a.sheet.sheet - b.sheet.sheet),
        refused: [...refused.values()],
      });
    });
  }

  /** The tutor's decisions so far, saved as they are made (a sheet graded already keeps its own). */
  saveReviews(
    code: string,
    reviews: readonly ({ sheet: number } & SheetReview)[],
    now: number,
  ): Promise<ScanSessionRecord | null> {
    return this.changes.run(async () => {
      const session = await this.get(code);
      if (!session) return null;
      const given = new Map(reviews.map(({ sheet, ...review }) => [sheet, review]));
      const sheets = session.sheets.map((entry) => {
        const review = given.get(entry.sheet.sheet);
        return review && !entry.graded ? { ...entry, review } : entry;
      });
      return this.put({ ...session, updatedAt: now, sheets });
    });
  }

  /** A sheet graded: its result, one click away for as long as the batch is open. */
  markGraded(
    code: string,
    sheet: number,
    graded: { attemptId: string; correct: number; total: number },
    now: number,
  ): Promise<void> {
    return this.changes.run(async () => {
      const session = await this.get(code);
      if (!session?.sheets.some((entry) => entry.sheet.sheet === sheet)) return;
      await this.put({
        ...session,
        updatedAt: now,
        sheets: session.sheets.map((entry) => (entry.sheet.sheet === sheet ? { ...entry, graded } : entry)),
      });
    });
  }

  /** The tutor is done with the batch: it is gone (the graded attempts stay in history). */
  close(code: string): Promise<void> {
    return this.changes.run(async () => {
      if (!CODE.test(code)) return;
      await rm(join(this.dir, `${code}.json`), { force: true });
      await rm(join(this.dir, `${code}.json.bak`), { force: true });
    });
  }
}
