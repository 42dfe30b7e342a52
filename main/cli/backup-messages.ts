// What the CLI says for each refusal of a backup file or export, and its exit code (README).
import type { BackupRefusal } from '../core/backup/format.js';
import { EXIT } from './common.js';

const MESSAGES: Record<BackupRefusal, string> = {
  'not-a-zip': 'not a backup file (not a zip)',
  'too-large': 'the file is larger than any backup this app restores',
  'too-many-entries': 'the file holds more entries than any backup',
  'manifest-missing': 'the file has no manifest.json first: not a backup of this app',
  'manifest-invalid': "the backup's manifest.json is not valid",
  'newer-version': 'the backup was made by a newer version of the app: update it, then restore',
  'unsafe-path': 'an entry names a path outside the data folder, or one no backup holds',
  symlink: 'an entry is a symbolic link',
  'zip-bomb': 'the file inflates beyond the bounds of a backup (zip bomb)',
  'hash-mismatch': "an entry's content differs from its manifest line (damaged or altered)",
  'size-mismatch': "an entry's size differs from its manifest line (damaged or altered)",
  'missing-entry': 'an entry the manifest lists is missing',
  'extra-entry': 'an entry the manifest does not list is present',
  'duplicate-entry': 'an entry appears twice',
  'weak-passphrase': 'the passphrase must have at least 8 characters',
  'wrong-passphrase': 'the passphrase does not open the API keys in this file',
  'secrets-invalid': "the file's sealed API keys are damaged",
  'exam-running': 'an exam is running: finish it first',
  'changed-during-backup': 'the data folder kept changing while it was read: try again',
};

/** The message and exit code of a refusal: the file's faults are EXIT.invalidBackup, usage is usage. */
export function backupRefusal(code: BackupRefusal): { message: string; exit: number } {
  const exit =
    code === 'weak-passphrase'
      ? EXIT.usage
      : code === 'exam-running' || code === 'changed-during-backup'
        ? EXIT.error
        : EXIT.invalidBackup;
  return { message: `${MESSAGES[code]} (${code}); nothing was changed`, exit };
}
