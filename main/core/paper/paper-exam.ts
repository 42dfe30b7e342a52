// A paper exam: the questions as printed (snapshots, like an attempt's), its title, time, seed and
// how many booklet versions, kept in the data folder (paper/<code>.json) so that the letters
// students wrote on their answer sheets can be graded later, whatever changes in the catalog.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { ImageCache } from '../images/cache.js';
import type { ForeignLanguage } from '../../../preload/contract.js';
import { snapshotQuestionSchema, type SnapshotQuestion } from '../exams/model.js';
import { createDocument, readDocument } from '../util/document.js';
import { JsonFile } from '../util/json-file.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';
import { renderAnswerSheet, renderBooklet, renderKey, type EnlargedPoints, type PaperImage } from './pdf.js';
import { answeredIn, MAX_VERSIONS, planVersions, sheetRows, type BookletVersion } from './versions.js';

export const paperExamSchema = z.object({
  code: z.string().regex(/^P[0-9A-Z]{6}$/),
  title: z.string().min(1).max(200),
  minutes: z.number().int().positive().nullable(),
  seed: z.number().int().nonnegative(),
  versions: z.number().int().min(1).max(MAX_VERSIONS),
  createdAt: z.number(),
  questions: z.array(snapshotQuestionSchema).min(1).max(500),
  /** The pack whose questions these are (its result files go to the tutor), if one. */
  pack: z
    .object({
      id: z.string(),
      title: z.string(),
      contentHash: z.string(),
      /** Each question's number in the pack (its file's order), as the key names it; null when unknown. */
      numbers: z.array(z.number().int().positive().nullable()).optional(),
    })
    .nullable()
    .default(null),
  /** How the booklets group and number the questions (versions.ts); older records printed 'areas'. */
  layout: z.enum(['areas', 'enem']).default('areas'),
  /** ENEM day 1: English and Spanish printed as 01–05 each; the sheet asks which the student chose. */
  languageChoice: z.boolean().default(false),
});
export type PaperExamRecord = z.infer<typeof paperExamSchema>;

const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The exam's code, from its questions and seed: reprinting the same exam gives the same code. */
export function paperCode(questions: SnapshotQuestion[], seed: number, versions: number): string {
  const digest = createHash('sha256')
    .update(`${seed}\n${versions}\n${questions.map((q) => q.id).join('\n')}`)
    .digest();
  return `P${[...digest.subarray(0, 6)].map((b) => BASE32[b & 31]).join('')}`;
}

export function versionsOf(exam: PaperExamRecord): BookletVersion[] {
  return planVersions(exam.questions, exam.versions, exam.seed, exam);
}

/** The letters a student marks: one per sheet row (the shared 01–05 once). */
export function rowsOf(exam: PaperExamRecord): number {
  return sheetRows(exam.questions, exam);
}

/**
 * What one student answered, in the booklet's printed order: every question but those of the
 * foreign language not chosen. The sheet's rows follow the same order.
 */
export function answeredPositions(
  exam: PaperExamRecord,
  version: BookletVersion,
  language: ForeignLanguage | null,
): number[] {
  return version.order.flatMap((index, position) => {
    const question = exam.questions[index];
    if (!question) return [];
    const foreign = answeredIn(question, exam);
    return foreign === null || foreign === language ? [position] : [];
  });
}

/** Reads an image a snapshot points to, from the image cache (null when it is not there). */
export function cachedImage(images: ImageCache) {
  return async (ref: SnapshotQuestion['image']): Promise<PaperImage | null> => {
    const hit = ref?.sha256 ? images.fileOf(ref.sha256) : ref ? images.resolve(ref.url) : null;
    if (!hit) return null;
    return { bytes: await readFile(hit.path), mime: hit.mime };
  };
}

/** A print for one student's accommodation: the class's booklets stay as they are. */
export interface Accommodation {
  /**
   * The enlarged-type booklet, one column: the exam's "prova ampliada" (18 points) or
   * "superampliada" (24 points); false keeps the class's type.
   */
  enlarged: false | EnlargedPoints;
  /** Extra time the student has, said on the cover beside the class's time. */
  extraMinutes: number;
}

export interface PrintOptions {
  /** Each PDF as it is done (the CLI's progress): how many of how many. */
  onFile?: (done: number, total: number, name: string) => void;
  /** Numbered answer sheets to print (one per student; a scan tells them apart). */
  sheets?: number;
  /** Also print each version as an accommodated booklet (booklet-<n>-atendimento.pdf). */
  accommodation?: Accommodation | null;
}

const LANGUAGE_NAMES = { ingles: 'inglês', espanhol: 'espanhol' } as const;

/** Every PDF of a paper exam: booklet-<n>.pdf per version, answer-sheet.pdf and key.pdf. */
export async function printPaperExam(
  exam: PaperExamRecord,
  loadImage: (ref: SnapshotQuestion['image']) => Promise<PaperImage | null>,
  options: PrintOptions = {},
): Promise<Map<string, Buffer>> {
  const { onFile, sheets = 1, accommodation = null } = options;
  const refs = exam.questions.flatMap((q) => [q.image, ...q.alternatives.map((a) => a.image)]);
  const loaded = new Map<string, PaperImage | null>();
  for (const ref of refs) if (ref && !loaded.has(ref.url)) loaded.set(ref.url, await loadImage(ref));
  const versions = versionsOf(exam);
  const first = versions[0];
  const numbers = exam.pack?.numbers;
  const paper = {
    code: exam.code,
    title: exam.title,
    minutes: exam.minutes,
    questions: exam.questions,
    layout: exam.layout,
    languageChoice: exam.languageChoice,
    // The pack's own numbering when the exam is a pack's (the class report's too), else booklet 1's.
    reference: (index: number) => {
      const inPack = numbers?.[index];
      if (inPack) return `questão ${inPack} do pacote`;
      const position = first?.order.indexOf(index) ?? -1;
      const question = exam.questions[index];
      const language = question ? answeredIn(question, exam) : null;
      const number = String(first?.numbers[position] ?? position + 1).padStart(2, '0');
      return `questão ${number}${language ? ` (${LANGUAGE_NAMES[language]})` : ''} do caderno 1`;
    },
    imageOf: (ref: SnapshotQuestion['image']) => (ref ? (loaded.get(ref.url) ?? null) : null),
  };
  const files = new Map<string, Buffer>();
  const total = versions.length * (accommodation ? 2 : 1) + 2;
  const put = (name: string, bytes: Buffer) => {
    files.set(name, bytes);
    onFile?.(files.size, total, name);
  };
  for (const version of versions) put(`booklet-${version.number}.pdf`, await renderBooklet(paper, version));
  if (accommodation)
    for (const version of versions)
      put(`booklet-${version.number}-atendimento.pdf`, await renderBooklet(paper, version, accommodation));
  put('answer-sheet.pdf', await renderAnswerSheet(paper, versions, { sheets, language: exam.languageChoice }));
  put('key.pdf', await renderKey(paper, versions));
  return files;
}

/** The paper exams of a data folder: one lowdb document each (paper/<code>.json, a .bak). */
export class PaperExams {
  constructor(
    private readonly dir: string,
    private readonly storage: StorageContext = WRITABLE_SILENT,
  ) {}

  private file(code: string) {
    return new JsonFile(join(this.dir, `${code}.json`), paperExamSchema, {
      kind: 'paper-exam',
      backup: true,
      ...this.storage,
    });
  }

  async save(exam: PaperExamRecord): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await createDocument(this.file(exam.code), exam);
  }

  async get(code: string): Promise<PaperExamRecord | null> {
    if (!/^P[0-9A-Z]{6}$/.test(code)) return null;
    return (await readDocument(this.file(code)))?.data ?? null;
  }

  async list(): Promise<PaperExamRecord[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const exams: PaperExamRecord[] = [];
    for (const name of names) {
      const code = /^(P[0-9A-Z]{6})\.json$/.exec(name)?.[1];
      const exam = code ? await this.get(code) : null;
      if (exam) exams.push(exam);
    }
    return exams.sort((a, b) => b.createdAt - a.createdAt);
  }
}

/**
 * What a student wrote, read leniently: one symbol per question, A–E (any case); '-', '.' or '_' for
 * a blank; '*' for a double mark (counted wrong, like the real exam). Spaces and line breaks only
 * separate (a tutor types in groups of five, like the sheet). Anything else is refused with its
 * position among the symbols.
 */
export function parseTypedAnswers(
  typed: string,
  count: number,
): { ok: true; answers: (number | 'double' | null)[] } | { ok: false; position: number } {
  const symbols = [...typed.replace(/\s/g, '')];
  if (symbols.length > count) return { ok: false, position: count + 1 };
  const answers: (number | 'double' | null)[] = [];
  for (let i = 0; i < count; i++) {
    const symbol = (symbols[i] ?? '-').toUpperCase();
    if (/^[A-E]$/.test(symbol)) answers.push(symbol.charCodeAt(0) - 65);
    else if (symbol === '*') answers.push('double');
    else if ('-._ '.includes(symbol)) answers.push(null);
    else return { ok: false, position: i + 1 };
  }
  return { ok: true, answers };
}
