// An export: a backup file the student carries to another machine, with the catalog when asked (a
// move then costs no request) and the API keys only under a passphrase.
import { BackupError, type BackupManifest } from './format.js';
import { sealKeys, type ExportedKey } from './secrets.js';
import { writeBackup } from './write.js';
import { lockDataDir } from '../util/data-lock.js';

export interface ExportOptions {
  catalog?: boolean;
  /** With `keys`: they go in encrypted (scrypt + AES-256-GCM); without it no key is written. */
  passphrase?: string;
  /** The API keys in the clear, as the vault hands them to main (never read from a file here). */
  keys?: ExportedKey[];
  /** The caller already holds the folder's lock (the app); otherwise it is taken here. */
  locked?: boolean;
}

export async function exportData(
  dataDir: string,
  out: string,
  options: ExportOptions = {},
): Promise<{ manifest: BackupManifest; keys: number }> {
  const keys = options.passphrase !== undefined ? (options.keys ?? []) : [];
  if (options.passphrase !== undefined && options.passphrase.length < 8)
    throw new BackupError('weak-passphrase', 'at least 8 characters');
  const secrets =
    keys.length > 0 && options.passphrase !== undefined ? await sealKeys(keys, options.passphrase) : undefined;
  const unlock = options.locked ? null : await lockDataDir(dataDir);
  try {
    const manifest = await writeBackup(dataDir, out, {
      reason: 'export',
      catalog: options.catalog === true,
      ...(secrets && { secrets }),
    });
    return { manifest, keys: keys.length };
  } finally {
    await unlock?.();
  }
}
