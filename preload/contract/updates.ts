// The installed app's updates as Settings shows them.
import type { Settings } from '../schemas.js';

export type UpdateChannel = Settings['updateChannel'];

/** Updates as Settings shows them (main/core/updates/policy.ts decides every part). */
export interface UpdateStatus {
  /** An installed copy: a development tree or the harness never updates itself. */
  supported: boolean;
  /**
   * Why not, when not: a development tree, a test build or the harness (`development`), or an
   * unsigned macOS build, which Squirrel.Mac refuses to update (`unsigned`).
   */
  unsupported: 'development' | 'unsigned' | null;
  enabled: boolean;
  channel: UpdateChannel;
  currentVersion: string;
  phase: 'idle' | 'checking' | 'downloading' | 'ready' | 'error';
  /** The new version (downloading or ready). */
  version: string | null;
  lastCheckAt: number | null;
  /** Ready and no exam running: "Restart and update" is offered. */
  canRestart: boolean;
  /** Ready, but an exam runs: it installs once the exam is over (at the next quit). */
  waitingForExam: boolean;
  error: string | null;
}
