// Everything the main process keeps in a data dir, opened together. Used by the
// app, the harness and the CLI alike.
import { join } from 'node:path';
import { CatalogClient } from './api/client.js';
import { RateGovernor, type DailyUsage, type GovernorOptions } from './api/governor.js';
import type { Product } from './api/schemas.js';
import { CatalogStore } from './catalog/store.js';
import { SummaryIndex, writeSummaryIndex } from './catalog/summary-index.js';
import { ImageCache } from './images/cache.js';
import { SyncStateStore } from './sync/state.js';
import { lockDataDir } from './util/data-lock.js';

export const dataPaths = (dataDir: string) => ({
  catalog: join(dataDir, 'catalog'),
  images: join(dataDir, 'images'),
  vault: join(dataDir, 'vault.json'),
  settings: join(dataDir, 'settings.json'),
  logs: join(dataDir, 'logs'),
});

const INDEX_QUIET_MS = 5_000;
const INDEX_EVERY_MS = 5 * 60_000;

export interface Workspace {
  dataDir: string;
  /** The full catalog; with `deferCatalog`, only once `catalogReady()` has settled. */
  store: CatalogStore;
  /** Starts loading the full catalog if it has not started, and settles when it is in memory. */
  catalogReady(): Promise<void>;
  isCatalogLoaded(): boolean;
  /** The first screen's data, read at start-up when `deferCatalog` (null when stale or absent). */
  index: SummaryIndex | null;
  images: ImageCache;
  state: SyncStateStore;
  /** One governor per product: both share the key's limits across every sync of the session. */
  governor(product: Product, options?: GovernorOptions): RateGovernor;
  client(options: { product: Product; baseUrl: string; apiKey: string; governor?: GovernorOptions }): CatalogClient;
  close(): Promise<void>;
}

/**
 * Opens a data dir. With `deferCatalog` (the app), it returns once the summary index is read and
 * loads the full catalog behind it, so that start-up parses only what the first screen shows.
 */
export async function openWorkspace(
  dataDir: string,
  options: { lock?: boolean; deferCatalog?: boolean } = {},
): Promise<Workspace> {
  const unlock = options.lock === false ? async () => undefined : await lockDataDir(dataDir);
  const paths = dataPaths(dataDir);
  const [images, state] = await Promise.all([ImageCache.open(paths.images), SyncStateStore.open(paths.catalog)]);
  const index = options.deferCatalog ? await SummaryIndex.open(paths.catalog) : null;

  // The index is written on close, and while running once the catalog has been quiet for a few
  // seconds, at most every few minutes: a rate-limited sync, quiet between its windows, must not
  // rewrite megabytes each time. A crash before a write leaves a stale index, which the next start
  // ignores: slower, never wrong.
  let loaded: CatalogStore | null = null;
  let indexTimer: NodeJS.Timeout | null = null;
  let indexWrite: Promise<void> = Promise.resolve();
  let lastIndexWrite = 0;
  const writeIndex = () => {
    if (indexTimer) clearTimeout(indexTimer);
    indexTimer = null;
    lastIndexWrite = Date.now();
    const store = loaded;
    if (store) indexWrite = indexWrite.then(() => writeSummaryIndex(store)).catch(() => undefined);
    return indexWrite;
  };
  const scheduleIndex = () => {
    if (indexTimer) clearTimeout(indexTimer);
    const delay = Math.max(INDEX_QUIET_MS, lastIndexWrite + INDEX_EVERY_MS - Date.now());
    indexTimer = setTimeout(() => void writeIndex(), delay).unref();
  };
  let loading: Promise<void> | null = null;
  const catalogReady = () =>
    (loading ??= CatalogStore.open(paths.catalog).then((store) => {
      loaded = store;
      store.onChange = scheduleIndex;
      if (options.deferCatalog && !index) scheduleIndex(); // next start can be fast
    }));
  if (!options.deferCatalog || !index) await catalogReady();
  // With a fresh index, the first screen is served from it; the catalog loads once something needs
  // it, or when start-up has settled, so that parsing it never delays the first answers.
  else setTimeout(() => void catalogReady().catch(() => undefined), 2000).unref();
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
          usageTimer ??= setTimeout(() => void flushUsage(), 1000).unref();
        },
      });
      governors.set(product, existing);
    }
    return existing;
  };
  return {
    dataDir,
    get store(): CatalogStore {
      if (!loaded) throw new Error('The catalog is still loading');
      return loaded;
    },
    catalogReady,
    isCatalogLoaded: () => loaded !== null,
    index,
    images,
    state,
    governor,
    client: ({ product, baseUrl, apiKey, governor: governorOptions }) =>
      new CatalogClient({ product, baseUrl, apiKey, governor: governor(product, governorOptions) }),
    close: async () => {
      await flushUsage();
      if (loading) await loading.catch(() => undefined);
      if (indexTimer) await writeIndex();
      await indexWrite;
      await unlock();
    },
  };
}
