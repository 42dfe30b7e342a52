// The .examresult file: one student's answers to a pack's exam, for the tutor's class report.
// JSON, small, hand-checkable. The zod schema here is the format's definition; the JSON Schema in
// docs/schemas/ is generated from it (npm run pack-schema). Reading is as defensive as pack import:
// a size cap, a shape check before parsing, validation, and a checksum that detects corruption.
import { createHash } from 'node:crypto';
import { readRegularFile, RegularFileError } from '../util/regular-file.js';
import { z } from 'zod';
import { canonicalJson } from '../util/canonical-json.js';
import { jsonShapeProblem } from '../util/json-shape.js';
import { RESULT_FILE_MAX_BYTES } from '../../../preload/contract.js';

export const RESULT_FORMAT = 'exam-practice-result';
export const RESULT_VERSION = { major: 1, minor: 0 } as const;
export const RESULT_EXTENSION = '.examresult';
/** A 500-question exam's file is ~60 KB: anything past this is not one of ours. */
export const RESULT_MAX_BYTES = RESULT_FILE_MAX_BYTES;
const MAX_TOKENS = 20_000;
const MAX_DEPTH = 8;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const isoTime = z.iso.datetime({ offset: true });

export const resultAnswerSchema = z.strictObject({
  /** The question's id inside the pack (as in its questions.json). */
  questionId: z.string().min(1).max(200),
  /** The pack's original letter chosen, whatever the shuffle on screen; null when blank. */
  choice: z
    .string()
    .regex(/^[A-J]$/)
    .nullable(),
  guessed: z.boolean(),
  timeMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3_600_000),
});

export const resultBodySchema = z.strictObject({
  format: z.literal(RESULT_FORMAT),
  formatVersion: z.string().regex(/^\d+\.\d+$/),
  /** The student's name as they typed it. */
  student: z.string().trim().min(1).max(100),
  pack: z.strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{2,63}$/),
    title: z.string().max(200),
    /** sha256 of the pack's questions.json: a result of a changed pack does not match. */
    contentHash: sha256,
  }),
  attempt: z.strictObject({
    id: z.uuid(),
    startedAt: isoTime,
    submittedAt: isoTime,
    timeLimitMinutes: z.number().int().positive().nullable(),
  }),
  answers: z.array(resultAnswerSchema).min(1).max(500),
});
export const resultFileSchema = resultBodySchema.extend({
  /** sha256 of the canonical JSON of everything else (keys sorted, no spaces). */
  checksum: sha256,
});
export type ResultBody = z.infer<typeof resultBodySchema>;
export type ResultFile = z.infer<typeof resultFileSchema>;

export type ResultErrorCode = 'too-large' | 'invalid-json' | 'invalid-schema' | 'future-version' | 'checksum';

export class ResultFileError extends Error {
  constructor(
    readonly code: ResultErrorCode,
    readonly detail = '',
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'ResultFileError';
  }
}

const checksumOf = (body: ResultBody) => createHash('sha256').update(canonicalJson(body)).digest('hex');

export function writeResultFile(body: ResultBody): string {
  const valid = resultBodySchema.parse(body);
  return `${JSON.stringify({ ...valid, checksum: checksumOf(valid) }, null, 2)}\n`;
}

/** Validates a result file's bytes; nothing is written anywhere. */
export function readResultFile(bytes: Uint8Array): ResultFile {
  if (bytes.byteLength > RESULT_MAX_BYTES) throw new ResultFileError('too-large');
  const shape = jsonShapeProblem(bytes, MAX_TOKENS, MAX_DEPTH);
  if (shape) throw new ResultFileError('too-large', shape === 'depth' ? 'nested too deep' : 'too many values');
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ResultFileError('invalid-json');
  }
  const version = (raw as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'string' && Number(version.split('.')[0]) > RESULT_VERSION.major) {
    throw new ResultFileError('future-version', version);
  }
  const parsed = resultFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ResultFileError('invalid-schema', parsed.error.issues[0]?.path.join('.') ?? '');
  }
  const { checksum, ...body } = parsed.data;
  if (checksumOf(body) !== checksum) throw new ResultFileError('checksum');
  const ids = new Set(body.answers.map((a) => a.questionId));
  if (ids.size !== body.answers.length) throw new ResultFileError('invalid-schema', 'answers: duplicate question');
  return parsed.data;
}

/**
 * A result file's bytes from disk: a regular file of at most the largest a reader takes (a larger
 * one is refused without being read whole); null when it cannot be read or is no regular file.
 */
export async function readResultBytes(path: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return new Uint8Array(await readRegularFile(path, RESULT_MAX_BYTES));
  } catch (error) {
    // One byte past the limit: the reader names it too large, as it does for a dropped file.
    if (error instanceof RegularFileError && error.reason === 'too-large') return new Uint8Array(RESULT_MAX_BYTES + 1);
    return null;
  }
}
