// Everything the main process keeps in a data dir, opened together. Used by the
// app, the harness and the CLI alike.
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CatalogClient } from './api/client.js';
import { RateGovernor, type DailyUsage, type GovernorOptions } from './api/governor.js';
import type { Product } from './api/schemas.js';
import { CatalogStore } from './catalog/store.js';
import { writeCatalogIndex } from './catalog/summary-index.js';
import { ImageCache } from './images/cache.js';
import { SyncStateStore } from './sync/state.js';
import { ExplanationStore } from './catalog/explanations.js';
import { STAGING_PREFIX } from './packs/format.js';
import { RESULTS_PREFIX } from './worker/staged-results.js';
import { openPackRegistry, repairPackSources, type PackRegistryFile } from './packs/registry.js';
import { isAlive, lockDataDir } from './util/data-lock.js';
import { TEMP_FILE, writesSettled } from './util/durable-file.js';
import { StorageNotices, type StorageNotice } from './util/json-file.js';
import type { StorageContext } from './util/storage.js';
import { OneAtATime } from './util/one-at-a-time.js';
import { recoverRestore } from './backup/swap.js';

export const dataPaths = (dataDir: string) => ({
  catalog: join(dataDir, 'catalog'),
  images: join(dataDir, 'images'),
  vault: join(dataDir, 'vault.json'),
  settings: join(dataDir, 'settings.json'),
  logs: join(dataDir, 'logs'),
  attempts: join(dataDir, 'attempts'),
  packs: join(dataDir, 'packs.json'),
});

const STALE_LEGACY_STAGING_MS = 60 * 60_000;

/**
 * Removes temp files a crash left anywhere in the data folder (never another process's: we hold
 * the lock). Every folder the app writes is below it (attempts, paper, sealed, catalog, images…),
 * so a new one is covered without being listed here.
 */
async function removeTempLeftovers(dir: string, depth = 3): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isFile() && TEMP_FILE.test(entry.name)) await rm(join(dir, entry.name), { force: true });
    else if (entry.isDirectory() && depth > 0) await removeTempLeftovers(join(dir, entry.name), depth - 1);
  }
}

/** Staging folders whose importing process is gone (killed mid-import): they can be hundreds of MB. */
export async function removeStaleStaging(root = tmpdir(), now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    // A class's result files staged for the worker (worker/staged-results.ts) whose writer is gone.
    const results = name.startsWith(RESULTS_PREFIX) ? /-(\d+)-[0-9a-f-]+$/.exec(name)?.[1] : undefined;
    if (results !== undefined) {
      if (!isAlive(Number(results))) {
        await rm(join(root, name), { force: true });
        removed += 1;
      }
      continue;
    }
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const pid = /^exampack-(\d+)-/.exec(name)?.[1];
    const stale = pid
      ? !isAlive(Number(pid))
      : now - ((await stat(join(root, name)).catch(() => null))?.mtimeMs ?? now) > STALE_LEGACY_STAGING_MS;
    if (stale) {
      await rm(join(root, name), { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

const INDEX_QUIET_MS = 5_000;
const INDEX_EVERY_MS = 5 * 60_000;

export interface Workspace {
  dataDir: string;
  /** The catalog's entries (bodies on demand), open once `openWorkspace` has settled. */
  store: CatalogStore;
  images: ImageCache;
  state: SyncStateStore;
  /** How the folder is open (read-only by a second process) and where set-aside files are reported. */
  storage: StorageContext;
  /** Files set aside as damaged since the folder was opened, relative to it. */
  notices(): StorageNotice[];
  /** The student has read them. */
  clearNotices(): void;
  /**
   * Runs changes that span several files (pack import and removal, clearing the cache) one at a
   * time: two at once would each write a registry that lacks the other's entry.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Tutors' worked solutions, by question id (explanations.json). */
  explanations: ExplanationStore;
  /** packs.json: the imported packs (its one write is a pack import's commit point). */
  packRegistry: PackRegistryFile;
  /** One governor per product: both share the key's limits across every sync of the session. */
  governor(product: Product, options?: GovernorOptions): RateGovernor;
  /**
   * Requests used today per product, as the governors count them now: the saved count lags up to a
   * second behind (it is written at most once a second), and a screen must not show the lag.
   */
  dailyUsage(): Partial<Record<Product, DailyUsage>>;
  client(options: { product: Product; baseUrl: string; apiKey: string; governor?: GovernorOptions }): CatalogClient;
  close(): Promise<void>;
}

/**
 * Opens a data dir. The catalog opens from its saved index (entries and search, no chunk read) when
 * that is fresh, else from the chunks, and the index is written again soon after.
 */
export async function openWorkspace(
  dataDir: string,
  /** `search: false`: a read-only look that never searches (`cli stats`) skips the search index. */
  options: { readOnly?: boolean; notices?: StorageNotices; search?: boolean } = {},
): Promise<Workspace> {
  // Read-only (a second process: `stats` beside a running sync) takes no lock and never writes,
  // moves or deletes: what looks like a leftover to it may be the writer's file in flight.
  const readOnly = options.readOnly === true;
  // A restore killed between its two renames left no folder at this name, or two beside it.
  if (!readOnly) await recoverRestore(dataDir);
  const unlock = readOnly ? async () => undefined : await lockDataDir(dataDir);
  const paths = dataPaths(dataDir);
  const noticeList = options.notices ?? new StorageNotices();
  const storage: StorageContext = { readOnly, notices: noticeList };
  if (!readOnly) {
    await removeTempLeftovers(dataDir);
    await removeStaleStaging();
  }
  const [images, state, explanations] = await Promise.all([
    ImageCache.open(paths.images, storage),
    SyncStateStore.open(paths.catalog, storage),
    ExplanationStore.open(dataDir, storage),
  ]);
  images.alsoKeep = () => explanations.images();
  const exclusiveWork = new OneAtATime();
  const packRegistry = openPackRegistry(paths.packs, storage);

  // The index is written on close, and while running once the catalog has been quiet for a few
  // seconds, at most every few minutes: a rate-limited sync, quiet between its windows, must not
  // rewrite megabytes each time. A crash before a write leaves a stale index, which the next start
  // ignores: slower, never wrong.
  let indexTimer: NodeJS.Timeout | null = null;
  let indexWrite: Promise<void> = Promise.resolve();
  let lastIndexWrite = 0;
  const writeIndex = () => {
    if (indexTimer) clearTimeout(indexTimer);
    indexTimer = null;
    lastIndexWrite = Date.now();
    indexWrite = indexWrite.then(() => writeCatalogIndex(store)).catch(() => undefined);
    return indexWrite;
  };
  const scheduleIndex = () => {
    if (indexTimer) clearTimeout(indexTimer);
    const delay = Math.max(INDEX_QUIET_MS, lastIndexWrite + INDEX_EVERY_MS - Date.now());
    indexTimer = setTimeout(() => void writeIndex(), delay).unref();
  };
  const store = await CatalogStore.open(paths.catalog, storage, { search: !readOnly || options.search !== false });
  if (!readOnly) {
    // A pack import cut short (crash before its registry write) is rolled back before anyone sees it.
    await repairPackSources(store, images, packRegistry);
    store.onChange = scheduleIndex;
    if (!store.fromIndex) scheduleIndex(); // next start can be fast
  }
  const governors = new Map<Product, RateGovernor>();
  // Today's count is saved at most once a second (and on close), not once per request.
  const pendingUsage = new Map<Product, DailyUsage>();
  let usageTimer: NodeJS.Timeout | null = null;
  const flushUsage = async () => {
    if (usageTimer) clearTimeout(usageTimer);
    usageTimer = null;
    if (pendingUsage.size === 0) return;
    const usage = Object.fromEntries(pendingUsage);
    pendingUsage.clear();
    await state.update((data) => ({ ...data, usage: { ...data.usage, ...usage } }));
  };
  const governor = (product: Product, governorOptions: GovernorOptions = {}) => {
    let existing = governors.get(product);
    if (!existing) {
      existing = new RateGovernor({
        ...governorOptions,
        ...(state.state.usage[product] && { usage: state.state.usage[product] }),
        onUsage: (usage) => {
          pendingUsage.set(product, usage);
          // A failed save is retried by the next one (the whole state is in memory); close awaits it.
          usageTimer ??= setTimeout(() => void flushUsage().catch(() => undefined), 1000).unref();
        },
      });
      governors.set(product, existing);
    }
    return existing;
  };
  const workspace: Workspace = {
    dataDir,
    storage,
    notices: () => noticeList.list().map((notice) => ({ ...notice, file: relative(dataDir, notice.file) })),
    clearNotices: () => noticeList.clear(),
    exclusive: <T>(work: () => Promise<T>) => exclusiveWork.run(work),
    packRegistry,
    explanations,
    dailyUsage: () => {
      const usage: Partial<Record<Product, DailyUsage>> = { ...state.state.usage };
      for (const [product, live] of governors) usage[product] = live.dailyUsage;
      return usage;
    },
    store,
    images,
    state,
    governor,
    client: ({ product, baseUrl, apiKey, governor: governorOptions }) =>
      new CatalogClient({ product, baseUrl, apiKey, governor: governor(product, governorOptions) }),
    close: async () => {
      await flushUsage();
      if (indexTimer) await writeIndex();
      await indexWrite;
      await exclusiveWork.settled();
      // Any write still in flight (the usage timer's own flush, a store's last save) lands first:
      // the folder's next opening sweeps temp files, and would take a live write's.
      await writesSettled(dataDir);
      await unlock();
    },
  };
  return workspace;
}
