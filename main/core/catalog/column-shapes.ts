// The shapes around the catalog's columns (entry-columns.ts): the tables of shared values, what a
// query tests, the saved form, and the codes a row's numbers stand for.
import { DIFFICULTIES, type Difficulty } from '../api/schemas.js';
import type { QuestionHead } from './entry.js';
import type { RowExtras } from './entry-view.js';

export type Subject = QuestionHead['subject'];
export type Exam = NonNullable<QuestionHead['exam']>;

/** The year column's value for a question whose year is unknown. */
export const NO_YEAR = -0x80000000;
export const NO_IMAGES: readonly string[] = Object.freeze([]);

/**
 * Numbers equal values in the order first met; each value is one shared object. A value is found by
 * two strings, map in map: building one key string per question cost a sync about 30 ms.
 */
export class Table<T> {
  readonly values: T[] = [];
  private readonly numbers = new Map<string, Map<string, number>>();

  numberOf<V>(first: string, second: string, from: V, make: (from: V) => T): number {
    let inner = this.numbers.get(first);
    if (inner === undefined) {
      inner = new Map();
      this.numbers.set(first, inner);
    }
    let n = inner.get(second);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(make(from));
      inner.set(second, n);
    }
    return n;
  }
}

/** Stands for an absent id or name in a table's key (a value never written by the API in practice). */
export const ABSENT = '\u0001';

/** The shared tables rows point into (written once each in the saved index). */
export interface EntryTables {
  subjects: Subject[];
  exams: Exam[];
  sourceLists: string[][];
}

/** What `select` keeps: shared values by a test each, numbers by value, ids by membership. */
export interface RowTest {
  subject: (subject: Subject) => boolean;
  exam: (exam: Exam | null) => boolean;
  sources: (sources: readonly string[]) => boolean;
  year?: number | undefined;
  difficulty?: Difficulty | undefined;
  ids?: ReadonlySet<string> | null;
}

/** One row as the saved index holds it (summary-index.ts). */
export interface SavedColumns {
  ids: string[];
  subject: number[];
  exam: number[];
  /** The UUID keys' bytes, 16 a row, in base64: one string to parse instead of one per question. */
  keys: string;
  keyForm: number[];
  /** Keys of another form than a UUID, by row. */
  otherKeys: [number, string][];
  imageUrl: (string | null)[];
  /** NO_YEAR where unknown. */
  year: number[];
  difficulty: number[];
  sources: number[];
  seq: number[];
  offset: number[];
  length: number[];
  extras: [number, RowExtras][];
}

export function isRowExtras(value: unknown): value is RowExtras {
  if (typeof value !== 'object' || value === null) return false;
  const images = (value as RowExtras).altImages;
  return images === undefined || (Array.isArray(images) && images.every((url) => typeof url === 'string'));
}

export function difficultyCode(difficulty: Difficulty | null): number {
  return difficulty === null ? 0 : DIFFICULTIES.indexOf(difficulty) + 1;
}
