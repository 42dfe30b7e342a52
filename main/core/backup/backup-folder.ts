// `<dataDir>/backups/`: automatic backups by name (`backup-<time>-<reason>.zip`), taken, listed and
// pruned to their generations (generations.ts).
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeBackup } from './write.js';
import type { BackupManifest } from './format.js';
import { DEFAULT_GENERATIONS, toKeep, type Generations, type StoredBackup } from './generations.js';

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

const NAME = /^backup-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-([a-z-]{1,40})\.zip$/;

export const backupName = (at: Date, reason: string) =>
  `backup-${at.toISOString().replace(/[:.]/g, '-')}-${reason.replace(/[^a-z-]/g, '-').slice(0, 40)}.zip`;

function timeOf(name: string): { at: number; reason: string } | null {
  const match = NAME.exec(name);
  if (!match?.[1] || !match[2]) return null;
  const [date, time] = match[1].split('T') as [string, string];
  const [h, m, s, ms] = time.replace('Z', '').split('-');
  const at = Date.parse(`${date}T${h}:${m}:${s}.${ms}Z`);
  return Number.isNaN(at) ? null : { at, reason: match[2] };
}

export interface ListedBackup extends StoredBackup {
  path: string;
  reason: string;
}

/** The folder's backups, newest first (files of other names are not ours and are left alone). */
export async function listBackups(dataDir: string): Promise<ListedBackup[]> {
  const dir = backupsDir(dataDir);
  const out: ListedBackup[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const parsed = timeOf(name);
    const info = parsed && (await stat(join(dir, name)).catch(() => null));
    if (parsed && info?.isFile())
      out.push({ name, path: join(dir, name), at: parsed.at, reason: parsed.reason, bytes: info.size });
  }
  return out.sort((a, b) => b.at - a.at);
}

/** Removes what the generations no longer keep; returns the names removed. */
export async function prune(dataDir: string, policy: Generations = DEFAULT_GENERATIONS): Promise<string[]> {
  const listed = await listBackups(dataDir);
  const keep = new Set(toKeep(listed, policy));
  const removed = listed.filter((b) => !keep.has(b.name));
  for (const backup of removed) await rm(backup.path, { force: true });
  return removed.map((b) => b.name);
}

/** Takes one automatic backup (never the catalog) and prunes. The caller holds the folder's lock. */
export async function takeBackup(
  dataDir: string,
  reason: string,
  options: { now?: () => Date; generations?: Generations } = {},
): Promise<{ path: string; manifest: BackupManifest }> {
  const at = options.now?.() ?? new Date();
  const path = join(backupsDir(dataDir), backupName(at, reason));
  const manifest = await writeBackup(dataDir, path, { reason, now: () => at });
  await prune(dataDir, options.generations);
  return { path, manifest };
}
