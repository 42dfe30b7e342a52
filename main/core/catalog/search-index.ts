// The library's full-text search without the question bodies in memory: an inverted index of
// accent- and case-folded words, each word's questions as one run of numbers in a Uint32Array
// (about 4 bytes per word a question holds). Every query word matches as a prefix, as a student
// types ("revol" finds "revolução"). Built as questions arrive, saved beside the chunks with the
// summary index, read at start in one go. MiniSearch and FlexSearch were measured for this
// (docs/performance.md): at 50,000 questions they hold 4–5 times the text in memory.
import { wordsOf } from './words.js';
import type { Frozen, SavedSearch, SearchIndexData } from './search-file.js';

export { wordsOf };

/** How long the catalog must be quiet before added texts are read (a sync's pages come closer). */
const QUIET_MS = 300;
/** Texts held at most before they are read anyway (about 20 MB of questions). */
const PENDING_AT_MOST = 60_000;

/**
 * A question's text for the index: a string, or UTF-8 bytes off the heap. A sync's 50,000 texts wait
 * for the catalog to be quiet as bytes: held as strings, every young collection of the sync copied them.
 */
export type IndexText = string | EncodedText;

export interface EncodedText {
  bytes: Buffer;
  start: number;
  end: number;
}

const textOf = (text: IndexText) =>
  typeof text === 'string' ? text : text.bytes.toString('utf8', text.start, text.end);

const EMPTY: Frozen = { terms: [], offsets: new Uint32Array(1), postings: new Uint32Array(0) };

function lowerBound(terms: string[], word: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((terms[mid] ?? '') < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class SearchIndex {
  private frozen: Frozen = EMPTY;
  private ids: string[] = [];
  /** The saved index not decoded yet (null once decoded, or when there was none). */
  private saved: SavedSearch | null = null;
  /**
   * Document numbers by id, made by the first change (`add`, `remove`): a session that only searches
   * reads numbers to ids (`ids`) and never needs it (1.8 MB at 50,000 questions).
   */
  private numbers: Map<string, number> | null = null;
  /** Words of questions added since the index was last frozen. */
  private live = new Map<string, number[]>();
  /** Documents numbered before the last freeze (those after are in `live`). */
  private frozenDocuments = 0;
  /** Texts added and not read yet, by question id. */
  private readonly pending = new Map<string, IndexText>();
  private quiet: NodeJS.Timeout | null = null;
  /** Document numbers whose question was replaced or removed. */
  private readonly dead = new Set<number>();

  /** The id as the catalog holds it, so that a decoded index shares the catalog's strings. */
  intern: (id: string) => string = (id) => id;

  constructor(data?: SearchIndexData | SavedSearch) {
    if (data && 'decode' in data) this.saved = data;
    else if (data) this.adopt(data);
  }

  /** Saved words are on their way (saved-words.ts): until they are taken or given up, nothing is decoded. */
  private awaitingSaved = false;

  expectSaved(): void {
    this.awaitingSaved = true;
  }

  /**
   * The saved words, checked, taken before anything was added (the store makes every change wait for
   * it); null: none come (they were not whole).
   */
  adoptSaved(saved: SavedSearch | null): void {
    this.awaitingSaved = false;
    if (!saved) return;
    if (this.ids.length > 0 || this.pending.size > 0 || this.saved) throw new Error('saved words taken late');
    this.saved = saved;
  }

  private adopt(data: SearchIndexData) {
    // Not `data` itself: its own list of ids would stay alive beside the interned one.
    this.frozen = { terms: data.terms, offsets: data.offsets, postings: data.postings };
    this.ids = data.ids.map((id) => (id ? this.intern(id) : id));
    this.frozenDocuments = this.ids.length;
    this.numbers = null;
  }

  private get numberOf(): Map<string, number> {
    if (!this.numbers) {
      const numbers = new Map<string, number>();
      this.ids.forEach((id, n) => {
        if (id && !this.dead.has(n)) numbers.set(id, n);
      });
      this.numbers = numbers;
    }
    return this.numbers;
  }

  /** The saved index, decoded the first time anything reads or changes it (indexPending, remove, compactIfLarge). */
  private decodeSaved() {
    const saved = this.saved;
    if (!saved) return;
    this.saved = null;
    const data = saved.decode();
    // The hash held, so this is our own writer's file: a mismatch here is a bug, said loudly.
    if (!data) throw new Error('the saved search index does not hold what its header says');
    this.adopt(data);
  }

  get size(): number {
    if (this.saved) return this.saved.documents + this.pending.size;
    // Without the map nothing was added or removed since the load or the freeze: each id once, all live.
    return (this.numbers?.size ?? this.ids.length) + this.pending.size;
  }

  /** Whether the saved index is still waiting to be read (a start that never searches never reads it). */
  get decoded(): boolean {
    return this.saved === null && !this.awaitingSaved;
  }

  /**
   * Indexes a question's text (a question indexed before is replaced). The words are read once the
   * catalog has been quiet for a moment (a sync adds 50,000 and must not wait for them) or when a
   * search or a save needs them, whichever comes first: a search never misses a question added.
   */
  add(id: string, text: IndexText): void {
    this.remove(id);
    this.pending.set(id, text);
    if (this.pending.size >= PENDING_AT_MOST) this.indexPending();
    else this.scheduleIndexing();
  }

  /** When the last text was added (a sync adds 50,000: one timer, not one re-armed per text). */
  private lastAdded = 0;

  private scheduleIndexing() {
    this.lastAdded = performance.now();
    if (!this.quiet) this.waitForQuiet(QUIET_MS);
  }

  private waitForQuiet(ms: number) {
    this.quiet = setTimeout(() => {
      const quietFor = performance.now() - this.lastAdded;
      if (quietFor < QUIET_MS) this.waitForQuiet(QUIET_MS - quietFor);
      else this.indexPending();
    }, ms);
    this.quiet.unref();
  }

  /** Every pending text into the growing part, now. */
  private indexPending() {
    this.decodeSaved();
    if (this.quiet) clearTimeout(this.quiet);
    this.quiet = null;
    for (const [id, text] of this.pending) {
      const n = this.ids.length;
      this.ids.push(id);
      this.numberOf.set(id, n);
      // Documents come in increasing numbers: a word met twice in one text ends its list with n already.
      for (const word of wordsOf(textOf(text))) {
        const list = this.live.get(word);
        if (!list) this.live.set(word, [n]);
        else if (list[list.length - 1] !== n) list.push(n);
      }
    }
    this.pending.clear();
  }

  remove(id: string): void {
    this.decodeSaved();
    this.pending.delete(id);
    const n = this.numberOf.get(id);
    if (n === undefined) return;
    this.numberOf.delete(id);
    this.dead.add(n);
    this.ids[n] = '';
  }

  /**
   * The ids of the questions holding every word (each as a prefix of one of its words); null when
   * the words say nothing searchable (only one-letter words, punctuation).
   */
  match(words: string[]): Set<string> | null {
    this.indexPending();
    const parts = words.flatMap((word) => wordsOf(word));
    if (parts.length === 0) return null;
    let hits: Uint8Array | null = null;
    for (const part of new Set(parts)) {
      const found = this.documentsWithPrefix(part);
      if (hits) for (let n = 0; n < hits.length; n++) hits[n] = (hits[n] ?? 0) & (found[n] ?? 0);
      else hits = found;
    }
    const out = new Set<string>();
    if (!hits) return out;
    for (let n = 0; n < hits.length; n++) {
      const id = this.ids[n];
      if (hits[n] && id && !this.dead.has(n)) out.add(id);
    }
    return out;
  }

  private documentsWithPrefix(prefix: string): Uint8Array {
    const found = new Uint8Array(this.ids.length);
    const { terms, offsets, postings } = this.frozen;
    for (let t = lowerBound(terms, prefix); t < terms.length && (terms[t] ?? '').startsWith(prefix); t++) {
      for (let p = offsets[t] ?? 0; p < (offsets[t + 1] ?? 0); p++) found[postings[p] ?? 0] = 1;
    }
    for (const [term, list] of this.live) if (term.startsWith(prefix)) for (const n of list) found[n] = 1;
    return found;
  }

  /** Joins the growing part into the compact one once it holds many questions (4 bytes a word there). */
  compactIfLarge(limit = 10_000): void {
    this.decodeSaved();
    if (this.ids.length + this.pending.size - this.frozenDocuments > limit) this.freeze();
  }

  /**
   * Joins the words added since into the compact form and renumbers the documents without the
   * dead ones: what is saved, and what keeps memory at 4 bytes a word.
   */
  freeze(): SearchIndexData {
    this.indexPending();
    const renumber = new Int32Array(this.ids.length).fill(-1);
    const ids: string[] = [];
    this.ids.forEach((id, n) => {
      if (id && !this.dead.has(n)) {
        renumber[n] = ids.length;
        ids.push(id);
      }
    });
    const { terms, offsets, postings } = this.frozen;
    const merged = new Map<string, number[]>();
    terms.forEach((term, t) => {
      const list: number[] = [];
      for (let p = offsets[t] ?? 0; p < (offsets[t + 1] ?? 0); p++) {
        const next = renumber[postings[p] ?? 0] ?? -1;
        if (next >= 0) list.push(next);
      }
      if (list.length > 0) merged.set(term, list);
    });
    for (const [term, list] of this.live) {
      const kept = list.map((n) => renumber[n] ?? -1).filter((n) => n >= 0);
      if (kept.length === 0) continue;
      const existing = merged.get(term);
      if (existing) existing.push(...kept);
      else merged.set(term, kept);
    }
    const sorted = [...merged.keys()].sort();
    const nextOffsets = new Uint32Array(sorted.length + 1);
    let total = 0;
    sorted.forEach((term, t) => {
      total += merged.get(term)?.length ?? 0;
      nextOffsets[t + 1] = total;
    });
    const nextPostings = new Uint32Array(total);
    sorted.forEach((term, t) => nextPostings.set(merged.get(term) ?? [], nextOffsets[t]));
    this.frozen = { terms: sorted, offsets: nextOffsets, postings: nextPostings };
    this.ids = ids;
    this.numbers = null;
    this.live = new Map();
    this.dead.clear();
    this.frozenDocuments = ids.length;
    return { ...this.frozen, ids };
  }
}
