// Content-addressed image cache: images/<sha256>, an index from URL to hash, bytes
// checked by magic number and capped in size. Images never carry the API key.
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { z } from 'zod';
import { writeDurably } from '../util/durable-file.js';
import { JsonFile } from '../util/json-file.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';
import { assertFetchableImageUrl, type ImageHostPolicy } from '../util/net-policy.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

/** The image type from its first bytes, or null when the bytes are no image we show. */
export function sniffImage(bytes: Uint8Array): ImageMime | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'image/webp';
  const head = new TextDecoder()
    .decode(bytes.slice(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if ((head.startsWith('<svg') || head.startsWith('<?xml')) && head.includes('<svg')) return 'image/svg+xml';
  return null;
}

const entrySchema = z.union([
  z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), mime: z.string(), bytes: z.number().int() }),
  z.object({ failed: z.string(), attempts: z.number().int() }),
]);
const indexSchema = z.record(z.string(), entrySchema);
type Index = z.infer<typeof indexSchema>;

export interface ImageProgress {
  done: number;
  total: number;
  failed: number;
}

export interface ImageResult {
  downloaded: number;
  failed: number;
  failedUrls: string[];
}

export class ImageCache {
  private index: Index = {};
  private readonly hashes = new Map<string, string>();
  /** Files kept whatever the index says: images of saved attempts (their results must always show them). */
  private readonly pinned = new Map<string, string>();
  private readonly writes = new Set<Promise<unknown>>();
  /** URLs that no question holds but that must stay cached (the figures of worked solutions). */
  alsoKeep: () => Iterable<string> = () => [];
  private sweeping: Promise<unknown> | null = null;
  private readonly file: JsonFile<Index>;

  private constructor(
    readonly dir: string,
    private readonly storage: StorageContext,
  ) {
    this.file = new JsonFile(join(dir, 'index.json'), indexSchema, { kind: 'image-index', ...storage });
  }

  static async open(dir: string, storage: StorageContext = WRITABLE_SILENT): Promise<ImageCache> {
    const cache = new ImageCache(dir, storage);
    if (!storage.readOnly) await mkdir(dir, { recursive: true });
    cache.index = (await cache.file.read()) ?? {};
    for (const entry of Object.values(cache.index)) if ('sha256' in entry) cache.hashes.set(entry.sha256, entry.mime);
    return cache;
  }

  /** The cached file for a URL, or null (not downloaded, or failed): the UI shows a placeholder. */
  resolve(url: string): { path: string; mime: string; sha256: string } | null {
    const entry = this.index[url];
    if (!entry || !('sha256' in entry)) return null;
    return { path: join(this.dir, entry.sha256), mime: entry.mime, sha256: entry.sha256 };
  }

  /** The file of a content hash, for the custom protocol (hash-only names leave no room for traversal). */
  fileOf(sha256: string): { path: string; mime: string } | null {
    const mime = /^[0-9a-f]{64}$/.test(sha256) ? (this.hashes.get(sha256) ?? this.pinned.get(sha256)) : undefined;
    return mime ? { path: join(this.dir, sha256), mime } : null;
  }

  /** Keeps these files (hash → mime) through prune, sweep and clearing the cache. */
  pin(images: Iterable<[string, string]>) {
    for (const [sha, mime] of images) this.pinned.set(sha, mime);
  }

  /**
   * The folder's writer, once every pin is known: removes image files that neither the index nor a
   * pin points to (pruned, or downloaded just before a crash and never indexed).
   */
  async sweep(): Promise<{ removed: number }> {
    if (this.storage.readOnly) return { removed: 0 };
    // Puts wait while a sweep runs, and a sweep waits for the puts in flight: a file being written
    // is never taken for an orphan.
    while (this.sweeping) await this.sweeping;
    const run = Promise.allSettled([...this.writes]).then(() => this.removeOrphans());
    this.sweeping = run;
    try {
      return await run;
    } finally {
      this.sweeping = null;
    }
  }

  private async removeOrphans(): Promise<{ removed: number }> {
    let removed = 0;
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const orphan = /^[0-9a-f]{64}$/.test(name) && !this.hashes.has(name) && !this.pinned.has(name);
      // `<sha>.<pid>.tmp`: temp files of earlier versions (this one's are removed when the folder opens).
      if (orphan || /^[0-9a-f]{64}\.\d+\.tmp$/.test(name)) {
        await rm(join(this.dir, name), { force: true });
        removed += 1;
      }
    }
    return { removed };
  }

  /** URLs not cached yet, failed ones included: they are tried again on every sync. */
  missing(urls: Iterable<string>): string[] {
    return [...new Set(urls)].filter((url) => !this.resolve(url));
  }

  /** Stores bytes already in hand (pack import); returns the hash, or null when they are no image. */
  async put(url: string, bytes: Uint8Array): Promise<string | null> {
    const mime = sniffImage(bytes);
    if (!mime || bytes.length > MAX_IMAGE_BYTES) return null;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const target = join(this.dir, sha256);
    // Content-addressed: a file of this name already holds these bytes. Identical images written at
    // once share the durable writer's queue for this path instead of racing on one temp name.
    while (this.sweeping) await this.sweeping;
    const write = stat(target).then(
      (info) => (info.size === bytes.length ? undefined : writeDurably(target, bytes)),
      () => writeDurably(target, bytes),
    );
    this.writes.add(write);
    try {
      await write;
    } finally {
      this.writes.delete(write);
    }
    this.index[url] = { sha256, mime, bytes: bytes.length };
    this.hashes.set(sha256, mime);
    return sha256;
  }

  async download(
    urls: string[],
    options: {
      concurrency?: number;
      signal?: AbortSignal;
      timeoutMs?: number;
      onProgress?: (p: ImageProgress) => void;
      /** Which hosts may be asked (public only, unless the configured API is itself local). */
      hosts?: ImageHostPolicy;
    } = {},
  ): Promise<ImageResult> {
    const hosts = options.hosts ?? { allowLocal: false };
    const limit = pLimit(options.concurrency ?? 6);
    const result: ImageResult = { downloaded: 0, failed: 0, failedUrls: [] };
    let done = 0;
    const one = async (url: string) => {
      if (options.signal?.aborted) return;
      try {
        const bytes = await fetchImage(url, hosts, options.timeoutMs ?? 20_000, options.signal);
        if (!(await this.put(url, bytes))) throw new Error('not an image');
        result.downloaded += 1;
      } catch (error) {
        if (options.signal?.aborted) return;
        const previous = this.index[url];
        const attempts = previous && 'attempts' in previous ? previous.attempts + 1 : 1;
        this.index[url] = { failed: error instanceof Error ? error.message.slice(0, 120) : 'failed', attempts };
        result.failed += 1;
        result.failedUrls.push(url);
      }
      done += 1;
      options.onProgress?.({ done, total: urls.length, failed: result.failed });
      if (done % 200 === 0) await this.save();
    };
    await Promise.all(urls.map((url) => limit(() => one(url))));
    await this.save();
    return result;
  }

  /**
   * Forgets URLs not in `keep`. Files are deleted by `sweep()`, which the app runs once it knows
   * every pin: a file pruned here may still be an image of a saved result.
   */
  async prune(keep: Set<string>): Promise<void> {
    const kept = new Set([...keep, ...this.alsoKeep()]);
    this.index = Object.fromEntries(Object.entries(this.index).filter(([url]) => kept.has(url)));
    const used = new Set<string>();
    for (const entry of Object.values(this.index)) if ('sha256' in entry) used.add(entry.sha256);
    for (const sha of [...this.hashes.keys()]) if (!used.has(sha)) this.hashes.delete(sha);
    await this.save();
  }

  save(): Promise<void> {
    return this.file.write(() => this.index);
  }
}

const MAX_REDIRECTS = 3;

async function fetchImage(
  url: string,
  hosts: ImageHostPolicy,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let target = new URL(url);
  let response: Response;
  // Redirects are followed by hand so that every hop passes the host policy (a public host must not
  // bounce the app to a private address).
  for (let hop = 0; ; hop++) {
    await assertFetchableImageUrl(target, hosts);
    // No X-API-Key here, whatever the origin: images need no key and hosts must never see it.
    response = await fetch(target, { signal: abort, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) break;
    if (hop >= MAX_REDIRECTS) throw new Error('too many redirects');
    await response.body?.cancel();
    target = new URL(location, target);
  }
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_IMAGE_BYTES) throw new Error('too large');
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of response.body) {
    size += part.length;
    if (size > MAX_IMAGE_BYTES) throw new Error('too large');
    parts.push(part);
  }
  return Buffer.concat(parts);
}
