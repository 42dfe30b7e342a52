// Reads a backup file as untrusted input into a staging folder: the manifest first (zod, its format
// version), then each entry with its name checked before a byte is written, its inflated size
// counted against what the manifest declares (headers are not trusted), its sha256 compared; at the
// end every declared entry must have come. Any refusal throws a BackupError by name; the caller
// removes the staging folder, so nothing half-read is ever used.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { checkName, entryName } from '../packs/reader.js';
import {
  BACKUP_FORMAT_VERSION,
  BackupError,
  MANIFEST_NAME,
  manifestSchema,
  RESTORE_LIMITS,
  SECRETS_NAME,
  type BackupManifest,
  type ManifestEntry,
  type RestoreLimits,
} from './format.js';
import { restorable } from './selection.js';

const SYMLINK = 0o120000;
/** Deflate's best is about 1032:1; JSON of a student's work stays far below this. */
const MAX_RATIO = 2000;

export interface ReadBackup {
  manifest: BackupManifest;
  /** The sealed API keys of an export, when it carries them. */
  secrets: Buffer | null;
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(new BackupError('not-a-zip', error?.message ?? '')) : resolve(zip),
    ),
  );
}

function safePath(name: string): void {
  try {
    checkName(name);
  } catch {
    throw new BackupError('unsafe-path', name.slice(0, 80));
  }
}

function streamOf(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(new BackupError('not-a-zip', error?.message ?? '')) : resolve(stream),
    ),
  );
}

function parseManifest(bytes: Buffer, limits: RestoreLimits): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError('manifest-invalid', 'not JSON');
  }
  // The version first: a newer app's manifest may differ in any other field.
  const version = (raw as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION)
    throw new BackupError('newer-version', `${version} > ${BACKUP_FORMAT_VERSION}`);
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError('manifest-invalid', parsed.error.issues[0]?.path.join('.') ?? '');
  const manifest = parsed.data;
  if (manifest.entries.length + 2 > limits.entries)
    throw new BackupError('too-many-entries', String(manifest.entries.length));
  const paths = new Set<string>();
  let total = 0;
  for (const entry of manifest.entries) {
    safePath(entry.path);
    if (!restorable(entry.path)) throw new BackupError('unsafe-path', entry.path);
    if (paths.has(entry.path)) throw new BackupError('duplicate-entry', entry.path);
    paths.add(entry.path);
    if (entry.size > limits.entryBytes) throw new BackupError('zip-bomb', entry.path);
    total += entry.size;
  }
  if (total > limits.totalBytes) throw new BackupError('zip-bomb', `${total} bytes declared`);
  return manifest;
}

/** Reads `file` into `stagingDir` (which must exist and be empty). */
export async function readBackup(
  file: string,
  stagingDir: string,
  limits: RestoreLimits = RESTORE_LIMITS,
): Promise<ReadBackup> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupError('not-a-zip', 'not a file');
  if (info.size > limits.fileBytes) throw new BackupError('too-large', String(info.size));
  const zip = await openZip(file);
  if (zip.entryCount > limits.entries) {
    zip.close();
    throw new BackupError('too-many-entries', String(zip.entryCount));
  }
  let manifest: BackupManifest | null = null;
  let declared = new Map<string, ManifestEntry>();
  let secrets: Buffer | null = null;
  const seen = new Set<string>();
  let total = 0;

  /** Inflates one entry, counted as it goes, into a buffer (`to: null`) or a staged file. */
  const consume = async (entry: Entry, name: string, cap: number, to: string | null) => {
    const hash = createHash('sha256');
    const parts: Buffer[] = [];
    let size = 0;
    const counter = async function* (input: AsyncIterable<Buffer>) {
      for await (const chunk of input) {
        size += chunk.length;
        total += chunk.length;
        if (size > cap) throw new BackupError('size-mismatch', name);
        if (total > limits.totalBytes) throw new BackupError('zip-bomb', name);
        if (entry.compressedSize > 0 && size > 64 * 1024 && size / entry.compressedSize > MAX_RATIO)
          throw new BackupError('zip-bomb', name);
        hash.update(chunk);
        if (to === null) parts.push(chunk);
        yield chunk;
      }
    };
    const stream = await streamOf(zip, entry);
    // yauzl's own size check may fire after ours has already ended the pipeline: nobody is listening then.
    stream.on('error', () => undefined);
    try {
      if (to === null) {
        for await (const _chunk of counter(stream)) void _chunk;
      } else {
        await mkdir(dirname(to), { recursive: true });
        await pipeline(stream, counter, createWriteStream(to, { flags: 'wx' }));
      }
    } catch (error) {
      if (error instanceof BackupError) throw error;
      // yauzl compares what inflates with the sizes the headers declare.
      const message = error instanceof Error ? error.message : String(error);
      throw new BackupError(
        /bytes|expected|size/i.test(message) ? 'size-mismatch' : 'not-a-zip',
        `${name}: ${message}`,
      );
    }
    return { size, sha256: hash.digest('hex'), bytes: to === null ? Buffer.concat(parts) : null };
  };

  const onEntry = async (entry: Entry) => {
    const name = entryName(entry);
    safePath(name);
    if (((entry.externalFileAttributes >>> 16) & 0o170000) === SYMLINK) throw new BackupError('symlink', name);
    if (seen.has(name)) throw new BackupError('duplicate-entry', name);
    seen.add(name);
    if (!manifest) {
      // Our writer always puts it first: anything else before it is not a backup of ours.
      if (name !== MANIFEST_NAME) throw new BackupError('manifest-missing', `first entry is ${name.slice(0, 80)}`);
      const read = await consume(entry, name, limits.manifestBytes, null);
      manifest = parseManifest(read.bytes ?? Buffer.alloc(0), limits);
      declared = new Map(manifest.entries.map((e) => [e.path, e]));
      return;
    }
    if (name === SECRETS_NAME) {
      secrets = (await consume(entry, name, 1024 * 1024, null)).bytes;
      return;
    }
    const expected = declared.get(name);
    if (!expected) throw new BackupError('extra-entry', name);
    if (entry.uncompressedSize !== expected.size) throw new BackupError('size-mismatch', name);
    const read = await consume(entry, name, expected.size, join(stagingDir, ...name.split('/')));
    if (read.size !== expected.size) throw new BackupError('size-mismatch', name);
    if (read.sha256 !== expected.sha256) throw new BackupError('hash-mismatch', name);
  };

  await new Promise<void>((resolve, reject) => {
    zip.on('error', (error: Error) =>
      reject(error instanceof BackupError ? error : new BackupError('not-a-zip', error.message)),
    );
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      onEntry(entry).then(
        () => zip.readEntry(),
        (error: unknown) => {
          zip.close();
          reject(error instanceof BackupError ? error : new BackupError('not-a-zip', String(error)));
        },
      );
    });
    zip.readEntry();
  });
  const done: BackupManifest | null = manifest;
  if (!done) throw new BackupError('manifest-missing');
  for (const path of declared.keys()) if (!seen.has(path)) throw new BackupError('missing-entry', path);
  return { manifest: done, secrets };
}
