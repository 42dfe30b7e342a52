// The catalog's in-memory state, saved: its entries as columns (entry-columns.ts: the library's
// filters, what exam building reads, where each body is), each chunk's pages, and beside it the
// search index (search.bin). A start with both fresh reads these two files and no chunk. The index
// names the chunk files it was made from; chunks are immutable, so any other set of chunks on disk
// means the index is stale: it is ignored and rebuilt from the chunks.
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeDurably } from '../util/durable-file.js';
import { JsonFile } from '../util/json-file.js';
import { EntryColumns, type EntryTables, type RowExtras, type SavedColumns } from './entry-columns.js';
import type { ChunkMeta, PageMeta } from './chunk-file.js';
import { encodeSearchIndex, openSavedSearch, type SavedSearch } from './search-file.js';
import type { SearchIndex } from './search-index.js';

/** What the index is written from (the store; named here so this module does not import it). */
export interface IndexedCatalog {
  readonly dir: string;
  readonly search: SearchIndex;
  /** Settles once the saved words are checked, or read again from the chunks. */
  searchSettled(): Promise<void>;
  chunkSeqs(): number[];
  chunkRecords(): [number, ChunkMeta][];
  columns(): { tables: EntryTables; columns: SavedColumns };
}

const pageSchema = z.object({
  listing: z.string(),
  page: z.number().int(),
  total: z.number().int(),
  count: z.number().int(),
  // Ids of pages this app wrote (tens of thousands): checked as a list here, one by one as read.
  // A number is a row of the columns (the id is written once); a string, an id no longer stored.
  ids: z.custom<(string | number)[]>((v) => Array.isArray(v)),
});

const numbers = z.custom<number[]>((v) => Array.isArray(v));
const indexSchema = z.object({
  // 5: the entries as columns (entry-columns.ts); 4 and before, a row per question: rebuilt once.
  version: z.literal(5),
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
  // Columns are our own data, written from validated questions: checked as lists here, and every
  // value as the columns are restored (EntryColumns.restore); 50,000 schema calls would cost more
  // than the parse.
  columns: z.object({
    ids: z.custom<string[]>((v) => Array.isArray(v)),
    subject: numbers,
    exam: numbers,
    keys: z.string(),
    keyForm: numbers,
    otherKeys: z.custom<[number, string][]>((v) => Array.isArray(v)),
    imageUrl: z.custom<(string | null)[]>((v) => Array.isArray(v)),
    year: numbers,
    difficulty: numbers,
    sources: numbers,
    seq: numbers,
    offset: numbers,
    length: numbers,
    // Rows with an alternative's image or a pack's mark (thousands): each checked as restored.
    extras: z.custom<[number, RowExtras][]>((v) => Array.isArray(v)),
  }),
});
type IndexData = z.infer<typeof indexSchema>;
type SavedChunk = IndexData['chunks'][number];

// A cache of the chunks: a bad copy is ignored and rewritten, nobody needs telling.
const indexPath = (dir: string) => join(dir, 'index.json');
const indexFile = (dir: string) => new JsonFile(indexPath(dir), indexSchema, { kind: 'catalog-index', derived: true });

/** The index's content, or null when it is not JSON of this version's shape (then it is rebuilt). */
function parseIndex(text: string): IndexData | null {
  try {
    const parsed = indexSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
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

/**
 * A file's bytes in one read on a thread of the pool: `readFile` reads in 512 KB steps, each waiting
 * for this thread, which is busy parsing the index meanwhile.
 */
async function readWhole(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.allocUnsafe(size);
    let done = 0;
    while (done < size) {
      const { bytesRead } = await handle.read(bytes, done, size - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return bytes.subarray(0, done);
  } finally {
    await handle.close();
  }
}

/** Writes the index and the search index of the store as it is now. */
export async function writeCatalogIndex(store: IndexedCatalog): Promise<void> {
  await store.searchSettled();
  const chunks = store.chunkSeqs();
  const sizes = await chunkSizes(store.dir, chunks);
  const search = store.search.freeze();
  await writeDurably(searchPath(store.dir), encodeSearchIndex(search, chunks));
  const { tables, columns } = store.columns();
  const rowOf = new Map(columns.ids.map((id, row) => [id, row]));
  const savedChunks = store
    .chunkRecords()
    .map(([seq, meta]): SavedChunk => [
      seq,
      { ...meta, pages: meta.pages.map((page) => ({ ...page, ids: page.ids.map((id) => rowOf.get(id) ?? id) })) },
    ]);
  const data: IndexData = { version: 5, ...tables, sizes, chunks: savedChunks, columns };
  await indexFile(store.dir).write(data);
}

/**
 * A stored page as the index names it: its ids are rows of the columns until something asks for
 * them (a sync resuming, the next index write), then the entries' own strings (50,000 ids held once,
 * not twice). Resolving them at every start cost 7 ms of the first library page.
 */
class SavedPage implements PageMeta {
  readonly listing: string;
  readonly page: number;
  readonly total: number;
  readonly count: number;
  #saved: readonly (string | number)[];
  #ids: string[] | null = null;

  constructor(saved: PageMeta & { ids: (string | number)[] }, entries: EntryColumns) {
    this.listing = saved.listing;
    this.page = saved.page;
    this.total = saved.total;
    this.count = saved.count;
    this.#saved = saved.ids;
    this.#entries = entries;
  }

  readonly #entries: EntryColumns;

  /** A row that names no question (only in an index that is not ours) is left out. */
  get ids(): string[] {
    return (this.#ids ??= this.#saved.flatMap((id) => {
      const resolved = typeof id === 'number' ? this.#entries.savedId(id) : id;
      return typeof resolved === 'string' ? [resolved] : [];
    }));
  }
}

export interface CatalogIndexData {
  entries: EntryColumns;
  chunks: [number, ChunkMeta][];
  /**
   * The saved words, read meanwhile and checked (their hash) when this is called: null then if they
   * are not whole, and the store reads them again from the chunks. Not decoded (search-index.ts).
   * Null when not asked for.
   */
  search: (() => Promise<SavedSearch | null>) | null;
}

/** The saved state, if both files are whole and made from exactly these chunks; null otherwise. */
export async function readCatalogIndex(
  dir: string,
  seqs: number[],
  options: { search: boolean } = { search: true },
): Promise<CatalogIndexData | null> {
  // Unreadable (permissions) or absent is the same as stale: the chunks still load.
  const text = await readFile(indexPath(dir), 'utf8').catch(() => null);
  if (text === null) return null;
  // The search index is read (one call on the pool) while this thread parses the index: after the
  // index's read, not beside it (two reads at once slowed each other, 9 ms to 19 ms). It is checked
  // (its hash, 8 ms for 7 MB here) when something first needs the words (saved-words.ts): waiting
  // for its read and its hash held the first library page by 16 ms, and no page needs the words.
  const searchRead = options.search ? readWhole(searchPath(dir)).catch(() => null) : null;
  const search =
    searchRead &&
    (async () => {
      const bytes = await searchRead;
      return bytes && openSavedSearch(bytes, seqs);
    });
  // The chunks' sizes too: a stat each on the pool, answered by the time the parse ends.
  const sizesRead = chunkSizes(dir, seqs);
  const data = parseIndex(text);
  if (!data) return null;
  const chunks = data.chunks.map(([seq]) => seq);
  if (chunks.length !== seqs.length || chunks.some((seq, i) => seq !== seqs[i])) return null;
  const sizes = await sizesRead;
  if (sizes.some((size, i) => size !== data.sizes[i])) return null;
  const entries = EntryColumns.restore(data, data.columns);
  // Columns that do not hold together, or rows naming a chunk or bytes that are not there: the file
  // is not a copy of these chunks, and the chunks are read instead.
  if (!entries || !entries.rangesWithin(new Map(seqs.map((seq, i) => [seq, sizes[i] ?? -1])))) return null;
  const chunkMetas: [number, ChunkMeta][] = data.chunks.map(([seq, meta]) => [
    seq,
    { ...meta, pages: meta.pages.map((page) => new SavedPage(page, entries)) },
  ]);
  return { entries, chunks: chunkMetas, search };
}
