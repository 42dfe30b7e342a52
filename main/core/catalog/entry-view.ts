// A catalog entry read from its row of the columns when code asks for one (entry-columns.ts).
import type { Difficulty } from '../api/schemas.js';
import type { BodyAt } from './chunk-file.js';
import type { CatalogEntry, QuestionHead } from './entry.js';

/** The rare fields of a row, present only where set. */
export interface RowExtras {
  sealedAnswer?: unknown;
  enemOrigin?: unknown;
  /** Images of its alternatives, each once, besides the statement's own. */
  altImages?: string[];
}

/** What a view reads of the columns, one field of one row at a time. */
export interface RowReader {
  idAt(row: number): string;
  correctAt(row: number): string | null;
  keyedAt(row: number): boolean;
  yearAt(row: number): number | null;
  difficultyAt(row: number): Difficulty | null;
  sourcesAt(row: number): string[];
  subjectAt(row: number): QuestionHead['subject'];
  examAt(row: number): NonNullable<QuestionHead['exam']> | null;
  imageUrlAt(row: number): string | null;
  imagesAt(row: number): readonly string[];
  extrasAt(row: number): RowExtras | undefined;
  atOf(row: number): BodyAt;
}

/**
 * A question's entry read from its row when asked: what `CatalogEntry` promises, made on demand.
 * It reads the row as it is now (a newer version of the question, a compaction moving its body).
 */
export class EntryView implements CatalogEntry {
  readonly #columns: RowReader;
  readonly #row: number;

  constructor(columns: RowReader, row: number) {
    this.#columns = columns;
    this.#row = row;
  }

  get id(): string {
    return this.#columns.idAt(this.#row);
  }
  get correctId(): string | null {
    return this.#columns.correctAt(this.#row);
  }
  get keyed(): boolean {
    return this.#columns.keyedAt(this.#row);
  }
  get year(): number | null {
    return this.#columns.yearAt(this.#row);
  }
  get difficulty(): Difficulty | null {
    return this.#columns.difficultyAt(this.#row);
  }
  get sources(): string[] {
    return this.#columns.sourcesAt(this.#row);
  }
  get images(): readonly string[] {
    return this.#columns.imagesAt(this.#row);
  }
  get at(): BodyAt {
    return this.#columns.atOf(this.#row);
  }
  get q(): QuestionHead {
    const columns = this.#columns;
    const row = this.#row;
    const head: QuestionHead = { id: columns.idAt(row), subject: columns.subjectAt(row), exam: columns.examAt(row) };
    const imageUrl = columns.imageUrlAt(row);
    if (imageUrl !== null) head.imageUrl = imageUrl;
    const extras = columns.extrasAt(row);
    if (extras) {
      if (extras.sealedAnswer !== undefined) head.sealedAnswer = extras.sealedAnswer;
      if (extras.enemOrigin !== undefined) head.enemOrigin = extras.enemOrigin;
    }
    return head;
  }

  /** The entry as a plain object (logs, tests, anything that copies it). */
  toJSON(): CatalogEntry {
    return {
      id: this.id,
      q: this.q,
      correctId: this.correctId,
      keyed: this.keyed,
      year: this.year,
      difficulty: this.difficulty,
      sources: this.sources,
      images: this.images,
      at: this.at,
    };
  }
}
