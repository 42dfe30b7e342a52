// The offline catalog: append-only chunk files (each holds the pages that arrived
// while the previous write was running: group commit), so a page costs a share of
// one small atomic write instead of rewriting tens of MB, and a crash at any moment
// leaves whole pages or nothing. Compaction merges chunks when they pile up.
// In memory: one entry per question (entry.ts) and the search index; a question's body is read
// from its chunk when needed (body-loader.ts), with a small cache (docs/architecture.md, "The catalog in memory").
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JsonFile } from '../util/json-file.js';
import { writeDurably } from '../util/durable-file.js';
import { OneAtATime } from '../util/one-at-a-time.js';
import { ExamLists } from './exam-lists.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';
import {
  atOf,
  bodyRanges,
  chunkHead,
  chunkSchema,
  layChunk,
  listChunks,
  pagesOfRun,
  type StoredPage,
  type BodyAt,
  type Chunk,
  type ChunkMeta,
  type PageMeta,
  type StoredQuestion,
} from './chunk-file.js';
import { EntryColumns, type RowTest } from './entry-columns.js';
import type { LeanQuestion, PageItems } from './arrived-page.js';
import { layPages } from './page-layout.js';
import { tallyRows, type RowTally } from './row-tally.js';
import { examListOf, searchTextOf, subjectsOf, type CatalogEntry, type ExamListItem } from './entry.js';
import { loadBodies, type BodySource } from './body-loader.js';
import { SearchIndex } from './search-index.js';
import { merge, RecentBodies } from './stored-question.js';
import { readCatalogIndex, type CatalogIndexData } from './summary-index.js';
import { SavedWords } from './saved-words.js';

export type { ChunkMeta, PageMeta, StoredPage, StoredQuestion } from './chunk-file.js';
export type { CatalogEntry, QuestionMeta } from './entry.js';
export { imageUrlsOf, entryImageUrls } from './entry.js';
export { isDifficulty, toStored } from './stored-question.js';

const COMPACT_SIZE = 5_000;
/** Compaction pays off once this many chunk files exist or half the records are superseded. */
const COMPACT_FILES = 1_000;

export class CatalogStore {
  private entries: EntryColumns = new EntryColumns();
  private readonly chunkMeta = new Map<number, ChunkMeta>();
  private nextSeq = 1;
  private subjectCache: ReturnType<typeof subjectsOf> | null = null;
  /** Bodies kept after a read: an exam's questions, a question opened, a print. */
  private readonly bodies = new RecentBodies(400);
  readonly search: SearchIndex;
  /** False when opened without search (`cli stats`): a text query then throws instead of finding nothing. */
  searchable = true;
  /** Bodies read from disk since opening (start-up reads none: what a test of a light start checks). */
  bodyReads = 0;
  /** Questions dropped because their body was damaged on disk (tests and diagnostics read it). */
  damagedDropped = 0;
  /** Opened from a fresh saved index (false: read from the chunks, and the index is worth writing). */
  fromIndex = false;
  /**
   * Writes one at a time: a chunk's sequence number is its place in the catalog's history, so an
   * append or a removal that overlapped a compaction would lose to the older bodies it rewrites.
   */
  private readonly writes = new OneAtATime();

  private constructor(
    readonly dir: string,
    private readonly storage: StorageContext,
    search: SearchIndex,
    /** Each product's /exams and each pack's list. */
    readonly examLists: ExamLists,
  ) {
    this.search = search;
    this.search.intern = (id) => this.entries.canonical(id);
    this.bodySource = {
      dir,
      entry: (id) => this.entries.get(id),
      chunkPath: (seq) => this.chunkPath(seq),
      counted: (bodies) => {
        this.bodyReads += bodies;
      },
    };
  }

  /** What the read path sees of this store (body-loader.ts). */
  private readonly bodySource: BodySource;

  chunkPath(seq: number): string {
    return join(this.dir, 'chunks', `${String(seq).padStart(8, '0')}.json`);
  }

  /**
   * Opens the catalog: from the saved index when it matches the chunks on disk (no chunk is read),
   * else by reading every chunk in sequence order, later pages overriding earlier ones.
   */
  static async open(
    dir: string,
    storage: StorageContext = WRITABLE_SILENT,
    options: { search?: boolean } = {},
  ): Promise<CatalogStore> {
    const seqs = await listChunks(join(dir, 'chunks'), storage.readOnly);
    const searchable = options.search !== false;
    const saved = await readCatalogIndex(dir, seqs, { search: searchable });
    // Its changes are the catalog's (the summary index is rewritten); called only once `store` is set.
    const examLists = await ExamLists.open(dir, storage, () => store.onChange?.());
    const store = new CatalogStore(dir, storage, new SearchIndex(), examLists);
    store.searchable = searchable;
    if (saved) {
      store.adoptIndex(saved);
      store.fromIndex = true;
      if (saved.search) store.words = SavedWords.check(store, saved.search);
    } else for (const seq of seqs) await store.scanChunk(seq);
    // Chunks of the older one-line layout have no byte ranges: rewritten once, by their writer.
    if (!storage.readOnly && store.entries.someUnranged()) await store.compact();
    return store;
  }

  private adoptIndex(saved: CatalogIndexData) {
    this.entries = saved.entries;
    for (const [seq, meta] of saved.chunks) {
      this.chunkMeta.set(seq, meta);
      this.nextSeq = Math.max(this.nextSeq, seq + 1);
    }
  }

  /** The saved words' check (saved-words.ts): what reads or changes the words waits for it. */
  private words = SavedWords.none();

  searchSettled(): Promise<void> {
    return this.words.ready;
  }

  /** The ids of the questions holding every word (search-index.ts `match`), once the words are checked. */
  async matchWords(words: string[]): Promise<Set<string> | null> {
    await this.words.ready;
    return this.search.match(words);
  }

  /** Reads one chunk whole (a start without a fresh index): its entries, pages and search words. */
  private async scanChunk(seq: number) {
    const chunkFile = new JsonFile(this.chunkPath(seq), chunkSchema, { kind: 'catalog-chunk', ...this.storage });
    const chunk = await chunkFile.read();
    if (!chunk) return;
    const bytes = await readFile(this.chunkPath(seq)).catch(() => null);
    const at = bytes ? bodyRanges(bytes, seq, chunk.questions.length) : [];
    // Reading many chunks keeps the growing part of the search small (its arrays cost 8 bytes a word).
    if (this.searchable) this.search.compactIfLarge();
    this.absorb(
      chunk,
      chunk.questions.map((_, i) => at[i] ?? { seq, offset: -1, length: 0 }),
    );
  }

  private absorb(chunk: Chunk<StoredQuestion | LeanQuestion>, at: BodyAt[]) {
    for (const id of chunk.removed ?? []) {
      this.entries.delete(id);
      this.bodies.delete(id);
      this.search.remove(id);
    }
    chunk.questions.forEach((question, i) => {
      // One lookup: a sync's new questions need no view made to learn they are new.
      const row = this.entries.rowOf(question.id);
      const merged = row !== undefined && !chunk.replace ? merge(this.entries.entryAt(row), question) : question;
      this.entries.set(merged, at[i] ?? { seq: chunk.seq, offset: -1, length: 0 }, row);
      // A sync's question has no body in memory: an older one kept is dropped, read anew when asked.
      if ('searchText' in merged) this.bodies.delete(merged.id);
      else this.bodies.update(merged);
      if (this.searchable)
        this.search.add(question.id, 'searchText' in question ? question.searchText : searchTextOf(question));
    });
    let offset = 0;
    const pages = chunk.pages.map((page) => {
      const ids = chunk.questions.slice(offset, offset + page.count).map((q) => q.id);
      offset += page.count;
      return { ...page, ids };
    });
    this.chunkMeta.set(chunk.seq, {
      run: chunk.run,
      pages,
      records: chunk.questions.length + (chunk.removed?.length ?? 0),
    });
    this.nextSeq = Math.max(this.nextSeq, chunk.seq + 1);
    this.subjectCache = null;
  }

  private async writeChunk(chunk: Chunk): Promise<BodyAt[]> {
    if (this.storage.readOnly) return Promise.reject(new Error(`${this.dir} is open read-only`));
    const { bytes, at } = layChunk(chunk);
    await writeDurably(this.chunkPath(chunk.seq), bytes);
    return at;
  }

  /** Persists one batch (a pack, or questions without their answers) in one atomic file write, then makes it visible. */
  append(questions: StoredQuestion[], run: string | null = null, pages: PageMeta[] = []): Promise<void> {
    return this.writes.run(async () => {
      await this.words.ready;
      const chunk: Chunk = { seq: this.nextSeq++, run, pages, questions };
      this.absorb(chunk, await this.writeChunk(chunk));
      this.onChange?.();
    });
  }

  /**
   * A sync's pages in one atomic file write, then visible: each question stored as its answer wrote
   * it (page-layout.ts), `questions` being the pages' kept questions, page after page.
   */
  appendArrived(questions: LeanQuestion[], run: string, pages: PageMeta[], items: readonly PageItems[]): Promise<void> {
    return this.writes.run(async () => {
      if (this.storage.readOnly) throw new Error(`${this.dir} is open read-only`);
      await this.words.ready;
      const chunk: Chunk<LeanQuestion> = { seq: this.nextSeq++, run, pages, questions };
      const laid = layPages(chunkHead({ seq: chunk.seq, run, pages }), items, questions);
      // The sync gives each page's questions with its items: anything else is a bug, and nothing is written.
      if (!laid) throw new Error('a sync batch whose questions are not its pages’ items');
      await writeDurably(this.chunkPath(chunk.seq), laid.bytes);
      this.absorb(chunk, atOf(chunk.seq, laid));
      this.onChange?.();
    });
  }

  /**
   * Puts these records in place exactly as given (no merging with what was stored) and deletes
   * `removed`, in one atomic chunk write: a crash leaves all of it or none.
   */
  replace(records: StoredQuestion[], removed: string[] = []): Promise<void> {
    return this.writes.run(() => this.replaceNow(records, removed));
  }

  private async replaceNow(records: StoredQuestion[], removed: string[]): Promise<void> {
    if (records.length === 0 && removed.length === 0) return;
    await this.words.ready;
    const chunk: Chunk = { seq: this.nextSeq++, run: null, pages: [], questions: records, replace: true, removed };
    this.absorb(chunk, await this.writeChunk(chunk));
    this.onChange?.();
  }

  /**
   * Takes sources away, in one atomic write for all of them. Decided and written as one step in
   * the write queue: a page that a sync adds meanwhile (a source more) is never written over.
   */
  removeSources(sources: string[]): Promise<{ removed: string[]; kept: number }> {
    return this.writes.run(async () => {
      const removed = new Set<string>();
      const keep = new Map<string, string[]>();
      for (const entry of this.entries.values()) {
        if (!entry.sources.some((s) => sources.includes(s))) continue;
        const rest = entry.sources.filter((s) => !sources.includes(s));
        if (rest.length === 0) removed.add(entry.id);
        else keep.set(entry.id, rest);
      }
      const updated = (await this.load([...keep.keys()])).map((question) => ({
        ...question,
        sources: keep.get(question.id) ?? question.sources,
      }));
      await this.replaceNow(updated, [...removed]);
      return { removed: [...removed], kept: updated.length };
    });
  }

  /** Every source some stored question has. */
  sourceSet(): Set<string> {
    return new Set(this.entries.sourceListsInUse().flat());
  }

  /** Pages already stored for a run: listing key → page → its total and ids. */
  pagesOf(run: string): Map<string, Map<number, StoredPage>> {
    return pagesOfRun(this.chunkMeta.values(), run);
  }

  /** Whether compaction would pay: many small files, or many superseded records. */
  needsCompaction(): boolean {
    let records = 0;
    for (const meta of this.chunkMeta.values()) records += meta.records;
    return this.chunkMeta.size > COMPACT_FILES || records > this.entries.size * 2;
  }

  /**
   * Rewrites all chunks into few large ones, a few thousand bodies at a time (never the whole
   * catalog in memory). The new chunks are written before the old are removed: a crash in between
   * leaves duplicates that loading merges. Page records of runs still in progress are dropped, so
   * call it between syncs only. Writes asked for meanwhile wait for it.
   */
  compact(): Promise<void> {
    return this.writes.run(() => this.compactNow());
  }

  private async compactNow(): Promise<void> {
    const oldSeqs = [...this.chunkMeta.keys()];
    // In body order: each group of bodies then comes from few chunks (an older one-line chunk is read whole).
    const ids = [...this.entries.values()]
      .sort((a, b) => a.at.seq - b.at.seq || a.at.offset - b.at.offset)
      .map((entry) => entry.id);
    const written = new Map<number, ChunkMeta>();
    for (let i = 0; i < ids.length; i += COMPACT_SIZE) {
      const questions = await this.load(ids.slice(i, i + COMPACT_SIZE), { cache: false });
      const chunk: Chunk = { seq: this.nextSeq++, run: null, pages: [], questions };
      const at = await this.writeChunk(chunk);
      questions.forEach((question, n) => {
        const where = at[n];
        if (where) this.entries.move(question.id, where);
      });
      written.set(chunk.seq, { run: null, pages: [], records: questions.length });
    }
    await Promise.all(oldSeqs.map((seq) => rm(this.chunkPath(seq), { force: true })));
    this.chunkMeta.clear();
    for (const [seq, meta] of written) this.chunkMeta.set(seq, meta);
    this.onChange?.();
  }

  /**
   * The whole questions, in the order asked (ids not in the catalog are left out): bodies from the
   * cache or read from their chunks, with the catalog's merged year, difficulty and sources. A body
   * is used only while its entry still points where it was read: a write meanwhile (a newer version,
   * a compaction) sends it to be read again, so an older body is never paired with a newer key.
   */
  async load(ids: readonly string[], options: { cache?: boolean } = {}): Promise<StoredQuestion[]> {
    const { found, damaged } = await loadBodies(this.bodySource, ids, this.bodies, options.cache !== false);
    if (damaged.size > 0) this.dropDamaged(damaged);
    return ids.map((id) => found.get(id)).filter((question): question is StoredQuestion => question !== undefined);
  }

  /**
   * Questions whose body is damaged on disk leave the catalog at once (never a library that fails on
   * every start), durably where this store writes (a removal chunk: the index and search follow), and
   * each chunk they were in is reported: the notice says they come back with the next sync or import.
   */
  private dropDamaged(damaged: ReadonlyMap<string, number>): void {
    const ids = [...damaged.keys()];
    for (const id of ids) {
      this.entries.delete(id);
      this.bodies.delete(id);
    }
    // Now, or once the words are checked (a write waits for that too: a copy re-added comes after).
    const forget = () => ids.forEach((id) => this.search.remove(id));
    if (this.words.checked) forget();
    else void this.words.ready.then(forget);
    for (const seq of new Set(damaged.values()))
      this.storage.notices.report({ kind: 'catalog-chunk', file: this.chunkPath(seq), restored: false });
    this.damagedDropped += ids.length;
    // Decided in the write queue: a fresh copy written meanwhile (a sync's page) is kept, not removed.
    if (!this.storage.readOnly)
      void this.writes
        .run(() =>
          this.replaceNow(
            [],
            ids.filter((id) => !this.entries.has(id)),
          ),
        )
        .catch(() => undefined);
    this.onChange?.();
  }

  /**
   * The whole questions of entries a query made, in their order: each entry says where its body is,
   * so none is looked up by id (a start's first library page is read before the map of ids is made).
   */
  async loadEntries(entries: readonly CatalogEntry[]): Promise<StoredQuestion[]> {
    const given = new Map(entries.map((entry) => [entry.id, entry]));
    const source = { ...this.bodySource, entry: (id: string) => given.get(id) ?? this.entries.get(id) };
    const { found, damaged } = await loadBodies(source, [...given.keys()], this.bodies, true);
    if (damaged.size > 0) this.dropDamaged(damaged);
    return entries.map((entry) => found.get(entry.id)).filter((question) => question !== undefined);
  }

  /** Every question whole, at once: for small catalogs and tests (the app streams instead). */
  loadAll(): Promise<StoredQuestion[]> {
    return this.load([...this.entries.keys()], { cache: false });
  }

  /** One whole question, or undefined when it is not in the catalog. */
  async loadOne(id: string): Promise<StoredQuestion | undefined> {
    return (await this.load([id]))[0];
  }

  /** Every question whole, a few thousand at a time (a pack of everything, a search's phrases). */
  async *stream(ids: readonly string[] = [...this.entries.keys()]): AsyncGenerator<StoredQuestion[]> {
    for (let i = 0; i < ids.length; i += COMPACT_SIZE)
      yield this.load(ids.slice(i, i + COMPACT_SIZE), { cache: false });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The chunk files this store has read or written (what a summary index is made from). */
  chunkSeqs(): number[] {
    return [...this.chunkMeta.keys()].sort((a, b) => a - b);
  }

  /** Each chunk's run and pages, for the saved index. */
  chunkRecords(): [number, ChunkMeta][] {
    return [...this.chunkMeta.entries()].sort(([a], [b]) => a - b);
  }

  /** Called after every change on disk (the workspace keeps the summary index up to date). */
  onChange: (() => void) | null = null;

  /** A question's entry (no body: see `load`). */
  /** Whether the question can be graded (has a key), without making its entry; undefined when absent. */
  keyed(id: string): boolean | undefined {
    return this.entries.keyedOf(id);
  }

  get(id: string): CatalogEntry | undefined {
    return this.entries.get(id);
  }

  all(): IterableIterator<CatalogEntry> {
    return this.entries.values();
  }

  /** Counts of the catalog's values, read from its columns (row-tally.ts). */
  tally(): RowTally {
    return tallyRows(this.entries);
  }

  /** The entries passing a test on their columns (query.ts), without making the others. */
  select(test: RowTest): CatalogEntry[] {
    return this.entries.select(test);
  }

  /** The entries' columns and tables, for the saved index. */
  columns() {
    return this.entries.save();
  }

  /** Exams from the exam list, plus exams seen only inside questions (the national product has no list). */
  examList(): ExamListItem[] {
    return examListOf(this.examLists.all(), this.entries.values());
  }

  /** The API has no subjects endpoint: the index is built from the questions' subject objects. */
  subjects(): { id: string; name: string }[] {
    return this.subjectIndex().list;
  }

  /** A subject's name (its id when no question named it). */
  subjectName(id: string): string {
    return this.subjectIndex().byId.get(id) ?? id;
  }

  private subjectIndex() {
    return (this.subjectCache ??= subjectsOf(this.entries.subjectsInUse()));
  }
}
