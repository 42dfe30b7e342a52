// The catalog's entries as columns: one typed-array slot per question for each small field (its
// subject, exam and source list as numbers into shared tables, year, difficulty, where its body is),
// its id and key as strings, and the rare fields (images, a sealed pack's mark, an ENEM origin) in
// maps by row. An entry object is made only when code asks for one (`get`, iteration): a view over
// its row, a few words, short-lived. 50,000 questions cost about 100 bytes each here, against about
// 1 KB as one object graph per question (docs/performance.md), and opening the catalog fills arrays
// instead of building 150,000 long-lived objects for the collector to trace.
import { DIFFICULTIES, type Difficulty } from '../api/schemas.js';
import type { BodyAt } from './chunk-file.js';
import {
  difficultyCode,
  isRowExtras,
  NO_IMAGES,
  NO_YEAR,
  ABSENT,
  rowsById,
  rowsHoldTogether,
  bodiesWithin,
  Table,
  type EntryTables,
  type Exam,
  type RowTest,
  type SavedColumns,
  type Subject,
} from './column-shapes.js';
import type { CatalogEntry, EntryHead, QuestionMeta } from './entry.js';
import { EntryView, type RowExtras, type RowReader } from './entry-view.js';
import { uuidInto, uuidOf } from './uuid-bytes.js';

export type { EntryTables, RowTest, SavedColumns } from './column-shapes.js';
export type { RowExtras } from './entry-view.js';

export class EntryColumns implements RowReader {
  private readonly subjects = new Table<Subject>();
  private readonly exams = new Table<Exam>();
  private readonly sourceLists = new Table<string[]>();
  /** Rows by id, made when first asked (`rowById`): a start's first library page needs none (8 ms of it). */
  private idMap: Map<string, number> | null = new Map();
  /** Ids by row; a removed row keeps its id (a view made before the removal still reads it). */
  private ids: string[] = [];
  /** The key as 16 bytes when it is a UUID (the API's form: 36 characters as a string), flagged in `keyForm`. */
  private keyBytes = new Uint8Array(0);
  /** 0: no key; 1: in keyBytes; 2: another form, in otherKeys. */
  private keyForm = new Uint8Array(0);
  private readonly otherKeys = new Map<number, string>();
  private imageUrls: (string | null)[] = [];
  private rows = 0;
  /** 1 for a row whose id is in the catalog (a removed one keeps its data for views made before). */
  private alive = new Uint8Array(0);
  private live = 0;
  private subject = new Uint32Array(0);
  private exam = new Int32Array(0);
  private year = new Int32Array(0);
  /** 0: unknown; else 1 + its place in DIFFICULTIES. */
  private difficulty = new Uint8Array(0);
  private sources = new Uint32Array(0);
  private seq = new Int32Array(0);
  private offset = new Int32Array(0);
  private length = new Int32Array(0);
  private readonly extras = new Map<number, RowExtras>();

  get size(): number {
    return this.live;
  }

  /** Made from the rows when a restore left it out (column-shapes.ts `rowsById`). */
  private get rowById(): Map<string, number> {
    return (this.idMap ??= rowsById(this.ids, this.alive, this.rows, (row) => {
      this.alive[row] = 0;
      this.live -= 1;
      this.onDuplicate?.();
    }));
  }

  /**
   * Restored columns named one id on two rows (found when the map of ids is first made): the saved
   * index is not a whole copy of the chunks, and the store makes its entries again from them.
   */
  onDuplicate: (() => void) | null = null;

  /** Whether every row's body lies inside a chunk that exists (column-shapes.ts `bodiesWithin`). */
  rangesWithin(sizes: ReadonlyMap<number, number>): boolean {
    return bodiesWithin(this.rows, this.alive, { seq: this.seq, offset: this.offset, length: this.length }, sizes);
  }

  has(id: string): boolean {
    return this.rowById.has(id);
  }

  /** The id of the row at this place of the saved columns, as restored (undefined: no such row). */
  savedId(row: number): string | undefined {
    return Number.isInteger(row) ? this.ids[row] : undefined;
  }

  /** The catalog's own copy of an id (other lists of ids share it instead of holding their own). */
  canonical(id: string): string {
    const row = this.rowById.get(id);
    return row === undefined ? id : (this.ids[row] ?? id);
  }

  get(id: string): CatalogEntry | undefined {
    const row = this.rowById.get(id);
    return row === undefined ? undefined : new EntryView(this, row);
  }

  /** Live entries in the order their ids first arrived (a newer version keeps its place). */
  *values(): IterableIterator<CatalogEntry> {
    for (let row = 0; row < this.rows; row++) if (this.alive[row] === 1) yield new EntryView(this, row);
  }

  /** Live rows by number, in order: statistics read their shared values with no entry made (row-tally.ts). */
  *liveRows(): IterableIterator<number> {
    for (let row = 0; row < this.rows; row++) if (this.alive[row] === 1) yield row;
  }

  *keys(): IterableIterator<string> {
    for (let row = 0; row < this.rows; row++) if (this.alive[row] === 1) yield this.ids[row] ?? '';
  }

  /**
   * The entries whose row passes every test, in the order `values` gives: each shared subject, exam
   * and source list is tested once, then each row by its numbers; only the rows kept become entries.
   */
  select(test: RowTest): CatalogEntry[] {
    const pass = <T>(table: Table<T>, ok: (value: T) => boolean) =>
      Uint8Array.from(table.values, (v) => (ok(v) ? 1 : 0));
    const subjects = pass(this.subjects, test.subject);
    const exams = pass(this.exams, test.exam);
    const sources = pass(this.sourceLists, test.sources);
    const noExam = test.exam(null);
    const year = test.year ?? null;
    const difficulty = test.difficulty === undefined ? -1 : difficultyCode(test.difficulty);
    const out: CatalogEntry[] = [];
    for (let row = 0; row < this.rows; row++) {
      if (this.alive[row] !== 1) continue;
      if (subjects[this.subject[row] ?? 0] !== 1 || sources[this.sources[row] ?? 0] !== 1) continue;
      const exam = this.exam[row] ?? -1;
      if (exam < 0 ? !noExam : exams[exam] !== 1) continue;
      if (year !== null && this.year[row] !== year) continue;
      if (difficulty >= 0 && this.difficulty[row] !== difficulty) continue;
      if (test.ids && !test.ids.has(this.ids[row] ?? '')) continue;
      out.push(new EntryView(this, row));
    }
    return out;
  }

  /** A question's row, if it is in the catalog (`entryAt` makes its entry, `set` writes it). */
  rowOf(id: string): number | undefined {
    return this.rowById.get(id);
  }

  entryAt(row: number): CatalogEntry {
    return new EntryView(this, row);
  }

  /**
   * Puts a question's entry in place: in `known`, its own row as `rowOf` gave it (a sync's 50,000
   * questions are looked up once each, not once to merge and again to write), else in a new row.
   */
  set(question: QuestionMeta & { q: EntryHead }, at: BodyAt, known: number | undefined): void {
    const { q } = question;
    let row = known;
    if (row === undefined) {
      row = this.newRow(question.id);
      this.rowById.set(question.id, row);
    }
    this.setKey(row, question.correctId);
    this.imageUrls[row] = q.imageUrl || null;
    this.subject[row] = this.subjectNumber(q.subject);
    this.exam[row] = q.exam ? this.examNumber(q.exam) : -1;
    this.year[row] = question.year ?? NO_YEAR;
    this.difficulty[row] = difficultyCode(question.difficulty);
    this.sources[row] = this.sourcesNumber(question.sources);
    this.setAt(row, at);
    // Most rows have none: no object is made for them.
    let extras: RowExtras | null = null;
    const sealed = q.sealedAnswer;
    const enemOrigin = q.enemOrigin;
    if (sealed !== undefined && sealed !== null) (extras ??= {}).sealedAnswer = sealed;
    if (enemOrigin !== undefined && enemOrigin !== null) (extras ??= {}).enemOrigin = enemOrigin;
    let images: string[] | null = null;
    for (const alternative of q.alternatives) {
      const url = alternative.imageUrl;
      if (url && url !== q.imageUrl && !images?.includes(url)) (images ??= []).push(url);
    }
    if (images) (extras ??= {}).altImages = images;
    if (extras) this.extras.set(row, extras);
    else if (this.extras.size > 0) this.extras.delete(row);
  }

  /** Moves a question's body (compaction): nothing else of its entry changes. */
  move(id: string, at: BodyAt): void {
    const row = this.rowById.get(id);
    if (row !== undefined) this.setAt(row, at);
  }

  /** Each subject some question in the catalog names, once (a table may keep one no row uses now). */
  subjectsInUse(): Subject[] {
    return this.inUse(this.subject, this.subjects.values);
  }

  /** Each source list some question in the catalog has, once. */
  sourceListsInUse(): string[][] {
    return this.inUse(this.sources, this.sourceLists.values);
  }

  private inUse<T>(column: Uint32Array, values: T[]): T[] {
    const used = new Uint8Array(values.length);
    for (let row = 0; row < this.rows; row++) if (this.alive[row] === 1) used[column[row] ?? 0] = 1;
    return values.filter((_, n) => used[n] === 1);
  }

  /** Whether a live body has no byte range (a chunk of the older one-line layout). */
  someUnranged(): boolean {
    for (let row = 0; row < this.rows; row++) if (this.alive[row] === 1 && (this.offset[row] ?? 0) < 0) return true;
    return false;
  }

  delete(id: string): boolean {
    const row = this.rowById.get(id);
    if (row === undefined) return false;
    this.rowById.delete(id);
    this.alive[row] = 0;
    this.live -= 1;
    return true;
  }

  // Read by EntryView, one field at a time.
  idAt(row: number): string {
    return this.ids[row] ?? '';
  }
  correctAt(row: number): string | null {
    const form = this.keyForm[row];
    if (form === 1) return uuidOf(this.keyBytes, row * 16);
    return form === 2 ? (this.otherKeys.get(row) ?? null) : null;
  }
  /** Whether the question has an answer key; undefined when it is not in the catalog. */
  keyedOf(id: string): boolean | undefined {
    const row = this.rowById.get(id);
    return row === undefined ? undefined : this.keyedAt(row);
  }

  keyedAt(row: number): boolean {
    return (this.keyForm[row] ?? 0) !== 0;
  }
  imageUrlAt(row: number): string | null {
    return this.imageUrls[row] ?? null;
  }
  imagesAt(row: number): readonly string[] {
    const own = this.imageUrls[row];
    const others = this.extras.get(row)?.altImages;
    if (!others) return own ? [own] : NO_IMAGES;
    return own ? [own, ...others] : others;
  }
  yearAt(row: number): number | null {
    const year = this.year[row] ?? NO_YEAR;
    return year === NO_YEAR ? null : year;
  }
  difficultyAt(row: number): Difficulty | null {
    return DIFFICULTIES[(this.difficulty[row] ?? 0) - 1] ?? null;
  }
  sourcesAt(row: number): string[] {
    return this.sourceLists.values[this.sources[row] ?? 0] ?? [];
  }
  subjectAt(row: number): Subject {
    return this.subjects.values[this.subject[row] ?? 0] ?? { id: '' };
  }
  examAt(row: number): Exam | null {
    return this.exams.values[this.exam[row] ?? -1] ?? null;
  }
  extrasAt(row: number): RowExtras | undefined {
    return this.extras.get(row);
  }
  atOf(row: number): BodyAt {
    return { seq: this.seq[row] ?? 0, offset: this.offset[row] ?? -1, length: this.length[row] ?? 0 };
  }

  /** The tables and the live rows, as the saved index writes them. */
  save(): { tables: EntryTables; columns: SavedColumns } {
    const live: number[] = [];
    for (let row = 0; row < this.rows; row++) if (this.alive[row] === 1) live.push(row);
    const pick = <T>(column: ArrayLike<T>) => live.map((row) => column[row] as T);
    const extras: [number, RowExtras][] = [];
    live.forEach((row, n) => {
      const extra = this.extras.get(row);
      if (extra) extras.push([n, extra]);
    });
    return {
      tables: { subjects: this.subjects.values, exams: this.exams.values, sourceLists: this.sourceLists.values },
      columns: {
        ids: pick(this.ids),
        subject: pick(this.subject),
        exam: pick(this.exam),
        keys: Buffer.concat(live.map((row) => this.keyBytes.subarray(row * 16, row * 16 + 16))).toString('base64'),
        keyForm: pick(this.keyForm),
        otherKeys: live.flatMap((row, n): [number, string][] => {
          const key = this.otherKeys.get(row);
          return key === undefined ? [] : [[n, key]];
        }),
        imageUrl: pick(this.imageUrls),
        year: pick(this.year),
        difficulty: pick(this.difficulty),
        sources: pick(this.sources),
        seq: pick(this.seq),
        offset: pick(this.offset),
        length: pick(this.length),
        extras,
      },
    };
  }

  /**
   * Columns as the saved index holds them (their tables first), or null when they do not hold
   * together (lengths, a number outside its table): the index is then not ours, and is rebuilt.
   */
  static restore(tables: EntryTables, saved: SavedColumns): EntryColumns | null {
    // Bulk copies and one pass of checks: a start restores 50,000 rows before the library shows.
    const n = saved.ids.length;
    const numeric = [saved.subject, saved.exam, saved.keyForm, saved.year, saved.difficulty, saved.sources];
    if ([...numeric, saved.seq, saved.offset, saved.length, saved.imageUrl].some((column) => column.length !== n))
      return null;
    const keys = Buffer.from(saved.keys, 'base64');
    if (keys.length !== n * 16) return null;
    const store = new EntryColumns();
    for (const subject of tables.subjects) store.subjectNumber(subject);
    for (const exam of tables.exams) store.examNumber(exam);
    for (const sources of tables.sourceLists) store.sourcesNumber(sources);
    // A table that named one value twice would renumber the rows pointing at the second.
    if (
      store.subjects.values.length !== tables.subjects.length ||
      store.exams.values.length !== tables.exams.length ||
      store.sourceLists.values.length !== tables.sourceLists.length
    )
      return null;
    store.grow(n);
    store.subject.set(saved.subject);
    store.exam.set(saved.exam);
    store.keyForm.set(saved.keyForm);
    store.year.set(saved.year);
    store.difficulty.set(saved.difficulty);
    store.sources.set(saved.sources);
    store.seq.set(saved.seq);
    store.offset.set(saved.offset);
    store.length.set(saved.length);
    store.keyBytes.set(keys);
    const tableSizes = {
      subjects: tables.subjects.length,
      exams: tables.exams.length,
      sourceLists: tables.sourceLists.length,
    };
    const { subject, exam, keyForm, year, difficulty, sources, seq, offset, length } = store;
    const typed = { subject, exam, keyForm, year, difficulty, sources, seq, offset, length };
    if (!rowsHoldTogether(saved, typed, tableSizes)) return null;
    store.ids = saved.ids;
    store.imageUrls = saved.imageUrl;
    store.idMap = null;
    store.rows = n;
    store.alive.fill(1, 0, n);
    store.live = n;
    for (const pair of saved.otherKeys) {
      if (!Array.isArray(pair)) return null;
      const [row, key] = pair;
      if (store.keyForm[row] !== 2 || typeof key !== 'string') return null;
      store.otherKeys.set(row, key);
    }
    for (let row = 0; row < n; row++) if (store.keyForm[row] === 2 && !store.otherKeys.has(row)) return null;
    for (const pair of saved.extras) {
      if (!Array.isArray(pair)) return null;
      const [row, extra] = pair;
      if (!Number.isInteger(row) || row < 0 || row >= n || !isRowExtras(extra)) return null;
      store.extras.set(row, extra);
    }
    return store;
  }

  private newRow(id: string): number {
    if (this.rows === this.subject.length) this.grow(Math.max(1024, this.rows * 2));
    this.ids.push(id);
    this.imageUrls.push(null);
    this.alive[this.rows] = 1;
    this.live += 1;
    return this.rows++;
  }

  private grow(capacity: number) {
    const widen = <A extends Uint32Array | Int32Array | Uint8Array>(old: A, make: (n: number) => A): A => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.subject = widen(this.subject, (n) => new Uint32Array(n));
    this.exam = widen(this.exam, (n) => new Int32Array(n));
    this.year = widen(this.year, (n) => new Int32Array(n));
    this.difficulty = widen(this.difficulty, (n) => new Uint8Array(n));
    this.sources = widen(this.sources, (n) => new Uint32Array(n));
    this.seq = widen(this.seq, (n) => new Int32Array(n));
    this.offset = widen(this.offset, (n) => new Int32Array(n));
    this.length = widen(this.length, (n) => new Int32Array(n));
    this.keyForm = widen(this.keyForm, (n) => new Uint8Array(n));
    this.alive = widen(this.alive, (n) => new Uint8Array(n));
    const keyBytes = new Uint8Array(capacity * 16);
    keyBytes.set(this.keyBytes);
    this.keyBytes = keyBytes;
  }

  private setKey(row: number, key: string | null) {
    this.otherKeys.delete(row);
    if (key === null) this.keyForm[row] = 0;
    else if (uuidInto(key, this.keyBytes, row * 16)) this.keyForm[row] = 1;
    else {
      this.keyForm[row] = 2;
      this.otherKeys.set(row, key);
    }
  }

  private setAt(row: number, at: BodyAt) {
    this.seq[row] = at.seq;
    this.offset[row] = at.offset;
    this.length[row] = at.length;
  }

  private subjectNumber(subject: Subject): number {
    return this.subjects.numberOf(subject.id, subject.name ?? ABSENT, subject, sharedSubject);
  }

  private examNumber(exam: Exam): number {
    return this.exams.numberOf(exam.id ?? ABSENT, exam.name ?? ABSENT, exam, sharedExam);
  }

  private sourcesNumber(sources: string[]): number {
    return this.sourceLists.numberOf(sources.join('\u0000'), '', sources, (list) => [...list]);
  }
}

function sharedSubject(subject: Subject): Subject {
  return subject.name === undefined ? { id: subject.id } : { id: subject.id, name: subject.name };
}

function sharedExam(exam: Exam): Exam {
  const shared: Exam = {};
  if (exam.id !== undefined) shared.id = exam.id;
  if (exam.name !== undefined) shared.name = exam.name;
  return shared;
}
