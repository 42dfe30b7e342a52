// Which of the notebook's cards a view may see now. Cards whose question the running exam locks are,
// for now, as if they did not exist (visibility.hiddenCards): every view, count, lookup, removal and
// computation of the notebook asks this one place, and never reads a hidden card's data or reviews.

const NONE: ReadonlySet<string> = new Set();

export class HiddenCards {
  private hidden: () => ReadonlySet<string> = () => NONE;

  /** The key's one decision, asked each time (services wires it once the engine opens). */
  use(hidden: () => ReadonlySet<string>): void {
    this.hidden = hidden;
  }

  /** The ids hidden now (a cache key for what is computed from the rest). */
  now(): ReadonlySet<string> {
    return this.hidden();
  }

  /** Whether an exam holds questions now (public: it says nothing of any card). */
  any(): boolean {
    return this.hidden().size > 0;
  }

  /** What is keyed by a card's id, less the hidden ones: cards, or review-log entries. */
  without<T extends { id: string }>(items: readonly T[]): readonly T[] {
    const hidden = this.hidden();
    return hidden.size === 0 ? items : items.filter((item) => !hidden.has(item.id));
  }

  isHidden(id: string): boolean {
    return this.hidden().has(id);
  }
}
