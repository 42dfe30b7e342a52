// The catalog's in-memory state, saved: one row per question (its entry: the library's columns,
// what filters and exam building read, where its body is), each chunk's pages, and beside it the
// search index (search.bin). A start with both fresh reads these two files and no chunk. The index
// names the chunk files it was made from; chunks are immutable, so any other set of chunks on disk
// means the index is stale: it is ignored and rebuilt from the chunks.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Difficulty } from '../api/schemas.js';
import { writeDurably } from '../util/durable-file.js';
import { JsonFile } from '../util/json-file.js';
import { NO_IMAGES, type CatalogEntry, type Interner, type QuestionHead } from './entry.js';
import type { ChunkMeta } from './chunk-file.js';
import { encodeSearchIndex, openSavedSearch, type SavedSearch } from './search-file.js';
import type { SearchIndex } from './search-index.js';

/** What the index is written from (the store; named here so this module does not import it). */
export interface IndexedCatalog {
  readonly dir: string;
  readonly search: SearchIndex;
  chunkSeqs(): number[];
  chunkRecords(): [number, ChunkMeta][];
  all(): Iterable<CatalogEntry>;
}

/**
 * [id, subject (index into `subjects`), exam (into `exams`, -1 none), imageUrl, sealedAnswer,
 * enemOrigin, correctId, year, difficulty, sources (into `sourceLists`), images (null: none), seq,
 * offset, length]: the few distinct subjects, exams and source lists are written once each.
 */
type Row = [
  string,
  number,
  number,
  string | null,
  unknown,
  unknown,
  string | null,
  number | null,
  Difficulty | null,
  number,
  string[] | null,
  number,
  number,
  number,
];

const pageSchema = z.object({
  listing: z.string(),
  page: z.number().int(),
  total: z.number().int(),
  count: z.number().int(),
  // Ids of pages this app wrote (tens of thousands): checked as a list, not one by one.
  ids: z.custom<string[]>((v) => Array.isArray(v)),
});

const indexSchema = z.object({
  version: z.literal(4),
  subjects: z.array(z.object({ id: z.string(), name: z.string().optional() })),
  exams: z.array(z.object({ id: z.string().optional(), name: z.string().optional() })),
  sourceLists: z.array(z.array(z.string())),
  /** Each chunk file's size: a chunk cut short or emptied since makes the index stale. */
  sizes: z.array(z.number().int()),
  chunks: z.array(
    z.tuple([
      z.number().int(),
      z.object({ run: z.string().nullable(), pages: z.array(pageSchema), records: z.number().int() }),
    ]),
  ),
  // Rows are our own data, written from validated questions: each is checked as it is read
  // (readCatalogIndex), 50,000 schema calls would cost more than the parse.
  rows: z.custom<unknown[]>((v) => Array.isArray(v)),
});
type IndexData = z.infer<typeof indexSchema>;

// A cache of the chunks: a bad copy is ignored and rewritten, nobody needs telling.
const indexFile = (dir: string) =>
  new JsonFile(join(dir, 'index.json'), indexSchema, { kind: 'catalog-index', derived: true });
const searchPath = (dir: string) => join(dir, 'search.bin');

/** The chunk files' sizes in bytes (-1: gone). */
function chunkSizes(dir: string, seqs: number[]): Promise<number[]> {
  return Promise.all(
    seqs.map((seq) =>
      stat(join(dir, 'chunks', `${String(seq).padStart(8, '0')}.json`)).then(
        (info) => info.size,
        () => -1,
      ),
    ),
  );
}

/** Numbers equal values in the order first met (the tables the rows point into). */
class Table<T> {
  readonly values: T[] = [];
  private readonly numbers = new Map<unknown, number>();

  numberOf(key: unknown, value: T): number {
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(value);
      this.numbers.set(key, n);
    }
    return n;
  }
}

/** Writes the index and the search index of the store as it is now. */
export async function writeCatalogIndex(store: IndexedCatalog): Promise<void> {
  const chunks = store.chunkSeqs();
  const sizes = await chunkSizes(store.dir, chunks);
  const search = store.search.freeze();
  await writeDurably(searchPath(store.dir), encodeSearchIndex(search, chunks));
  // Entries share their subject, exam and source objects (Interner): the object is the key.
  const subjects = new Table<QuestionHead['subject']>();
  const exams = new Table<NonNullable<QuestionHead['exam']>>();
  const sourceLists = new Table<string[]>();
  const rows = [...store.all()].map((entry): Row => {
    const { q, at } = entry;
    return [
      entry.id,
      subjects.numberOf(q.subject, q.subject),
      q.exam ? exams.numberOf(q.exam, q.exam) : -1,
      q.imageUrl ?? null,
      q.sealedAnswer ?? null,
      q.enemOrigin ?? null,
      entry.correctId,
      entry.year,
      entry.difficulty,
      sourceLists.numberOf(entry.sources, entry.sources),
      entry.images.length > 0 ? [...entry.images] : null,
      at.seq,
      at.offset,
      at.length,
    ];
  });
  const data: IndexData = {
    version: 4,
    subjects: subjects.values,
    exams: exams.values,
    sourceLists: sourceLists.values,
    sizes,
    chunks: store.chunkRecords(),
    rows,
  };
  await indexFile(store.dir).write(data);
}

export interface CatalogIndexData {
  entries: CatalogEntry[];
  chunks: [number, ChunkMeta][];
  /** Checked, not decoded (search-index.ts); null when not asked for. */
  search: SavedSearch | null;
}

/** The saved state, if both files are whole and made from exactly these chunks; null otherwise. */
export async function readCatalogIndex(
  dir: string,
  seqs: number[],
  interner: Interner,
  options: { search: boolean } = { search: true },
): Promise<CatalogIndexData | null> {
  // Both read at once; unreadable (permissions) or absent is the same as stale: the chunks still load.
  const [data, bytes] = await Promise.all([
    indexFile(dir)
      .read()
      .catch(() => null),
    options.search ? readFile(searchPath(dir)).catch(() => null) : Promise.resolve(null),
  ]);
  if (!data) return null;
  const chunks = data.chunks.map(([seq]) => seq);
  if (chunks.length !== seqs.length || chunks.some((seq, i) => seq !== seqs[i])) return null;
  const sizes = await chunkSizes(dir, seqs);
  if (sizes.some((size, i) => size !== data.sizes[i])) return null;
  const search = bytes && openSavedSearch(bytes, seqs);
  if (options.search && !search) return null;
  const subjects = data.subjects.map((subject) => interner.subject(subject));
  const exams = data.exams.map((exam) => interner.exam(exam));
  const sourceLists = data.sourceLists.map((sources) => interner.sources(sources));
  const entries: CatalogEntry[] = [];
  for (const raw of data.rows) {
    if (!Array.isArray(raw) || raw.length !== 14 || typeof raw[0] !== 'string') return null;
    const [
      id,
      subject,
      exam,
      imageUrl,
      sealed,
      enemOrigin,
      correctId,
      year,
      difficulty,
      sources,
      images,
      seq,
      offset,
      length,
    ] = raw as Row;
    const subjectOf = subjects[subject];
    const sourcesOf = sourceLists[sources];
    if (!subjectOf || !sourcesOf) return null; // a row pointing outside its tables: the file is not ours
    // Built field by field: spreads would make three short-lived objects per question, 150,000 at start.
    const q: QuestionHead = { id, subject: subjectOf, exam: exams[exam] ?? null };
    if (imageUrl !== null) q.imageUrl = imageUrl;
    if (sealed !== null) q.sealedAnswer = sealed;
    if (enemOrigin !== null) q.enemOrigin = enemOrigin;
    entries.push({
      id,
      q,
      correctId,
      year,
      difficulty,
      sources: sourcesOf,
      images: images ?? NO_IMAGES,
      at: { seq, offset, length },
    });
  }
  return { entries, chunks: data.chunks, search };
}
