// A backup file's format (docs/backup.md): one zip whose first entry is manifest.json, which names
// every other entry with its size and sha256. The same format serves automatic backups and exports.
import { z } from 'zod';

/** Bumped when an older app could not restore the file faithfully; a newer one is refused by name. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
/** The passphrase-encrypted API keys of an export (secrets.ts); not a data-folder file. */
export const SECRETS_NAME = 'secrets.enc.json';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const countsSchema = z.object({
  attempts: z.number().int().nonnegative(),
  notebookCards: z.number().int().nonnegative(),
  reviews: z.number().int().nonnegative(),
  notes: z.number().int().nonnegative(),
  packs: z.number().int().nonnegative(),
  paperExams: z.number().int().nonnegative(),
});
export type BackupCounts = z.infer<typeof countsSchema>;

export const manifestEntrySchema = z.object({
  path: z.string().min(1).max(255),
  size: z.number().int().nonnegative(),
  sha256,
});
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

export const manifestSchema = z.object({
  format: z.literal('exam-practice-backup'),
  formatVersion: z.number().int().positive(),
  appVersion: z.string().max(64),
  createdAt: z.string().max(40),
  reason: z.string().max(40),
  withCatalog: z.boolean(),
  counts: countsSchema,
  entries: z.array(manifestEntrySchema),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Why a backup file was refused, or a backup could not be made: each has its own message in the CLI. */
export type BackupRefusal =
  | 'not-a-zip'
  | 'too-large'
  | 'too-many-entries'
  | 'manifest-missing'
  | 'manifest-invalid'
  | 'newer-version'
  | 'unsafe-path'
  | 'symlink'
  | 'zip-bomb'
  | 'hash-mismatch'
  | 'size-mismatch'
  | 'missing-entry'
  | 'extra-entry'
  | 'duplicate-entry'
  | 'weak-passphrase'
  | 'wrong-passphrase'
  | 'secrets-invalid'
  | 'exam-running'
  | 'changed-during-backup';

export class BackupError extends Error {
  constructor(
    readonly code: BackupRefusal,
    readonly detail = '',
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'BackupError';
  }
}

/** Bounds on a file read for restore: it is untrusted (a download, a USB stick, another machine). */
export interface RestoreLimits {
  fileBytes: number;
  entries: number;
  entryBytes: number;
  totalBytes: number;
  manifestBytes: number;
}

export const RESTORE_LIMITS: RestoreLimits = {
  fileBytes: 8 * 1024 ** 3,
  entries: 500_000,
  entryBytes: 512 * 1024 ** 2,
  totalBytes: 16 * 1024 ** 3,
  manifestBytes: 128 * 1024 ** 2,
};
