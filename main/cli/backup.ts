// cli backup create / list: the data folder's automatic backups (docs/backup.md), by hand.
import type { Command } from 'commander';
import { listBackups, takeBackup } from '../core/backup/backup-folder.js';
import { lockDataDir } from '../core/util/data-lock.js';
import { dataDirCommand, EXIT, printer, type Done } from './common.js';

interface BackupOptions {
  dataDir: string;
  json?: boolean;
}

export function backupCreateCommand(done: Done): Command {
  return dataDirCommand(
    'create',
    "a backup of the student's work now, kept in <data-dir>/backups with the automatic ones",
  ).action(async (opts: BackupOptions) => done(await backupCreate(opts)));
}

export function backupListCommand(done: Done): Command {
  return dataDirCommand('list', 'the backups kept in <data-dir>/backups, newest first (read-only)').action(
    async (opts: BackupOptions) => done(await backupList(opts)),
  );
}

async function backupCreate(opts: BackupOptions): Promise<number> {
  // The folder's writer's lock: the app (or a sync) must not be writing while its files are read.
  const unlock = await lockDataDir(opts.dataDir);
  try {
    const { path, manifest } = await takeBackup(opts.dataDir, 'manual');
    const c = manifest.counts;
    printer(opts.json)(
      { path, entries: manifest.entries.length, counts: c },
      `Backup ${path}: ${c.attempts} attempts, ${c.notebookCards} notebook cards, ${c.reviews} reviews, ${c.notes} notes, ${c.packs} packs`,
    );
    return EXIT.ok;
  } finally {
    await unlock();
  }
}

async function backupList(opts: BackupOptions): Promise<number> {
  // Read-only and without the lock, like `stats`: the app may be open on the folder.
  const backups = await listBackups(opts.dataDir);
  const rows = backups.map((b) => ({
    path: b.path,
    at: new Date(b.at).toISOString(),
    reason: b.reason,
    bytes: b.bytes,
  }));
  if (opts.json) process.stdout.write(`${JSON.stringify({ backups: rows })}\n`);
  else if (rows.length === 0) process.stdout.write('No backups yet\n');
  else
    for (const row of rows)
      process.stdout.write(`${row.at}  ${row.reason.padEnd(16)} ${row.bytes} bytes  ${row.path}\n`);
  return EXIT.ok;
}
