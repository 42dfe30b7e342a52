// Readers of the question fields the spec leaves unshown (§2.2: `year`, `difficulty`, the subject's
// name, `exam`, image URLs). A server that keeps the spec may send them in any type, or null, so
// none of them may cost a question: each is read when it can be, and otherwise reported as
// unreadable (the library shows '—') — never guessed.
import type { UnreadableField } from '../../../preload/contract.js';
import { DIFFICULTIES, type Difficulty } from './schemas.js';

export type { UnreadableField };

const FIRST_YEAR = 1000;
const LAST_YEAR = 9999;
/** "2020", " 2020 ", "2020-05-01", "2020-05-01T10:00:00Z", "2020/05": the year first, four digits. */
const YEAR_TEXT = /^\s*(\d{4})(?:\s*$|[-/.T ])/;

const isAbsent = (value: unknown) => value === undefined || value === null;

/** A year from an integer, a numeric string or a date-like string; null when there is none to read. */
export function readYear(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= FIRST_YEAR && value <= LAST_YEAR ? value : null;
  if (typeof value !== 'string') return null;
  const match = YEAR_TEXT.exec(value);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** One of the filter's words, in any case; anything else is an unknown difficulty. */
export function readDifficulty(value: unknown): Difficulty | null {
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  return (DIFFICULTIES as readonly string[]).includes(word) ? (word as Difficulty) : null;
}

/** A name to show: a non-blank string; null or absent is simply no name. */
export function readName(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** An id the spec does not type (the exam's): a string, or a number written as one. */
export function readLooseId(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** True when `value` was sent (not absent, not null) and `read` could not make sense of it. */
export function isUnreadable(value: unknown, read: (value: unknown) => unknown): boolean {
  return !isAbsent(value) && read(value) === null;
}

/** Fields of a question sent but unreadable, each named once. */
export function unreadableYearAndDifficulty(question: { year?: unknown; difficulty?: unknown }): UnreadableField[] {
  const found: UnreadableField[] = [];
  if (isUnreadable(question.year, readYear)) found.push('year');
  if (isUnreadable(question.difficulty, readDifficulty)) found.push('difficulty');
  return found;
}
