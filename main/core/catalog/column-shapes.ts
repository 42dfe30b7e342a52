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

/**
 * Rows by id over the live rows. An id twice (only in a saved index that is not ours): the later
 * row is the entry, as a later page is in the chunks, and `dropped` is told of the earlier.
 */
export function rowsById(
  ids: readonly string[],
  alive: Uint8Array,
  rows: number,
  dropped: (row: number) => void,
): Map<string, number> {
  const map = new Map<string, number>();
  for (let row = 0; row < rows; row++) {
    if (alive[row] !== 1) continue;
    const id = ids[row] ?? '';
    const earlier = map.get(id);
    if (earlier !== undefined) dropped(earlier);
    map.set(id, row);
  }
  return map;
}

/** The numeric columns as typed arrays (entry-columns.ts). */
export interface TypedColumns {
  subject: Uint32Array;
  exam: Int32Array;
  keyForm: Uint8Array;
  year: Int32Array;
  difficulty: Uint8Array;
  sources: Uint32Array;
  seq: Int32Array;
  offset: Int32Array;
  length: Int32Array;
}

/**
 * Whether saved columns, copied into `typed`, are what was saved: a typed array stores what it is
 * given coerced, so a value that changed on the way in, or one outside its table, was not ours.
 * One pass over every row (cold code at start: one loop, not nine).
 */
export function rowsHoldTogether(
  saved: SavedColumns,
  typed: TypedColumns,
  tables: { subjects: number; exams: number; sourceLists: number },
): boolean {
  for (let row = 0; row < saved.ids.length; row++) {
    const subject = typed.subject[row] ?? 0;
    const exam = typed.exam[row] ?? 0;
    const difficulty = typed.difficulty[row] ?? 0;
    const sources = typed.sources[row] ?? 0;
    const keyForm = typed.keyForm[row] ?? 0;
    if (
      saved.subject[row] !== subject ||
      saved.exam[row] !== exam ||
      saved.difficulty[row] !== difficulty ||
      saved.sources[row] !== sources ||
      saved.keyForm[row] !== keyForm ||
      saved.year[row] !== typed.year[row] ||
      saved.seq[row] !== typed.seq[row] ||
      saved.offset[row] !== typed.offset[row] ||
      saved.length[row] !== typed.length[row] ||
      subject >= tables.subjects ||
      exam >= tables.exams ||
      exam < -1 ||
      difficulty > DIFFICULTIES.length ||
      sources >= tables.sourceLists ||
      keyForm > 2
    )
      return false;
    const id = saved.ids[row];
    const imageUrl = saved.imageUrl[row];
    if (typeof id !== 'string' || (imageUrl !== null && typeof imageUrl !== 'string')) return false;
  }
  return true;
}

/**
 * Whether every live row's body lies inside a chunk that exists (`sizes`: each chunk's size in
 * bytes): a restored index whose row names another chunk, a negative length or bytes past a
 * chunk's end is not a copy of these chunks (summary-index.ts).
 */
export function bodiesWithin(
  rows: number,
  alive: Uint8Array,
  at: { seq: Int32Array; offset: Int32Array; length: Int32Array },
  sizes: ReadonlyMap<number, number>,
): boolean {
  for (let row = 0; row < rows; row++) {
    if (alive[row] !== 1) continue;
    const size = sizes.get(at.seq[row] ?? -1);
    if (size === undefined) return false;
    const offset = at.offset[row] ?? 0;
    const length = at.length[row] ?? 0;
    if (length < 0 || (offset >= 0 && offset + length > size)) return false;
  }
  return true;
}
