// What the store knows of its chunks, apart from the store's queue and read path: one entry per
// question (where its line is, what the library filters on), each chunk's pages, the next chunk's
// number. Made from the chunks (the truth) or restored from the saved index (a copy of them); a
// copy that disagrees with a chunk is replaced whole by one made from the chunks (store.ts).
import { readFile } from 'node:fs/promises';
import type { StorageContext } from '../util/storage.js';
import { readChunk, type BodyAt, type Chunk, type ChunkMeta, type StoredQuestion } from './chunk-file.js';
import { EntryColumns } from './entry-columns.js';
import { searchTextOf } from './entry.js';
import type { LeanQuestion } from './arrived-page.js';
import type { SearchIndex } from './search-index.js';
import type { CatalogIndexData } from './summary-index.js';
import { merge, type RecentBodies } from './stored-question.js';

export class CatalogState {
  entries = new EntryColumns();
  readonly chunkMeta = new Map<number, ChunkMeta>();
  nextSeq = 1;
  /** Lines lost to their own damage while chunks were read. */
  lostLines = 0;

  /**
   * The words added and removed with the entries (null: left as they are: `cli stats`, or while a
   * copy's entries are made again, the saved words being checked on their own).
   */
  words: SearchIndex | null = null;
  /** The store's recent bodies, kept in step with what each chunk brings. */
  bodies: RecentBodies | null = null;

  /** The state a saved index holds (summary-index.ts checked it against the chunks' names and sizes). */
  static restored(saved: CatalogIndexData): CatalogState {
    const state = new CatalogState();
    state.entries = saved.entries;
    for (const [seq, meta] of saved.chunks) {
      state.chunkMeta.set(seq, meta);
      state.nextSeq = Math.max(state.nextSeq, seq + 1);
    }
    return state;
  }

  /** The state the chunks hold, read in sequence order (later chunks win); `words` filled as they are read. */
  static async read(
    seqs: readonly number[],
    pathOf: (seq: number) => string,
    storage: StorageContext,
    words: SearchIndex | null,
  ): Promise<CatalogState> {
    const state = new CatalogState();
    state.words = words;
    for (const seq of seqs) await state.scan(pathOf(seq), seq, storage);
    return state;
  }

  /**
   * Reads one chunk whole: its entries, pages and words. A damaged line costs its question alone
   * (the whole lines beside it are kept: chunk-file.ts `readChunk`), and is said.
   */
  async scan(path: string, seq: number, storage: StorageContext): Promise<void> {
    const bytes = await readFile(path).catch(() => null);
    if (!bytes) return;
    const read = readChunk(bytes, seq);
    if (!read || read.lost > 0) storage.notices.report({ kind: 'catalog-chunk', file: path, restored: false });
    if (!read) return;
    this.lostLines += read.lost;
    // Reading many chunks keeps the growing part of the search small (its arrays cost 8 bytes a word).
    this.words?.compactIfLarge();
    this.absorb(
      read.chunk,
      read.chunk.questions.map((_, i) => read.at[i] ?? { seq, offset: -1, length: 0 }),
    );
  }

  /** A chunk's questions, removals and pages, in the catalog's order (later chunks win). */
  absorb(chunk: Chunk<StoredQuestion | LeanQuestion>, at: BodyAt[]): void {
    for (const id of chunk.removed ?? []) {
      this.entries.delete(id);
      this.bodies?.delete(id);
      this.words?.remove(id);
    }
    chunk.questions.forEach((question, i) => {
      // One lookup: a sync's new questions need no view made to learn they are new.
      const row = this.entries.rowOf(question.id);
      const merged = row !== undefined && !chunk.replace ? merge(this.entries.entryAt(row), question) : question;
      this.entries.set(merged, at[i] ?? { seq: chunk.seq, offset: -1, length: 0 }, row);
      // A sync's question has no body in memory: an older one kept is dropped, read anew when asked.
      if ('searchText' in merged) this.bodies?.delete(merged.id);
      else this.bodies?.update(merged);
      this.words?.add(question.id, 'searchText' in question ? question.searchText : searchTextOf(question));
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
  }
}
