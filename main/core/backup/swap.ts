// Replaces a data folder by a staged one with renames, and finishes (or undoes) a swap a crash cut
// short. The names carry the restoring process's id:
//   <parent>/.<name>.restore-new-<pid>   the backup's files, read and checked; `.complete` last
//   <parent>/.<name>.restore-old-<pid>   the folder as it was, until the new one is in place
// The steps: stage (new), rename folder → old, rename new → folder, carry the old folder's backups
// and key records over, remove old. A kill between the two renames leaves no folder at its name:
// `recoverRestore` (run before the folder is locked, at every opening) puts the new one in place
// when it is complete, else the old one back (docs/backup.md, "A restore cut short").
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isAlive } from '../util/data-lock.js';
import { syncDir } from '../util/durable-file.js';

export const COMPLETE_MARK = '.complete';

export const stagingPaths = (dataDir: string, pid = process.pid) => ({
  fresh: join(dirname(dataDir), `.${basename(dataDir)}.restore-new-${pid}`),
  old: join(dirname(dataDir), `.${basename(dataDir)}.restore-old-${pid}`),
});

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Files of this machine that a restore keeps: its backups, its logs, the harness's key file. */
const CARRIED = ['backups', 'logs', 'vault.json'];

export async function markComplete(fresh: string): Promise<void> {
  await writeFile(join(fresh, COMPLETE_MARK), '');
  await syncDir(fresh);
}

async function carryOver(old: string, dataDir: string): Promise<void> {
  for (const name of CARRIED) {
    if (!(await exists(join(old, name))) || (await exists(join(dataDir, name)))) continue;
    await rename(join(old, name), join(dataDir, name));
  }
}

/** The swap itself, once `fresh` is complete. Both renames are within one parent folder. */
export async function swapIn(dataDir: string, paths = stagingPaths(dataDir)): Promise<void> {
  await rename(dataDir, paths.old);
  await rename(paths.fresh, dataDir);
  await syncDir(dirname(dataDir));
  await carryOver(paths.old, dataDir);
  await rm(join(dataDir, COMPLETE_MARK), { force: true });
  await rm(paths.old, { recursive: true, force: true });
  await syncDir(dirname(dataDir));
}

/**
 * Finishes or undoes restores cut short into `dataDir` by processes that are gone. Returns what it
 * did, for the log. Swaps of a live process are left alone.
 */
export async function recoverRestore(dataDir: string): Promise<'none' | 'new' | 'old' | 'cleaned'> {
  const parent = dirname(dataDir);
  const prefix = `.${basename(dataDir)}.restore-`;
  const names = (await readdir(parent).catch(() => [] as string[])).filter((n) => n.startsWith(prefix));
  let outcome: 'none' | 'new' | 'old' | 'cleaned' = 'none';
  const pids = new Set(names.map((n) => Number(/-(\d+)$/.exec(n)?.[1] ?? 0)).filter((pid) => pid > 0 && !isAlive(pid)));
  for (const pid of pids) {
    const paths = stagingPaths(dataDir, pid);
    const hasFolder = await exists(dataDir);
    const freshComplete = await exists(join(paths.fresh, COMPLETE_MARK));
    if (!hasFolder) {
      // Between the two renames: the new folder when it was whole, else the old one.
      if (freshComplete) {
        await rename(paths.fresh, dataDir);
        outcome = 'new';
      } else if (await exists(paths.old)) {
        await rename(paths.old, dataDir);
        outcome = 'old';
      }
      await syncDir(parent);
    } else if (outcome === 'none') outcome = 'cleaned';
    if ((await exists(dataDir)) && (await exists(paths.old))) await carryOver(paths.old, dataDir);
    await rm(join(dataDir, COMPLETE_MARK), { force: true });
    await rm(paths.fresh, { recursive: true, force: true });
    await rm(paths.old, { recursive: true, force: true });
  }
  return outcome;
}
