// The app's services in this Node process, stored as the harness stores them
// (file vault with a real AES-GCM cipher, JSON settings): the handler table the
// renderer reaches through the bridge, for the harness and for integration tests.
import { join, resolve } from 'node:path';
import type { EventName, Events } from '../../preload/contract.js';
import { createAppServices, type AppServices } from '../../main/app/services.js';
import { fileSettingsStore } from '../../main/app/settings.js';
import { StorageNotices } from '../../main/core/util/json-file.js';
import { createLogger } from '../../main/core/util/logger.js';
import { fileVaultStorage } from '../../main/core/vault/file-storage.js';
import type { StorageSecurity } from '../../main/core/vault/vault.js';
import { dataPaths } from '../../main/core/workspace.js';
import { harnessCipher } from './harness-cipher.js';
import { folderSaveTarget } from '../../main/app/saving.js';
import { DEFAULT_LIMITS, type SpawnWorker, type WorkerLimits } from '../../main/core/worker/client.js';
import type { UpdateFeed } from '../../main/core/updates/controller.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface NodeServiceOptions {
  dataDir: string;
  storageSecurity?: StorageSecurity;
  rateWindowMs?: number;
  clockSpeed?: number;
  emit?: <E extends EventName>(event: E, payload: Events[E]) => void;
  openExternal?: (url: string) => Promise<boolean>;
  /** The decoding worker's process (tests wrap the forked one to kill it mid-file). */
  spawnWorker?: SpawnWorker;
  /** The worker's budgets, over the defaults (a test that is not about time lifts them). */
  workerLimits?: Partial<WorkerLimits>;
  /** An update feed (the harness has none: the app cannot update itself there). */
  updateFeed?: UpdateFeed;
  /** Electron's app.quit() as the quit sequence calls it (a stubbed app in tests). */
  quit?: () => void;
  /** The demo pack's path (the package's, when the harness runs over it). */
  demoPackPath?: string;
}

export function nodeServices(options: NodeServiceOptions): Promise<AppServices> {
  const paths = dataPaths(options.dataDir);
  const notices = new StorageNotices();
  return createAppServices({
    notices,
    dataDir: options.dataDir,
    shell: 'harness',
    version: '0.1.0',
    cipher: harnessCipher(options.dataDir, options.storageSecurity ?? 'secure'),
    vaultStorage: fileVaultStorage(paths.vault, notices),
    settings: fileSettingsStore(paths.settings, notices),
    logger: createLogger(paths.logs),
    imageUrl: (sha256) => `/exam-image/img/${sha256}`,
    emit: options.emit ?? (() => undefined),
    openExternal: options.openExternal ?? (() => Promise.resolve(true)),
    saveTarget: folderSaveTarget(join(options.dataDir, 'downloads')),
    ...(options.rateWindowMs && { rateWindowMs: options.rateWindowMs }),
    demoPackPath: options.demoPackPath ?? join(ROOT, 'assets/demo.exampack'),
    ...(options.clockSpeed && { examClockSpeed: options.clockSpeed }),
    ...(options.spawnWorker && { spawnWorker: options.spawnWorker }),
    ...(options.workerLimits && { workerLimits: { ...DEFAULT_LIMITS, ...options.workerLimits } }),
    ...(options.updateFeed && { updateFeed: options.updateFeed }),
    ...(options.quit && { quit: options.quit }),
  });
}
