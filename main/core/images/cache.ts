// Content-addressed image cache: images/<sha256>, an index from URL to hash, bytes
// checked by magic number and capped in size. Images never carry the API key.
import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { z } from 'zod';
import { JsonFile } from '../util/json-file.js';

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
  private readonly file: JsonFile<Index>;

  private constructor(readonly dir: string) {
    this.file = new JsonFile(join(dir, 'index.json'), indexSchema);
  }

  static async open(dir: string): Promise<ImageCache> {
    const cache = new ImageCache(dir);
    await mkdir(dir, { recursive: true });
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
    const mime = /^[0-9a-f]{64}$/.test(sha256) ? this.hashes.get(sha256) : undefined;
    return mime ? { path: join(this.dir, sha256), mime } : null;
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
    const temp = `${target}.${process.pid}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, target);
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
    } = {},
  ): Promise<ImageResult> {
    const limit = pLimit(options.concurrency ?? 6);
    const result: ImageResult = { downloaded: 0, failed: 0, failedUrls: [] };
    let done = 0;
    const one = async (url: string) => {
      if (options.signal?.aborted) return;
      try {
        const bytes = await fetchImage(url, options.timeoutMs ?? 20_000, options.signal);
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

  /** Forgets URLs not in `keep` and deletes files no remaining URL points to. */
  async prune(keep: Set<string>): Promise<void> {
    this.index = Object.fromEntries(Object.entries(this.index).filter(([url]) => keep.has(url)));
    const used = new Set<string>();
    for (const entry of Object.values(this.index)) if ('sha256' in entry) used.add(entry.sha256);
    for (const sha of [...this.hashes.keys()]) {
      if (used.has(sha)) continue;
      this.hashes.delete(sha);
      await rm(join(this.dir, sha), { force: true });
    }
    await this.save();
  }

  save(): Promise<void> {
    return this.file.write(this.index);
  }
}

async function fetchImage(url: string, timeoutMs: number, signal?: AbortSignal): Promise<Uint8Array> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('unsupported scheme');
  const timeout = AbortSignal.timeout(timeoutMs);
  // No X-API-Key here, whatever the origin: images need no key and hosts must never see it.
  const response = await fetch(parsed, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
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
