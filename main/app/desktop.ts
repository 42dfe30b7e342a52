// The installed app's own services, wired over the rest: updates (core/updates) and the
// diagnostics a support person receives (core/diagnostics). Neither knows a question or a key.
import { arch, homedir, platform, release } from 'node:os';
import { join } from 'node:path';
import type { CacheInfo, EventName, Events, UpdateStatus } from '../../preload/contract.js';
import { diagnosticsText, readLog } from '../core/diagnostics.js';
import { UpdateController, type UpdateFeed } from '../core/updates/controller.js';
import type { KeyVault } from '../core/vault/vault.js';
import type { SettingsStore } from './settings.js';
import type { Handlers } from './types.js';

type UpdateHandlers = Pick<Handlers, Extract<keyof Handlers, `updates:${string}`>>;

export function createUpdates(deps: {
  feed: UpdateFeed | null;
  settings: SettingsStore;
  examRunning: () => boolean;
  version: string;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  /** An installed macOS copy without a signature (no feed: Squirrel.Mac would refuse the update). */
  unsigned?: boolean;
  /** "Restart and update": the quit sequence's (app/quitting.ts), which asks the controller. */
  restart: () => Promise<UpdateStatus>;
}): { controller: UpdateController; handlers: UpdateHandlers } {
  const controller = new UpdateController({
    feed: deps.feed,
    now: () => Date.now(),
    preferences: async () => {
      const settings = await deps.settings.get();
      return { enabled: settings.updates, channel: settings.updateChannel };
    },
    examRunning: deps.examRunning,
    currentVersion: deps.version,
    onChange: (status) => deps.emit('updates:changed', status),
    unsigned: deps.unsigned === true,
  });
  return {
    controller,
    handlers: {
      'updates:status': () => controller.status(),
      'updates:check': () => controller.checkNow(),
      'updates:install': () => deps.restart(),
    },
  };
}

export interface DiagnosticsDeps {
  dataDir: string;
  version: string;
  shell: 'electron' | 'harness';
  vault: KeyVault;
  cacheInfo: () => Promise<CacheInfo>;
  notebookCards: () => number;
  paperExams: () => Promise<number>;
  examRunning: () => boolean;
  now: () => number;
}

/** Help → Copy diagnostics / Save logs: the text, from counts and the log only. */
export async function collectDiagnostics(deps: DiagnosticsDeps): Promise<string> {
  const status = await deps.vault.status();
  // The keys themselves, only to make sure none is ever in the text (the log never holds one).
  const secrets = await Promise.all(
    status
      .filter((k) => k.present)
      .map((k) =>
        deps.vault.use(k.product).then(
          (u) => u.key,
          () => '',
        ),
      ),
  );
  return diagnosticsText({
    app: { name: 'Exam Practice', version: deps.version, shell: deps.shell },
    versions: { electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node },
    os: {
      platform: platform(),
      release: release(),
      arch: arch(),
      locale: Intl.DateTimeFormat().resolvedOptions().locale,
    },
    storageSecurity: await deps.vault.security(),
    cache: await deps.cacheInfo(),
    notebookCards: deps.notebookCards(),
    paperExams: await deps.paperExams(),
    running: deps.examRunning(),
    keys: status.map(({ product, present, sessionOnly, baseUrl }) => ({ product, present, sessionOnly, baseUrl })),
    log: await readLog(join(deps.dataDir, 'logs')),
    home: homedir(),
    secrets,
    now: new Date(deps.now()),
  });
}
