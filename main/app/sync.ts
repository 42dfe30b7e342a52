// The sync's channels: one run at a time, its progress kept for a window that opens mid-run, and
// closing waits for its writes after cancelling it.
import type { CatalogClient } from '../core/api/client.js';
import { DAILY_LIMIT, utcDay } from '../core/api/governor.js';
import type { Product } from '../core/api/schemas.js';
import { estimateSync, runSync } from '../core/sync/engine.js';
import { scopeKey, syncScopeSchema } from '../core/sync/scope.js';
import type { Logger } from '../core/util/logger.js';
import type { Workspace } from '../core/workspace.js';
import {
  BridgeError,
  type EventName,
  type Events,
  type Handlers,
  type Scope,
  type SyncOverview,
  type SyncProgress,
} from './types.js';

export interface SyncDeps {
  workspace: Workspace;
  clientFor: (product: Product) => Promise<CatalogClient>;
  logger: Logger;
  emit: <E extends EventName>(event: E, payload: Events[E]) => void;
  /** Questions came or went: cached answers go, open screens recount. */
  changed: () => void;
}

export function createSync({ workspace, clientFor, logger, emit, changed }: SyncDeps) {
  let running: { scope: Scope; controller: AbortController; progress: SyncProgress | null } | null = null;
  /** The sync in progress: closing waits for its writes after cancelling it. */
  let task: Promise<unknown> = Promise.resolve();

  const handlers: Pick<Handlers, 'sync:overview' | 'sync:estimate' | 'sync:start' | 'sync:cancel'> = {
    'sync:overview': async (): Promise<SyncOverview> => {
      const runs = Object.values(workspace.state.state.runs);
      const dailyUsed: Partial<Record<Product, number>> = {};
      const today = utcDay(Date.now());
      for (const [product, usage] of Object.entries(workspace.dailyUsage())) {
        if (usage.day === today) dailyUsed[product as Product] = usage.used;
      }
      return {
        running: running ? { scope: running.scope, progress: running.progress } : null,
        resumable: runs
          .filter((r) => r.status !== 'done' && !(running && scopeKey(r.scope) === scopeKey(running.scope)))
          .map((r) => r.scope),
        exams: workspace.store.examList().map(({ id, name }) => ({ id, name })),
        dailyUsed,
        dailyLimit: DAILY_LIMIT,
      };
    },
    'sync:estimate': async ({ scope }) => estimateSync(await clientFor(scope.product), syncScopeSchema.parse(scope)),
    'sync:start': async ({ scope }) => {
      if (running) throw new BridgeError('sync-running');
      const client = await clientFor(scope.product);
      const controller = new AbortController();
      running = { scope, controller, progress: null };
      logger.info('sync started', { scope });
      try {
        const run = runSync(syncScopeSchema.parse(scope), {
          client,
          store: workspace.store,
          images: workspace.images,
          state: workspace.state,
          signal: controller.signal,
          onProgress: (progress) => {
            if (running) running.progress = progress;
            emit('sync:progress', progress);
          },
        });
        task = run.catch(() => undefined);
        const report = await run;
        const result = { ...report, product: scope.product };
        logger.info('sync ended', { status: report.status, questions: report.questions, requests: report.requests });
        emit('sync:done', result);
        return result;
      } finally {
        running = null;
        changed();
      }
    },
    'sync:cancel': () => {
      const cancelled = running !== null;
      running?.controller.abort();
      return Promise.resolve({ cancelled });
    },
  };

  return {
    handlers,
    isRunning: () => running !== null,
    /** Cancels a run and waits for its last writes. */
    close: async () => {
      running?.controller.abort();
      await task;
    },
  };
}
