// Writes a backup file: the files chosen (selection.ts) as they are once every durable write under
// the folder has settled, hashed, then zipped with the manifest first. Each file is hashed twice (to
// write the manifest before the entries, and as it goes in): a file replaced in between makes the
// attempt start again, so an entry always matches its manifest line. Small files (attempts, which a
// running exam rewrites every few hundred ms, the notebook) are held from the first read instead,
// within a memory budget, so a busy folder still gets its backup.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { APP_VERSION } from '../version.js';
import { syncDir, writesSettled } from '../util/durable-file.js';
import { countData } from './counts.js';
import {
  BACKUP_FORMAT_VERSION,
  BackupError,
  MANIFEST_NAME,
  SECRETS_NAME,
  type BackupManifest,
  type ManifestEntry,
} from './format.js';
import { keyMaterialStripped, selectFiles } from './selection.js';

export interface BackupWriteOptions {
  catalog?: boolean;
  reason?: string;
  /** Sealed API keys (secrets.ts) to carry, already encrypted. */
  secrets?: Buffer;
  now?: () => Date;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
// A fixed time for every entry: the zip's bytes depend only on the content (docs/backup.md).
const ENTRY_TIME = new Date('2020-01-01T00:00:00Z');
const ATTEMPTS = 3;
const HOLD_FILE_BYTES = 4 * 1024 * 1024;
const HOLD_TOTAL_BYTES = 256 * 1024 * 1024;

interface Snapshot {
  entries: ManifestEntry[];
  /** Bytes kept from the first read, by path. */
  held: Map<string, Buffer>;
}

async function readEntry(dataDir: string, path: string): Promise<Buffer | null> {
  const bytes = await readFile(join(dataDir, path)).catch(() => null);
  return bytes && path === 'settings.json' ? keyMaterialStripped(bytes) : bytes;
}

async function snapshot(dataDir: string, options: BackupWriteOptions): Promise<Snapshot> {
  await writesSettled(dataDir);
  const entries: ManifestEntry[] = [];
  const held = new Map<string, Buffer>();
  let heldBytes = 0;
  for (const path of await selectFiles(dataDir, { catalog: options.catalog === true })) {
    const bytes = await readEntry(dataDir, path);
    // Removed since it was listed (an attempt discarded): it is simply not in this backup.
    if (!bytes) continue;
    entries.push({ path, size: bytes.length, sha256: sha(bytes) });
    if (bytes.length <= HOLD_FILE_BYTES && heldBytes + bytes.length <= HOLD_TOTAL_BYTES) {
      held.set(path, bytes);
      heldBytes += bytes.length;
    }
  }
  return { entries, held };
}

async function writeZip(
  dataDir: string,
  out: string,
  manifest: BackupManifest,
  held: Map<string, Buffer>,
  secrets: Buffer | undefined,
): Promise<'ok' | 'changed'> {
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream, createWriteStream(out, { flags: 'wx' }));
  const stored = { mtime: ENTRY_TIME, mode: 0o100644 };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), MANIFEST_NAME, stored);
  let changed = false;
  for (const entry of manifest.entries) {
    const bytes = held.get(entry.path) ?? (await readEntry(dataDir, entry.path));
    if (!bytes || bytes.length !== entry.size || sha(bytes) !== entry.sha256) {
      changed = true;
      break;
    }
    zip.addBuffer(bytes, entry.path, stored);
  }
  if (secrets && !changed) zip.addBuffer(secrets, SECRETS_NAME, stored);
  zip.end();
  await done;
  return changed ? 'changed' : 'ok';
}

/**
 * Writes a backup of `dataDir` to `out` (temp file, fsync, rename, folder fsync): `out` is either
 * absent or a whole backup. Returns the manifest written.
 */
export async function writeBackup(
  dataDir: string,
  out: string,
  options: BackupWriteOptions = {},
): Promise<BackupManifest> {
  await mkdir(dirname(out), { recursive: true });
  for (let attempt = 1; ; attempt++) {
    const { entries, held } = await snapshot(dataDir, options);
    const manifest: BackupManifest = {
      format: 'exam-practice-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      reason: options.reason ?? 'manual',
      withCatalog: options.catalog === true,
      counts: await countData(
        dataDir,
        entries.map((e) => e.path),
      ),
      entries,
    };
    // The storage layer's temp-file form: a crash's leftover is swept at the folder's next opening.
    const temp = join(
      dirname(out),
      `.${basename(out)}.${process.pid}.${attempt}.${randomBytes(4).toString('hex')}.tmp`,
    );
    try {
      const result = await writeZip(dataDir, temp, manifest, held, options.secrets);
      if (result === 'ok') {
        const handle = await open(temp, 'r+');
        await handle.sync().finally(() => handle.close());
        await rename(temp, out);
        await syncDir(dirname(out));
        return manifest;
      }
    } finally {
      await rm(temp, { force: true });
    }
    if (attempt >= ATTEMPTS) throw new BackupError('changed-during-backup', String(attempt));
  }
}
