// The cache's channels: what the data folder holds, and clearing what can be fetched again.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { entryImageUrls } from '../core/catalog/store.js';
import { listPacks, packSource } from '../core/packs/registry.js';
import type { Logger } from '../core/util/logger.js';
import type { Workspace } from '../core/workspace.js';
import { BridgeError, type CacheInfo, type Handlers } from './types.js';

export interface CacheDeps {
  dataDir: string;
  workspace: Workspace;
  logger: Logger;
  /** Saved attempts (results keep their own copies of questions and pinned images). */
  attempts: () => Promise<number>;
  syncRunning: () => boolean;
  examRunning: () => boolean;
  /** Removes image files nothing points to any more. */
  sweepImages: () => Promise<unknown>;
  /** Questions went: cached answers go, open screens recount. */
  changed: () => void;
}

/**
 * What records the student's answers and what they led to: attempts, the notebook's cards and the
 * notes (and their backups). Their size says how many cards and how long the retries are, which an
 * earlier answer's being right decides: while an exam runs, the size shown leaves them out.
 */
const ANSWER_RECORDS = /^(attempts|notebook\.json|notebook-questions\.json|notes\.json)(\.bak)?$/;

/** Every file's size under `dir`, leaving out the entries of `dir` itself that `leaveOut` names. */
async function folderBytes(dir: string, leaveOut: RegExp | null = null): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (leaveOut?.test(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else total += (await stat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

export function createCache(deps: CacheDeps) {
  const { workspace } = deps;
  const info = async (): Promise<CacheInfo> => {
    let synced = 0;
    let fromPacks = 0;
    for (const question of workspace.store.all()) {
      if (question.sources.some((s) => s.startsWith('api:'))) synced += 1;
      else fromPacks += 1;
    }
    return {
      dataDir: deps.dataDir,
      questions: workspace.store.size,
      bytes: await folderBytes(deps.dataDir, deps.examRunning() ? ANSWER_RECORDS : null),
      syncedQuestions: synced,
      packQuestions: fromPacks,
      packs: (await listPacks(workspace)).length,
      attempts: await deps.attempts(),
    };
  };
  const handlers: Pick<Handlers, 'cache:info' | 'cache:clear'> = {
    'cache:info': info,
    // Takes what can be fetched again (synced questions, their images, sync progress) and, only when
    // asked, the packs. Results keep their own copies and pinned images; today's request count stays.
    'cache:clear': async ({ removePacks }) => {
      if (deps.syncRunning()) throw new BridgeError('sync-running');
      if (deps.examRunning()) throw new BridgeError('exam-running');
      await workspace.exclusive(async () => {
        const store = workspace.store;
        const packIds = removePacks ? (await listPacks(workspace)).map((p) => p.id) : [];
        // The registry first: a crash after it leaves pack records that the next start rolls back.
        if (removePacks) await workspace.packRegistry.write({ packs: [] });
        const sources = [...store.sourceSet()].filter(
          (s) => s.startsWith('api:') || packIds.some((id) => packSource(id) === s),
        );
        await store.removeSources(sources);
        await store.examLists.remove(store.examLists.origins().filter((o) => !o.startsWith('pack:') || removePacks));
        await workspace.state.update((data) => ({ ...data, runs: {} }));
        await workspace.images.prune(entryImageUrls(store.all()));
        await store.compact();
      });
      await deps.sweepImages();
      deps.changed();
      deps.logger.info('cache cleared', { removePacks: Boolean(removePacks) });
      return info();
    },
  };
  return { info, handlers };
}
