// The one place that decides what is locked while an exam runs (invariant 1):
// the keys of the running attempt's questions not yet checked. Every channel
// has a written decision below; a test enumerates the contract's channels and
// fails when one is added without a decision, then attacks each through the bridge.
import type { Channel } from '../../preload/contract.js';
import type { CatalogStore } from '../core/catalog/store.js';
import type { ExamEngine } from '../core/exams/engine.js';

/**
 * - `no-key`: never returns a key, whatever runs.
 * - `redacts`: would return keys; withholds those of locked questions (results, review, history).
 * - `refuses`: fails with `locked-by-exam` when its answer would carry a locked key.
 * - `own-attempt`: the running attempt's own channel; keys only of practice questions already checked.
 */
export type KeyPolicy = 'no-key' | 'redacts' | 'refuses' | 'own-attempt';

export const CHANNEL_KEY_POLICY: Record<Channel, KeyPolicy> = {
  'app:info': 'no-key',
  'app:notices': 'no-key',
  'app:dismiss-notices': 'no-key',
  'keys:status': 'no-key',
  'keys:connect': 'no-key',
  'keys:remove': 'no-key',
  'sync:overview': 'no-key',
  'sync:estimate': 'no-key',
  'sync:start': 'no-key',
  'sync:cancel': 'no-key',
  'catalog:facets': 'no-key',
  'catalog:query': 'no-key',
  'catalog:question': 'no-key',
  'catalog:reveal': 'refuses',
  'catalog:explanation': 'refuses',
  'catalog:set-explanation': 'refuses',
  'settings:get': 'no-key',
  'settings:set': 'no-key',
  'cache:info': 'no-key',
  'cache:clear': 'refuses',
  'shell:open-external': 'no-key',
  'exam:presets': 'no-key',
  'exam:count': 'no-key',
  'exam:start': 'own-attempt',
  'exam:current': 'own-attempt',
  'exam:answer': 'own-attempt',
  'exam:flag': 'no-key',
  'exam:eliminate': 'no-key',
  'exam:guess': 'no-key',
  'exam:visit': 'no-key',
  'exam:submit': 'redacts',
  'exam:result': 'redacts',
  'exam:history': 'redacts',
  'exam:retry-wrong': 'own-attempt',
  'packs:list': 'no-key',
  'packs:import': 'refuses',
  'packs:import-demo': 'refuses',
  'packs:import-pending': 'refuses',
  'packs:remove': 'refuses',
  'packs:preview': 'refuses',
  'packs:build': 'refuses',
  'notebook:overview': 'no-key',
  // A note may hold the key in the student's words: withheld while its question is locked.
  'notebook:list': 'redacts',
  'notebook:add': 'no-key',
  'notebook:remove': 'no-key',
  'notebook:set-plan': 'no-key',
  'notebook:start-review': 'own-attempt',
  'exam:rate': 'no-key',
  'notes:get': 'refuses',
  'notes:set': 'refuses',
  // The student's own answers in the pack's letters: no key.
  'class:export-result': 'no-key',
  // Reads a pack's keys (the tutor's file): refused while the running exam holds one of its questions.
  'class:report': 'refuses',
  // Writes keys into the pack's records: refused while the running exam holds one of them.
  'packs:release': 'refuses',
  // The XML carries the pack's keys: refused while the running exam holds one of its questions.
  'packs:to-moodle': 'refuses',
  // An import like any pack's: refused when it names a question of the running exam, whatever it says of it.
  'packs:from-moodle': 'refuses',
  // Prints a key: refused while any exam runs.
  'paper:print': 'refuses',
  'paper:list': 'no-key',
  // Grading a sheet that shares a question with the running exam waits for its end, whatever the
  // letters: its score and the notebook cards it adds would tell that question's key.
  'paper:grade': 'refuses',
};

export class KeyLock {
  constructor(
    private readonly engine: () => ExamEngine,
    private readonly store: () => CatalogStore | null,
  ) {}

  /** Whether a stored question's key must stay hidden now (any version of it: ids and own ids). */
  isLocked(recordId: string): boolean {
    const locked = this.engine().lockedKeys();
    if (locked.size === 0) return false;
    if (locked.has(recordId)) return true;
    const baseId = this.store()?.get(recordId)?.q.id;
    return baseId !== undefined && locked.has(baseId);
  }

  /** True while any attempt runs (cache clearing and similar wholesale changes wait for its end). */
  examRunning(): boolean {
    return this.engine().running() !== null;
  }
}
