// Automatic backups (docs/backup.md): one when the student's work changed, at most every
// `intervalMs` (30 minutes), one at quit, and one before a caller replaces or clears data
// (`before(reason)`). They run one at a time, off any answer path (a timer, async file work), and
// read only files whose durable writes have settled (write.ts).
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { OneAtATime } from '../util/one-at-a-time.js';
import { listBackups, takeBackup } from './backup-folder.js';
import type { Generations } from './generations.js';
import { listWorkFiles } from './selection.js';

export const BACKUP_INTERVAL_MS = 30 * 60_000;

export interface Timers {
  setInterval(run: () => void, ms: number): { cancel(): void };
}

const realTimers: Timers = {
  setInterval: (run, ms) => {
    const timer = setInterval(run, ms);
    timer.unref();
    return { cancel: () => clearInterval(timer) };
  },
};

export interface SchedulerOptions {
  dataDir: string;
  intervalMs?: number;
  timers?: Timers;
  now?: () => Date;
  generations?: Generations;
  /** Failures are logged, never thrown at the app: a missed backup must not stop an exam. */
  onError?: (error: unknown) => void;
  onTaken?: (path: string, reason: string) => void;
  /** While true (an exam running), scheduled backups wait for the next check; `before` and quit do not. */
  busy?: () => boolean;
}

/** What the work files look like now (names, sizes, times): a change is a different fingerprint. */
async function fingerprint(dataDir: string): Promise<string> {
  const parts: string[] = [];
  for (const path of (await listWorkFiles(dataDir)).sort()) {
    const info = await stat(join(dataDir, path)).catch(() => null);
    if (info) parts.push(`${path}:${info.size}:${info.mtimeMs}`);
  }
  return parts.join('\n');
}

export class BackupScheduler {
  private readonly queue = new OneAtATime();
  private timer: { cancel(): void } | null = null;
  private lastPrint: string | null = null;
  private closed = false;

  constructor(private readonly options: SchedulerOptions) {}

  /**
   * Starts the timer. With backups already there, the folder as it is now counts as saved (the last
   * quit took one); a folder with none gets its first at the first check.
   */
  start(): void {
    void this.queue.run(async () => {
      if ((await listBackups(this.options.dataDir)).length > 0)
        this.lastPrint ??= await fingerprint(this.options.dataDir);
    });
    this.timer ??= (this.options.timers ?? realTimers).setInterval(
      () => void this.ifChanged('scheduled'),
      this.options.intervalMs ?? BACKUP_INTERVAL_MS,
    );
  }

  /** Takes a backup if the work changed since the last one; resolves with its path, or null. */
  ifChanged(reason: string): Promise<string | null> {
    if (this.options.busy?.()) return Promise.resolve(null);
    return this.run(reason, false);
  }

  /** A backup now, whatever changed: for a caller about to replace or clear data. */
  before(reason: string): Promise<string | null> {
    return this.run(`before-${reason}`, true);
  }

  /** Stops the timer and takes the quit backup (when something changed). */
  async close(): Promise<void> {
    this.timer?.cancel();
    this.timer = null;
    if (!this.closed) await this.run('quit', false);
    this.closed = true;
  }

  private run(reason: string, always: boolean): Promise<string | null> {
    return this.queue.run(async () => {
      if (this.closed) return null;
      try {
        const print = await fingerprint(this.options.dataDir);
        if (!always && print === this.lastPrint) return null;
        const { path } = await takeBackup(this.options.dataDir, reason, {
          ...(this.options.now && { now: this.options.now }),
          ...(this.options.generations && { generations: this.options.generations }),
        });
        this.lastPrint = print;
        this.options.onTaken?.(path, reason);
        return path;
      } catch (error) {
        this.options.onError?.(error);
        return null;
      }
    });
  }
}
