// Restores a backup file into a data folder, replacing what is there (`mode: 'replace'`; merging two
// histories is a later slice, docs/backup.md). The file is read and checked whole into a staging
// folder beside the data folder before anything of the folder changes; then an automatic backup of
// what is there is taken, and the staged folder is swapped in with renames (swap.ts).
//
// Read here in main, not in the decoding worker: the worker answers with decoded values over IPC,
// while a restore streams up to gigabytes (a catalog) straight to files; the same bounds apply
// (sizes counted while inflating, names, counts, hashes), and nothing runs on the answer path.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lockDataDir } from '../util/data-lock.js';
import { writesSettled } from '../util/durable-file.js';
import { takeBackup } from './backup-folder.js';
import { BackupError, RESTORE_LIMITS, type BackupManifest, type RestoreLimits } from './format.js';
import { readBackup } from './read.js';
import { openKeys, type ExportedKey } from './secrets.js';
import { markComplete, recoverRestore, stagingPaths, swapIn } from './swap.js';

export interface RestoreOptions {
  mode: 'replace';
  /** Opens the export's API keys; without it they stay sealed in the file and are typed again. */
  passphrase?: string;
  /** The exam engine's running state: a restore never replaces a folder under a running exam. */
  examRunning?: () => boolean;
  /** The caller already holds the folder's lock (the app); otherwise it is taken here. */
  locked?: boolean;
  limits?: RestoreLimits;
  /** Test seam: called once the staged folder is complete, just before the swap. */
  beforeSwap?: () => Promise<void>;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The automatic backup of what was there before. */
  previous: string;
  /** The export's API keys, opened with the passphrase (none without one). */
  keys: ExportedKey[];
  /** The file carries keys that were not opened (no passphrase given). */
  keysLeftSealed: boolean;
}

/** This machine's encrypted key records stay: restored settings take the old `vault` field back. */
async function keepKeyRecords(dataDir: string, fresh: string): Promise<void> {
  const read = async (path: string): Promise<Record<string, unknown> | null> => {
    try {
      const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  };
  const old = await read(join(dataDir, 'settings.json'));
  if (!old || !('vault' in old)) return;
  const restored = (await read(join(fresh, 'settings.json'))) ?? {};
  await writeFile(join(fresh, 'settings.json'), JSON.stringify({ ...restored, vault: old.vault }, null, 2));
}

export async function restoreData(dataDir: string, file: string, options: RestoreOptions): Promise<RestoreResult> {
  if (options.examRunning?.()) throw new BackupError('exam-running');
  await recoverRestore(dataDir);
  const unlock = options.locked ? null : await lockDataDir(dataDir);
  const paths = stagingPaths(dataDir);
  await rm(paths.fresh, { recursive: true, force: true });
  try {
    await mkdir(paths.fresh, { recursive: true });
    const read = await readBackup(file, paths.fresh, options.limits ?? RESTORE_LIMITS);
    const keys =
      read.secrets && options.passphrase !== undefined ? await openKeys(read.secrets, options.passphrase) : [];
    // Checked twice: the file took time to read, and an exam may have started meanwhile.
    if (options.examRunning?.()) throw new BackupError('exam-running');
    await writesSettled(dataDir);
    await keepKeyRecords(dataDir, paths.fresh);
    // The new folder is ours from the moment it takes the old one's name.
    await writeFile(join(paths.fresh, '.lock'), String(process.pid));
    const previous = await takeBackup(dataDir, 'before-restore');
    await markComplete(paths.fresh);
    await options.beforeSwap?.();
    await swapIn(dataDir, paths);
    return {
      manifest: read.manifest,
      previous: previous.path,
      keys,
      keysLeftSealed: read.secrets !== null && keys.length === 0,
    };
  } finally {
    await rm(paths.fresh, { recursive: true, force: true });
    await unlock?.();
  }
}
