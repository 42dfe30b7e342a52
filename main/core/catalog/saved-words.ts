// The saved search words (search.bin) are checked when something first needs them, not before a
// start's first library page: their read and hash held the page by 16 ms, and no page needs them.
// Whatever reads or changes the words waits for the check (a search, a write, the index's next
// write); words found not whole are read again from the questions' bodies, and the files written anew.
import type { StoredQuestion } from './chunk-file.js';
import { searchTextOf } from './entry.js';
import type { SavedSearch } from './search-file.js';
import type { SearchIndex } from './search-index.js';

/** What the check needs of the store: its words, its bodies, and whom to tell of a change. */
export interface WordsOwner {
  readonly search: SearchIndex;
  stream(): AsyncIterable<StoredQuestion[]>;
  onChange: (() => void) | null;
}

export class SavedWords {
  /** Whether the check has settled (a removal can then be made at once). */
  checked = true;
  private check: (() => Promise<void>) | null = null;
  private settling: Promise<void> | null = null;

  /** Settles once the words are checked: the check starts when first asked for. */
  get ready(): Promise<void> {
    if (!this.settling) {
      // Let go of the check once started: it holds the file's 7 MB read until it ends.
      const check = this.check;
      this.check = null;
      this.settling = check ? check() : Promise.resolve();
    }
    return this.settling;
  }

  /** Nothing to check (no saved words, or a catalog opened without search). */
  static none(): SavedWords {
    return new SavedWords();
  }

  /**
   * The saved words, checked when something first needs them: hashed on this thread whenever that
   * is, it held the first library page even when started after the open (its bodies' reads let it run).
   */
  static check(store: WordsOwner, saved: () => Promise<SavedSearch | null>): SavedWords {
    const words = new SavedWords();
    words.checked = false;
    store.search.expectSaved();
    words.check = async () => {
      try {
        const whole = await saved();
        store.search.adoptSaved(whole);
        if (whole) return;
        try {
          for await (const questions of store.stream())
            for (const question of questions) store.search.add(question.id, searchTextOf(question));
          store.onChange?.();
        } catch {
          // A chunk that cannot be read now (the disk, permissions) leaves the words as far as they
          // got (not written for their own sake): no search or write fails for it.
        }
      } finally {
        words.checked = true;
      }
    };
    return words;
  }
}
