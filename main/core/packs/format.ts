// The .exampack format (docs/pack-format.md): a zip with manifest.json,
// questions.json and images/<sha256>. The zod schemas here are the format's
// definition; the JSON Schema in the docs is generated from them.
import { z } from 'zod';
import { packExamConfigSchema } from '../../../preload/schemas.js';
import { difficultySchema, productSchema, questionSchema } from '../api/schemas.js';
import { sealParamsSchema } from './seal.js';
import { jsonShapeProblem } from '../util/json-shape.js';

export const PACK_FORMAT = 'exam-practice-pack';
/** major.minor: a newer minor adds optional fields only; a newer major is refused. */
export const PACK_VERSION = { major: 1, minor: 1 } as const;
/**
 * A sealed pack (answers released by a code) is major 2: a 1.x reader refuses it as made by a newer
 * version, rather than importing questions without their key. This reader reads both.
 */
export const SEALED_PACK_VERSION = { major: 2, minor: 0 } as const;
export const PACK_EXTENSION = '.exampack';
/** Import staging folders, in the OS temp folder: `exampack-<pid>-<random>` (stale ones are removed at start). */
export const STAGING_PREFIX = 'exampack-';

export const LIMITS = {
  entries: 20_000,
  manifestBytes: 1024 * 1024,
  /** questions.json may hold at most this much per question the manifest declares (plus a margin)… */
  bytesPerQuestion: 32 * 1024,
  /** …and never more than this in all: what JSON.parse turns into a few hundred MB at most. */
  questionsBytes: 96 * 1024 * 1024,
  /** JSON tokens (values, keys, separators) per declared question: a real one has ~100. */
  tokensPerQuestion: 600,
  /** Nesting depth of questions.json (a real pack nests 5 deep). */
  depth: 32,
  questions: 100_000,
  imageBytes: 5 * 1024 * 1024,
  totalBytes: 1024 * 1024 * 1024,
  /** Uncompressed / compressed, per entry: above it, a zip bomb. */
  ratio: 200,
} as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** The contract's schema: the app's bridge and the pack format share one definition. */
export const examConfigSchema = packExamConfigSchema;
export type ExamConfig = z.infer<typeof examConfigSchema>;

export const manifestSchema = z.looseObject({
  format: z.literal(PACK_FORMAT),
  formatVersion: z.string().regex(/^\d+\.\d+$/),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{2,63}$/),
  title: z.string().min(1).max(200),
  description: z.string().max(5000),
  author: z.string().max(200),
  createdAt: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  appVersion: z.string().max(50),
  products: z.array(productSchema),
  exams: z.array(z.object({ id: z.string(), name: z.string() })),
  questionCount: z.number().int().nonnegative().max(LIMITS.questions),
  /** sha256 of every other entry, by entry name. */
  files: z.record(z.string(), sha256),
  examConfig: examConfigSchema.optional(),
  /**
   * Where questions came from, as the author's copy knew it when the pack was built: `enem` lists
   * the questions of the national exam (catalog/provenance.ts). Absent in older packs: none are.
   */
  origins: z.object({ enem: z.array(z.string().min(1).max(400)).max(LIMITS.questions) }).optional(),
  /** Sealed answers: the key and worked solutions are in sealed.bin, encrypted (docs/pack-format.md). */
  sealed: sealParamsSchema.optional(),
});
export type PackManifest = z.infer<typeof manifestSchema>;

export const packQuestionSchema = z.strictObject({
  id: z.string().min(1),
  q: questionSchema,
  year: z.number().int().nullable(),
  difficulty: difficultySchema.nullable(),
});
export type PackQuestion = z.infer<typeof packQuestionSchema>;

export const questionsFileSchema = z.strictObject({
  questions: z.array(packQuestionSchema),
  exams: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  subjects: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Image URL as it appears in the questions → its file, images/<sha256>. */
  images: z.record(z.string(), sha256),
});
export type QuestionsFile = z.infer<typeof questionsFileSchema>;

export type PackErrorCode =
  | 'not-a-zip'
  | 'too-many-entries'
  | 'too-large'
  | 'size-mismatch'
  | 'zip-bomb'
  | 'unsafe-name'
  | 'symlink'
  | 'duplicate-entry'
  | 'nested-archive'
  | 'unknown-entry'
  | 'missing-entry'
  | 'hash-mismatch'
  | 'invalid-json'
  | 'invalid-schema'
  | 'future-version'
  | 'not-an-image'
  | 'duplicate-question'
  /** The decoding worker died on it (a crash, or past its memory cap). */
  | 'unreadable'
  /** The decoding worker took longer than a pack may take. */
  | 'too-slow'
  /** A path the OS handed over that is no regular file (a FIFO, a device, a folder). */
  | 'not-a-file';

export class PackError extends Error {
  constructor(
    readonly code: PackErrorCode,
    readonly detail = '',
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'PackError';
  }
}

/** The most questions.json may hold for a manifest that declares `count` questions. */
export function questionsCap(count: number): number {
  return Math.min(LIMITS.questionsBytes, count * LIMITS.bytesPerQuestion + 64 * 1024);
}

/**
 * Refuses JSON whose shape would cost far more memory than its size suggests (millions of tiny
 * values, deep nesting) before JSON.parse builds it: one pass over the bytes, counting tokens
 * outside strings.
 */
export function checkJsonShape(bytes: Uint8Array, maxTokens: number, maxDepth: number, name: string): void {
  const problem = jsonShapeProblem(bytes, maxTokens, maxDepth);
  if (problem === 'depth') throw new PackError('too-large', `${name}: nested deeper than ${maxDepth}`);
  if (problem === 'tokens') throw new PackError('too-large', `${name}: more values than its questions can hold`);
}

export function parseVersion(version: string): { major: number; minor: number } {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return { major, minor };
}
