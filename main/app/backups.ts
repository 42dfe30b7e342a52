// The app's automatic backups (docs/backup.md): the scheduler started with the services, checking
// every 30 minutes whether the student's work changed (put off while an exam runs), and a last
// backup at close, after every writer has settled and before the folder's lock is let go. Its own
// module: services.ts is at its size cap, and no bridge channel is involved (no renderer surface yet).
import { BackupScheduler } from '../core/backup/scheduler.js';
import { basename } from 'node:path';
import type { Logger } from '../core/util/logger.js';

export function startBackups(deps: { dataDir: string; examRunning: () => boolean; logger: Logger }): BackupScheduler {
  const scheduler = new BackupScheduler({
    dataDir: deps.dataDir,
    busy: deps.examRunning,
    // Its name only: the folder is the data folder's, whose path holds the user's name.
    onTaken: (path, reason) => deps.logger.info('backup taken', { file: basename(path), reason }),
    onError: (error) => deps.logger.error('backup failed', { error: String(error) }),
  });
  scheduler.start();
  return scheduler;
}
