// Everything the main process keeps in a data dir, opened together. Used by the
// app, the harness and the CLI alike.
import { join } from 'node:path';
import { CatalogClient } from './api/client.js';
import { RateGovernor, type DailyUsage, type GovernorOptions } from './api/governor.js';
import type { Product } from './api/schemas.js';
import { CatalogStore } from './catalog/store.js';
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

export interface Workspace {
  dataDir: string;
  store: CatalogStore;
  images: ImageCache;
  state: SyncStateStore;
  /** One governor per product: both share the key's limits across every sync of the session. */
  governor(product: Product, options?: GovernorOptions): RateGovernor;
  client(options: { product: Product; baseUrl: string; apiKey: string; governor?: GovernorOptions }): CatalogClient;
  close(): Promise<void>;
}

export async function openWorkspace(dataDir: string, options: { lock?: boolean } = {}): Promise<Workspace> {
  const unlock = options.lock === false ? async () => undefined : await lockDataDir(dataDir);
  const paths = dataPaths(dataDir);
  const [store, images, state] = await Promise.all([
    CatalogStore.open(paths.catalog),
    ImageCache.open(paths.images),
    SyncStateStore.open(paths.catalog),
  ]);
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
    store,
    images,
    state,
    governor,
    client: ({ product, baseUrl, apiKey, governor: governorOptions }) =>
      new CatalogClient({ product, baseUrl, apiKey, governor: governor(product, governorOptions) }),
    close: async () => {
      await flushUsage();
      await unlock();
    },
  };
}
