// Reads an untrusted .exampack. Streaming with hard limits counted while inflating
// (sizes in headers are not trusted), names checked before anything is read, every
// hash verified, JSON validated, image bytes sniffed. Image bytes go to a temporary
// folder outside the data dir; nothing is imported until everything checked out.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { sniffImage } from '../images/cache.js';
import {
  LIMITS,
  manifestSchema,
  SEALED_PACK_VERSION,
  PackError,
  STAGING_PREFIX,
  checkJsonShape,
  questionsCap,
  parseVersion,
  questionsFileSchema,
  type PackManifest,
  type QuestionsFile,
} from './format.js';

export interface ReadPack {
  manifest: PackManifest;
  content: QuestionsFile;
  /** A sealed pack's encrypted answers (sealed.bin), null otherwise. */
  sealed: Buffer | null;
  /** sha256 → file holding the verified image bytes (inside `tempDir`). */
  images: Map<string, string>;
  tempDir: string;
  dispose(): Promise<void>;
}

const SYMLINK = 0o120000;
const ARCHIVE_MAGIC = [
  [0x50, 0x4b, 0x03, 0x04], // zip
  [0x1f, 0x8b], // gzip
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x52, 0x61, 0x72, 0x21], // rar
];

/**
 * A pack's bytes, or a file only the app writes (a staged copy of one the OS handed over): read from
 * disk entry by entry, so a 500 MB pack is never whole in memory.
 */
export type PackSource = Buffer | { path: string };

function open(source: PackSource): Promise<ZipFile> {
  const options = { lazyEntries: true, decodeStrings: false, validateEntrySizes: true } as const;
  return new Promise((resolve, reject) => {
    const opened = (error: Error | null, zip?: ZipFile) => {
      if (error || !zip) reject(new PackError('not-a-zip', error?.message ?? ''));
      else resolve(zip);
    };
    if (Buffer.isBuffer(source)) yauzl.fromBuffer(source, options, opened);
    else yauzl.open(source.path, options, opened);
  });
}

export function entryName(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  // Bit 11: UTF-8 name. Otherwise CP437, of which we accept only the ASCII part anyway.
  return (entry.generalPurposeBitFlag & 0x800) !== 0 ? raw.toString('utf8') : raw.toString('latin1');
}

/** Which entries may exist: manifest.json, questions.json, sealed.bin, images/<sha256>. */
export function classify(name: string): 'manifest' | 'questions' | 'sealed' | 'image' | 'directory' | null {
  if (name === 'manifest.json') return 'manifest';
  if (name === 'questions.json') return 'questions';
  if (name === 'sealed.bin') return 'sealed';
  if (name === 'images/') return 'directory';
  if (/^images\/[0-9a-f]{64}$/.test(name)) return 'image';
  return null;
}

export function checkName(name: string) {
  if (name.includes('\\')) throw new PackError('unsafe-name', name);
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) throw new PackError('unsafe-name', name);
  if (name.split('/').some((part) => part === '..' || part === '.')) throw new PackError('unsafe-name', name);
  if (name.includes('\0') || name.length > 255) throw new PackError('unsafe-name', name.slice(0, 60));
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(new PackError('not-a-zip', error?.message ?? 'unreadable entry'));
      else resolve(stream);
    });
  });
}

export async function readPack(source: PackSource): Promise<ReadPack> {
  const zip = await open(source);
  if (zip.entryCount > LIMITS.entries) {
    zip.close();
    throw new PackError('too-many-entries', String(zip.entryCount));
  }
  const tempDir = await mkdtemp(join(tmpdir(), `${STAGING_PREFIX}${process.pid}-`));
  const dispose = () => rm(tempDir, { recursive: true, force: true });
  const seen = new Set<string>();
  const hashes = new Map<string, string>();
  const images = new Map<string, string>();
  const jsonBytes = new Map<string, Buffer>();
  let total = 0;
  let manifest: PackManifest | null = null;

  const consume = async (entry: Entry, name: string, kind: 'manifest' | 'questions' | 'sealed' | 'image') => {
    // questions.json is capped by what the manifest declares, so a small pack cannot inflate into a
    // huge one (the manifest comes first: our writer always put it there).
    const cap =
      kind === 'manifest'
        ? LIMITS.manifestBytes
        : kind === 'questions' || kind === 'sealed'
          ? questionsCap(manifest?.questionCount ?? 0)
          : LIMITS.imageBytes;
    const hash = createHash('sha256');
    const parts: Buffer[] = [];
    let size = 0;
    let head: Buffer | null = null;
    const file = join(tempDir, kind === 'image' ? name.slice('images/'.length) : kind);
    const stream = await readEntry(zip, entry);
    // Counted while inflating: a lying header cannot get past these.
    const counter = async function* (input: AsyncIterable<Buffer>) {
      for await (const chunk of input) {
        size += chunk.length;
        total += chunk.length;
        if (size > cap || total > LIMITS.totalBytes) throw new PackError('too-large', name);
        if (entry.compressedSize > 0 && size / entry.compressedSize > LIMITS.ratio && size > 64 * 1024) {
          throw new PackError('zip-bomb', name);
        }
        head ??= chunk.subarray(0, 16);
        hash.update(chunk);
        if (kind !== 'image') parts.push(chunk);
        yield chunk;
      }
    };
    try {
      await pipeline(stream, counter, createWriteStream(file));
    } catch (error) {
      if (error instanceof PackError) throw error;
      const message = error instanceof Error ? error.message : '';
      // yauzl compares what inflates with the sizes the headers declare.
      throw new PackError(
        /bytes in the stream|expected|size/i.test(message) ? 'size-mismatch' : 'not-a-zip',
        `${name}: ${message}`,
      );
    }
    if (kind !== 'image') jsonBytes.set(kind, Buffer.concat(parts));
    const headBytes: Buffer = head ?? Buffer.alloc(0);
    if (ARCHIVE_MAGIC.some((magic) => magic.every((b, i) => headBytes[i] === b)))
      throw new PackError('nested-archive', name);
    hashes.set(name, hash.digest('hex'));
    if (kind === 'image') images.set(name.slice('images/'.length), file);
  };

  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: Error) =>
        reject(error instanceof PackError ? error : new PackError('not-a-zip', error.message)),
      );
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        void (async () => {
          const name = entryName(entry);
          checkName(name);
          if (((entry.externalFileAttributes >>> 16) & 0o170000) === SYMLINK) throw new PackError('symlink', name);
          if (seen.has(name)) throw new PackError('duplicate-entry', name);
          seen.add(name);
          if (/\.(zip|exampack|gz|tgz|7z|rar|tar)$/i.test(name)) throw new PackError('nested-archive', name);
          const kind = classify(name);
          if (kind === null) throw new PackError('unknown-entry', name);
          if ((kind === 'questions' || kind === 'sealed') && !manifest) {
            throw new PackError('missing-entry', `manifest.json (it must come before ${name})`);
          }
          if (kind !== 'directory') await consume(entry, name, kind);
          if (kind === 'manifest') manifest = readManifest(jsonBytes.get('manifest') ?? Buffer.alloc(0));
          zip.readEntry();
        })().catch((error: unknown) => {
          zip.close();
          reject(error instanceof PackError ? error : new PackError('not-a-zip', String(error)));
        });
      });
      zip.readEntry();
    });

    const questionsBytes = jsonBytes.get('questions');
    if (!manifest) throw new PackError('missing-entry', 'manifest.json');
    const declared: PackManifest = manifest;
    if (!questionsBytes) throw new PackError('missing-entry', 'questions.json');
    const sealed = jsonBytes.get('sealed') ?? null;
    if (declared.sealed && !sealed) throw new PackError('missing-entry', 'sealed.bin');
    if (!declared.sealed && sealed)
      throw new PackError('unknown-entry', 'sealed.bin (the manifest says the pack is not sealed)');
    // Every entry but the manifest is listed with its hash, and every listed entry is present.
    for (const [name, digest] of hashes) {
      if (name === 'manifest.json') continue;
      const expected = declared.files[name];
      if (expected === undefined) throw new PackError('unknown-entry', `${name} is not in the manifest`);
      if (expected !== digest) throw new PackError('hash-mismatch', name);
    }
    for (const name of Object.keys(declared.files)) if (!hashes.has(name)) throw new PackError('missing-entry', name);
    for (const [sha, file] of images) {
      if (hashes.get(`images/${sha}`) !== sha) throw new PackError('hash-mismatch', `images/${sha}`);
      if (!sniffImage((await readFile(file)).subarray(0, 512))) throw new PackError('not-an-image', `images/${sha}`);
    }
    checkJsonShape(
      questionsBytes,
      declared.questionCount * LIMITS.tokensPerQuestion + 10_000,
      LIMITS.depth,
      'questions.json',
    );
    const content = questionsFileSchema.safeParse(parseJson(questionsBytes, 'questions.json'));
    if (!content.success) throw new PackError('invalid-schema', `questions.json: ${issue(content.error)}`);
    for (const sha of Object.values(content.data.images)) {
      if (!images.has(sha)) throw new PackError('missing-entry', `images/${sha}`);
    }
    if (content.data.questions.length !== declared.questionCount) {
      throw new PackError('invalid-schema', 'questionCount does not match questions.json');
    }
    const ids = new Set<string>();
    for (const { id } of content.data.questions) {
      if (ids.has(id)) throw new PackError('duplicate-question', id.slice(0, 100));
      ids.add(id);
    }
    return { manifest: declared, content: content.data, sealed, images, tempDir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Validated as soon as it is read: its version and question count govern the rest of the reading. */
function readManifest(bytes: Buffer): PackManifest {
  const json = parseJson(bytes, 'manifest.json');
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'string' && parseVersion(version).major > SEALED_PACK_VERSION.major) {
    throw new PackError('future-version', version);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new PackError('invalid-schema', `manifest.json: ${issue(parsed.error)}`);
  // Sealed ⇔ major 2: a 1.x reader must never see a sealed pack as an ordinary one.
  if (Boolean(parsed.data.sealed) !== (parseVersion(parsed.data.formatVersion).major === SEALED_PACK_VERSION.major)) {
    throw new PackError('invalid-schema', 'manifest.json: sealed packs, and only they, are version 2');
  }
  return parsed.data;
}

function parseJson(bytes: Buffer, name: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new PackError('invalid-json', name);
  }
}

function issue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const first = error.issues[0];
  return first ? `${first.path.map(String).join('.')}: ${first.message}` : '';
}
