// Persistent sync bookkeeping: the run in progress per scope (for resume), its
// plan, year probes already paid for, and today's request count.
import { join } from 'node:path';
import { z } from 'zod';
import { JsonFile } from '../util/json-file.js';
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
  private data: SyncStateData = { runs: {}, usage: {} };
  private readonly file: JsonFile<SyncStateData>;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  private constructor(dir: string) {
    this.file = new JsonFile(join(dir, 'sync.json'), stateSchema);
  }

  static async open(dir: string): Promise<SyncStateStore> {
    const store = new SyncStateStore(dir);
    store.data = (await store.file.read()) ?? store.data;
    return store;
  }

  get state(): SyncStateData {
    return this.data;
  }

  update(change: (data: SyncStateData) => SyncStateData): Promise<void> {
    this.data = change(this.data);
    return this.save();
  }

  /** Coalesces bursts of updates into at most one write in flight and one queued. */
  private save(): Promise<void> {
    if (this.dirty) return this.writing;
    this.dirty = true;
    this.writing = this.writing.then(async () => {
      this.dirty = false;
      await this.file.write(this.data);
    });
    return this.writing;
  }
}
