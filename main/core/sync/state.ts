// Persistent sync bookkeeping: the run in progress per scope (for resume), its
// plan, year probes already paid for, and today's request count.
import { join } from 'node:path';
import { z } from 'zod';
import type { Low } from 'lowdb';
import { openDocument } from '../util/document.js';
import { JsonFile } from '../util/json-file.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';
import { syncScopeSchema } from './scope.js';

const runSchema = z.object({
  run: z.string(),
  scope: syncScopeSchema,
  status: z.enum(['running', 'stopped', 'done']),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  examsFetched: z.boolean(),
  /** null until the first page tells whether questions carry year and difficulty. */
  plan: z.object({ needYear: z.boolean(), needDifficulty: z.boolean() }).nullable(),
  /** Year probes (limit=1 totals) already made in this run. */
  yearTotals: z.record(z.string(), z.number().int()),
});
export type RunState = z.infer<typeof runSchema>;

const stateSchema = z.object({
  runs: z.record(z.string(), runSchema),
  /** Requests counted today, per product (each key has its own daily limit). */
  usage: z.record(z.string(), z.object({ day: z.string(), used: z.number().int() })),
});
export type SyncStateData = z.infer<typeof stateSchema>;

export class SyncStateStore {
  private constructor(private readonly db: Low<SyncStateData>) {}

  static async open(dir: string, storage: StorageContext = WRITABLE_SILENT): Promise<SyncStateStore> {
    const file = new JsonFile(join(dir, 'sync.json'), stateSchema, { kind: 'sync-state', backup: true, ...storage });
    return new SyncStateStore(await openDocument<SyncStateData>(file, { runs: {}, usage: {} }));
  }

  get state(): SyncStateData {
    return this.db.data;
  }

  /** Durable once settled; bursts of updates coalesce into one disk write (the durable writer's queue). */
  update(change: (data: SyncStateData) => SyncStateData): Promise<void> {
    this.db.data = change(this.db.data);
    return this.db.write();
  }
}
