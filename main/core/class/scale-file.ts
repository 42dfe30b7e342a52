// The .examscale file: one class report's TRI calibration (each question's parameters, by catalog
// question id, and the class's mean), which a later report of the same class reads to put its
// scores on this one's scale (irt-link.ts). Small JSON; read as defensively as a result file: a
// size cap, a shape check before parsing, validation.
import { z } from 'zod';
import type { ClassTri } from '../../../preload/contract.js';
import { jsonShapeProblem } from '../util/json-shape.js';
import { meanSeOf, type ClassScale } from './irt-link.js';

export const SCALE_FORMAT = 'exam-practice-scale';
export const SCALE_VERSION = { major: 1, minor: 0 } as const;
export const SCALE_EXTENSION = '.examscale';
/** 500 questions are ~60 KB. */
export const SCALE_MAX_BYTES = 1024 * 1024;

const finite = z.number().finite();

const scaleFileSchema = z.strictObject({
  format: z.literal(SCALE_FORMAT),
  formatVersion: z.string().regex(/^\d+\.\d+$/),
  pack: z.strictObject({ id: z.string().min(1).max(64), title: z.string().max(200) }),
  sittingAt: z.iso.datetime({ offset: true }),
  model: z.enum(['rasch', '2pl', '3pl']),
  students: z.number().int().positive().max(100_000),
  mean: finite,
  meanSe: finite.nonnegative(),
  items: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(200),
        a: finite.positive(),
        b: finite,
        c: finite.min(0).max(0.99),
      }),
    )
    .max(500),
});

export type ScaleProblem = 'too-large' | 'invalid-json' | 'invalid-schema' | 'future-version';

/** An earlier report's scale from its file's bytes, or what is wrong with them. */
export function readScaleFile(bytes: Uint8Array): ClassScale | { problem: ScaleProblem } {
  if (bytes.byteLength > SCALE_MAX_BYTES) return { problem: 'too-large' };
  if (jsonShapeProblem(bytes, 10_000, 6)) return { problem: 'too-large' };
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { problem: 'invalid-json' };
  }
  const version = (raw as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'string' && Number(version.split('.')[0]) > SCALE_VERSION.major)
    return { problem: 'future-version' };
  const parsed = scaleFileSchema.safeParse(raw);
  if (!parsed.success) return { problem: 'invalid-schema' };
  const { format: _format, formatVersion: _version, ...scale } = parsed.data;
  return scale;
}

/**
 * This report's scale as a file a later report reads: its items and its class's mean, on the
 * scale its scores are shown on (the earlier one's, when this report was itself linked: a chain of
 * simulados stays on the first one's scale). Null when there is no TRI.
 */
export function writeScaleFile(
  pack: { id: string; title: string },
  sittingAt: string,
  questionIds: readonly string[],
  tri: ClassTri,
): string | null {
  if (tri.status !== 'ok') return null;
  const line = tri.link?.status === 'ok' ? tri.link.line : { A: 1, B: 0 };
  const shown = tri.link?.status === 'ok' ? tri.link.students : tri.students;
  const thetas = shown.map((s) => (s.score - 500) / 100);
  const body = {
    format: SCALE_FORMAT,
    formatVersion: `${SCALE_VERSION.major}.${SCALE_VERSION.minor}`,
    pack: { id: pack.id, title: pack.title },
    sittingAt,
    model: tri.model,
    students: tri.students.length,
    mean: thetas.reduce((a, b) => a + b, 0) / Math.max(1, thetas.length),
    meanSe: meanSeOf(shown.map((s) => ({ se: s.se / 100 }))),
    items: questionIds.flatMap((id, j) => {
      const item = tri.items[j];
      return item ? [{ id, a: item.a / line.A, b: line.A * item.b + line.B, c: item.c ?? 0 }] : [];
    }),
  };
  return `${JSON.stringify(body, null, 1)}\n`;
}

/**
 * A report's scale file, named by its pack and the day its simulado was sat (its latest result),
 * or null without a TRI.
 */
export function reportScaleFile(
  report: {
    pack: { id: string; title: string };
    accepted: readonly { submittedAt: string }[];
    questions: readonly { id: string }[];
  },
  tri: ClassTri,
): { fileName: string; data: string } | null {
  const sittingAt = report.accepted.reduce((latest, a) => (a.submittedAt > latest ? a.submittedAt : latest), '');
  const data = sittingAt
    ? writeScaleFile(
        report.pack,
        sittingAt,
        report.questions.map((q) => q.id),
        tri,
      )
    : null;
  return data ? { fileName: `${report.pack.id}-${sittingAt.slice(0, 10)}${SCALE_EXTENSION}`, data } : null;
}
