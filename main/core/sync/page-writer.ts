// The sync's writes of pages to the catalog store, grouped (engine.ts).
import type { LeanQuestion, PageItems } from '../catalog/arrived-page.js';
import type { CatalogStore, PageMeta } from '../catalog/store.js';

/**
 * Group commit: a page is written as soon as the disk is free; pages that arrive
 * meanwhile go into the next write together. Under load this turns hundreds of
 * small writes into a few dozen, and a page counts as stored (for resume) only
 * once the write holding it has ended.
 */
export class PageWriter {
  private pending: { questions: LeanQuestion[]; pages: PageMeta[]; items: PageItems[] } | null = null;
  private writing: Promise<void> | null = null;
  private failure: unknown = null;

  constructor(
    private readonly store: CatalogStore,
    private readonly run: string,
    private readonly maxPending = 20,
  ) {}

  async add(questions: LeanQuestion[], page: PageMeta, items: PageItems): Promise<void> {
    this.check();
    this.pending ??= { questions: [], pages: [], items: [] };
    this.pending.questions.push(...questions);
    this.pending.pages.push(page);
    this.pending.items.push(items);
    if (!this.writing) this.flush();
    // Backpressure: never hold more than maxPending unwritten pages.
    while (this.pending && this.pending.pages.length >= this.maxPending && this.writing) await this.writing;
    this.check();
  }

  async drain(): Promise<void> {
    while (this.writing) await this.writing;
    this.check();
  }

  private flush() {
    const batch = this.pending;
    if (!batch) return;
    this.pending = null;
    this.writing = this.store
      .appendArrived(batch.questions, this.run, batch.pages, batch.items)
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.writing = null;
        if (this.pending && !this.failure) this.flush();
      });
  }

  private check() {
    if (this.failure) throw this.failure;
  }
}
