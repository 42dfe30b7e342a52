// What became of each question a sync met, counted once however many pages brought it: kept with
// a key, kept without one (and why), refused (and why), and which display fields were unreadable.
import type { KeylessCause, SyncOutcome, UnreadableField } from '../../../preload/contract.js';
import type { Refusal } from '../api/client.js';
import type { AnswerKey } from '../catalog/answer-key.js';

const bump = <K extends string>(counts: Partial<Record<K, number>>, key: K) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export class SyncOutcomes {
  /** Questions read in this run without a key, by cause (the last copy read wins). */
  private readonly keyless = new Map<string, KeylessCause>();
  private readonly unreadable = new Map<string, readonly UnreadableField[]>();
  private readonly refused = new Map<string, string>();
  /** Refused items with no id to count them by: each page's are counted as they come. */
  private readonly anonymous: Record<string, number> = {};

  noteKept(id: string, key: AnswerKey, unreadable: readonly UnreadableField[] | undefined) {
    // Asked of every question of a sync: the maps are touched only when there is something to forget.
    if (key.cause !== null) this.keyless.set(id, key.cause);
    else if (this.keyless.size > 0) this.keyless.delete(id);
    if (unreadable) this.unreadable.set(id, unreadable);
    else if (this.unreadable.size > 0) this.unreadable.delete(id);
  }

  noteRefused(refusal: Refusal) {
    if (refusal.id === null) bump(this.anonymous, refusal.cause);
    else this.refused.set(refusal.id, refusal.cause);
  }

  /**
   * `seen`: every question kept in the run (pages resumed from an earlier run included); `keyed`:
   * the store's word on whether one has a key.
   */
  summary(seen: ReadonlySet<string>, keyed: (id: string) => boolean | undefined): SyncOutcome {
    const outcome: SyncOutcome = {
      kept: 0,
      keyless: { total: 0, causes: {} },
      refused: { total: 0, causes: { ...this.anonymous } },
      unreadable: {},
    };
    for (const id of seen) {
      if (keyed(id) === false) {
        outcome.keyless.total += 1;
        bump(outcome.keyless.causes, this.keyless.get(id) ?? 'earlier-run');
      } else outcome.kept += 1;
      for (const field of this.unreadable.get(id) ?? []) bump(outcome.unreadable, field);
    }
    // A question refused on one page and kept from another is kept.
    for (const [id, cause] of this.refused) if (!seen.has(id)) bump(outcome.refused.causes, cause);
    for (const n of Object.values(outcome.refused.causes)) outcome.refused.total += n;
    return outcome;
  }
}
