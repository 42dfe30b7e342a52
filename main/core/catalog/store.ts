// The offline catalog: append-only chunk files (each holds the pages that arrived
// while the previous write was running: group commit), so a page costs a share of
// one small atomic write instead of rewriting tens of MB, and a crash at any moment
// leaves whole pages or nothing. Compaction merges chunks when they pile up.
// In memory: one entry per question (entry.ts) and the search index; a question's body is read
// from its chunk when needed (body-loader.ts), with a small cache (docs/architecture.md, "The catalog in memory").
import { join } from 'node:path';
import { writeDurably } from '../util/durable-file.js';
import { OneAtATime } from '../util/one-at-a-time.js';
import { ExamLists } from './exam-lists.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';
import {
  atOf,
  chunkHead,
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
import type { RowTest } from './entry-columns.js';
import { CatalogState } from './catalog-state.js';
import type { LeanQuestion, PageItems } from './arrived-page.js';
import { layPages } from './page-layout.js';
import { tallyRows, type RowTally } from './row-tally.js';
import { examListOf, subjectsOf, type CatalogEntry, type ExamListItem } from './entry.js';
import { loadBodies, type BodySource } from './body-loader.js';
import { SearchIndex } from './search-index.js';
import { RecentBodies } from './stored-question.js';
import { COMPACT_SIZE, compactChunks, needsCompaction } from './compaction.js';
import { readCatalogIndex } from './summary-index.js';
import { SavedWords } from './saved-words.js';

export type { ChunkMeta, PageMeta, StoredPage, StoredQuestion } from './chunk-file.js';
export type { CatalogEntry, QuestionMeta } from './entry.js';
export { imageUrlsOf, entryImageUrls } from './entry.js';
export { isDifficulty, toStored } from './stored-question.js';

export class CatalogStore {
  /** The entries, each chunk's pages, the next chunk's number: replaced whole when the index was a bad copy. */
  private state = new CatalogState();
  private subjectCache: ReturnType<typeof subjectsOf> | null = null;
  /** Bodies kept after a read: an exam's questions, a question opened, a print. */
  private readonly bodies = new RecentBodies(400);
  readonly search: SearchIndex;
  /** False when opened without search (`cli stats`): a text query then throws instead of finding nothing. */
  searchable = true;
  /** Bodies read from disk since opening (start-up reads none: what a test of a light start checks). */
  bodyReads = 0;
  /** Questions dropped because their body was damaged on disk (tests and diagnostics read it). */
  get damagedDropped(): number {
    return this.droppedOnRead + this.state.lostLines;
  }
  private droppedOnRead = 0;
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
    this.state.bodies = this.bodies;
    this.search.intern = (id) => this.state.entries.canonical(id);
    this.bodySource = {
      dir,
      entry: (id) => this.state.entries.get(id),
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
    const words = searchable ? store.search : null;
    if (saved) {
      store.adopt(CatalogState.restored(saved), words);
      store.fromIndex = true;
      store.state.entries.onDuplicate = () => void store.rebuildFromChunks().catch(() => undefined);
      if (saved.search) store.words = SavedWords.check(store, saved.search);
    } else store.adopt(await CatalogState.read(seqs, (seq) => store.chunkPath(seq), storage, words), words);
    // Chunks of the older one-line layout have no byte ranges: rewritten once, by their writer.
    if (!storage.readOnly && store.state.entries.someUnranged()) await store.compact();
    return store;
  }

  private adopt(state: CatalogState, words: SearchIndex | null) {
    state.words = words;
    state.bodies = this.bodies;
    this.state = state;
    this.bodies.clear();
    this.subjectCache = null;
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

  /** Times the entries were made again from the chunks because the saved index disagreed with them. */
  indexRebuilds = 0;

  /**
   * The saved index disagreed with a chunk (a key, a line not where a row said, one id on two
   * rows): the entries are made again from the chunks, which are the truth, and the index is
   * written anew (onChange). Only then is a line that is still damaged its question's loss. In the
   * write queue, so no write lands between the scan and the swap; `rebuildNow` is for a write
   * already in it.
   */
  rebuildFromChunks(): Promise<void> {
    const rebuilding = this.writes.run(() => this.rebuildNow());
    this.rebuilding = rebuilding.finally(() => {
      if (this.rebuilding === rebuilding) this.rebuilding = null;
    });
    return rebuilding;
  }

  private rebuilding: Promise<void> | null = null;

  /** Settles once a rebuild the index asked for (one id on two rows, found as its map was made) is done. */
  async indexChecked(): Promise<void> {
    await this.rebuilding?.catch(() => undefined);
  }

  private async rebuildNow(): Promise<void> {
    if (!this.fromIndex) return;
    const seqs = await listChunks(join(this.dir, 'chunks'), this.storage.readOnly);
    // Made apart and swapped in at once: reads meanwhile see the old entries, never half of the new.
    // The saved words are not the index's: search.bin is checked on its own (saved-words.ts).
    const fresh = await CatalogState.read(seqs, (seq) => this.chunkPath(seq), this.storage, null);
    fresh.nextSeq = Math.max(fresh.nextSeq, this.state.nextSeq);
    this.adopt(fresh, this.state.words);
    this.fromIndex = false;
    this.indexRebuilds += 1;
    this.onChange?.();
  }

  private absorb(chunk: Chunk<StoredQuestion | LeanQuestion>, at: BodyAt[]) {
    this.state.absorb(chunk, at);
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
      const chunk: Chunk = { seq: this.state.nextSeq++, run, pages, questions };
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
      const chunk: Chunk<LeanQuestion> = { seq: this.state.nextSeq++, run, pages, questions };
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
    const chunk: Chunk = {
      seq: this.state.nextSeq++,
      run: null,
      pages: [],
      questions: records,
      replace: true,
      removed,
    };
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
      for (const entry of this.state.entries.values()) {
        if (!entry.sources.some((s) => sources.includes(s))) continue;
        const rest = entry.sources.filter((s) => !sources.includes(s));
        if (rest.length === 0) removed.add(entry.id);
        else keep.set(entry.id, rest);
      }
      const kept = await this.loadTrusted([...keep.keys()], true, true);
      const updated = [...kept.values()].map((question) => ({
        ...question,
        sources: keep.get(question.id) ?? question.sources,
      }));
      await this.replaceNow(updated, [...removed]);
      return { removed: [...removed], kept: updated.length };
    });
  }

  /** Every source some stored question has. */
  sourceSet(): Set<string> {
    return new Set(this.state.entries.sourceListsInUse().flat());
  }

  /** Pages already stored for a run: listing key → page → its total and ids. */
  pagesOf(run: string): Map<string, Map<number, StoredPage>> {
    return pagesOfRun(this.state.chunkMeta.values(), run);
  }

  /** Whether compaction would pay: many small files, or many superseded records. */
  needsCompaction(): boolean {
    return needsCompaction(this.state);
  }

  /** Rewrites all chunks into few large ones (compaction.ts); call it between syncs. Writes asked for meanwhile wait. */
  compact(): Promise<void> {
    return this.writes.run(async () => {
      await compactChunks({
        state: () => this.state,
        load: (ids) => this.loadTrusted(ids, false, true),
        writeChunk: (chunk) => this.writeChunk(chunk),
        chunkPath: (seq) => this.chunkPath(seq),
      });
      this.onChange?.();
    });
  }

  /**
   * The whole questions, in the order asked (ids not in the catalog are left out): bodies from the
   * cache or read from their chunks, with the catalog's merged year, difficulty and sources. A body
   * is used only while its entry still points where it was read: a write meanwhile (a newer version,
   * a compaction) sends it to be read again, so an older body is never paired with a newer key.
   */
  async load(ids: readonly string[], options: { cache?: boolean } = {}): Promise<StoredQuestion[]> {
    const found = await this.loadTrusted(ids, options.cache !== false, false);
    return ids.map((id) => found.get(id)).filter((question): question is StoredQuestion => question !== undefined);
  }

  /**
   * Bodies from their chunks. Where the entries came from the saved index and a line is not where a
   * row says or names another key, the index is a bad copy: the entries are made again from the
   * chunks and the bodies read again, so a whole line is never lost to a derived file. A line still
   * damaged then is its question's own damage, and it is dropped. `inQueue`: called by a write.
   */
  private async loadTrusted(
    ids: readonly string[],
    keep: boolean,
    inQueue: boolean,
    source: BodySource = this.bodySource,
  ): Promise<Map<string, StoredQuestion>> {
    let loaded = await loadBodies(source, ids, this.bodies, keep);
    if (this.fromIndex && (loaded.damaged.size > 0 || loaded.disagreed.size > 0)) {
      await (inQueue ? this.rebuildNow() : this.rebuildFromChunks());
      loaded = await loadBodies(this.bodySource, ids, this.bodies, keep);
    }
    if (loaded.damaged.size > 0) this.dropDamaged(loaded.damaged);
    return loaded.found;
  }

  /**
   * Questions whose body is damaged on disk leave the catalog at once (never a library that fails on
   * every start), durably where this store writes (a removal chunk: the index and search follow), and
   * each chunk they were in is reported: the notice says they come back with the next sync or import.
   */
  private dropDamaged(damaged: ReadonlyMap<string, number>): void {
    const ids = [...damaged.keys()];
    for (const id of ids) {
      this.state.entries.delete(id);
      this.bodies.delete(id);
    }
    // Now, or once the words are checked (a write waits for that too: a copy re-added comes after).
    const forget = () => ids.forEach((id) => this.search.remove(id));
    if (this.words.checked) forget();
    else void this.words.ready.then(forget);
    for (const seq of new Set(damaged.values()))
      this.storage.notices.report({ kind: 'catalog-chunk', file: this.chunkPath(seq), restored: false });
    this.droppedOnRead += ids.length;
    // Decided in the write queue: a fresh copy written meanwhile (a sync's page) is kept, not removed.
    if (!this.storage.readOnly)
      void this.writes
        .run(() =>
          this.replaceNow(
            [],
            ids.filter((id) => !this.state.entries.has(id)),
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
    const source = { ...this.bodySource, entry: (id: string) => given.get(id) ?? this.state.entries.get(id) };
    const found = await this.loadTrusted([...given.keys()], true, false, source);
    return entries.map((entry) => found.get(entry.id)).filter((question) => question !== undefined);
  }

  /** Every question whole, at once: for small catalogs and tests (the app streams instead). */
  loadAll(): Promise<StoredQuestion[]> {
    return this.load([...this.state.entries.keys()], { cache: false });
  }

  /** One whole question, or undefined when it is not in the catalog. */
  async loadOne(id: string): Promise<StoredQuestion | undefined> {
    return (await this.load([id]))[0];
  }

  /** Every question whole, a few thousand at a time (a pack of everything, a search's phrases). */
  async *stream(ids: readonly string[] = [...this.state.entries.keys()]): AsyncGenerator<StoredQuestion[]> {
    for (let i = 0; i < ids.length; i += COMPACT_SIZE)
      yield this.load(ids.slice(i, i + COMPACT_SIZE), { cache: false });
  }

  get size(): number {
    return this.state.entries.size;
  }

  /** The chunk files this store has read or written (what a summary index is made from). */
  chunkSeqs(): number[] {
    return [...this.state.chunkMeta.keys()].sort((a, b) => a - b);
  }

  /** Each chunk's run and pages, for the saved index. */
  chunkRecords(): [number, ChunkMeta][] {
    return [...this.state.chunkMeta.entries()].sort(([a], [b]) => a - b);
  }

  /** Called after every change on disk (the workspace keeps the summary index up to date). */
  onChange: (() => void) | null = null;

  /** Whether the question can be graded (has a key), without making its entry; undefined when absent. */
  keyed(id: string): boolean | undefined {
    return this.state.entries.keyedOf(id);
  }

  /** A question's entry (no body: see `load`). */
  get(id: string): CatalogEntry | undefined {
    return this.state.entries.get(id);
  }

  all(): IterableIterator<CatalogEntry> {
    return this.state.entries.values();
  }

  /** Counts of the catalog's values, read from its columns (row-tally.ts). */
  tally(): RowTally {
    return tallyRows(this.state.entries);
  }

  /** The entries passing a test on their columns (query.ts), without making the others. */
  select(test: RowTest): CatalogEntry[] {
    return this.state.entries.select(test);
  }

  /** The entries' columns and tables, for the saved index. */
  columns() {
    return this.state.entries.save();
  }

  /** Exams from the exam list, plus exams seen only inside questions (the national product has no list). */
  examList(): ExamListItem[] {
    return examListOf(this.examLists.all(), this.state.entries.values());
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
    return (this.subjectCache ??= subjectsOf(this.state.entries.subjectsInUse()));
  }
}
