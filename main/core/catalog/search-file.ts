// The search index as saved beside the chunks (catalog/search.bin): checked whole at start by its
// hash, decoded only when something first needs the words (search-index.ts).
import { createHash } from 'node:crypto';
import { z } from 'zod';

export interface Frozen {
  /** Sorted; `offsets[i]..offsets[i+1]` are the documents of `terms[i]` in `postings`. */
  terms: string[];
  offsets: Uint32Array;
  postings: Uint32Array;
}

export interface SearchIndexData extends Frozen {
  /** Document number → question id ('' for a number no longer in use). */
  ids: string[];
}

/**
 * The saved form: a u32 length and a small JSON meta (version, chunks, counts, the SHA-256 of the
 * rest), then a JSON header (terms, ids), then the offsets and postings as little-endian u32. A
 * start checks the meta and the hash only; the terms, ids and postings are decoded when a search,
 * a sync or a save first needs them, so a session that never searches never holds them.
 */
export function encodeSearchIndex(data: SearchIndexData, chunks: number[]): Uint8Array {
  const header = Buffer.from(JSON.stringify({ terms: data.terms, ids: data.ids }));
  const body = Buffer.alloc(header.length + (data.offsets.length + data.postings.length) * 4);
  header.copy(body, 0);
  let at = header.length;
  for (const value of data.offsets) at = body.writeUInt32LE(value, at);
  for (const value of data.postings) at = body.writeUInt32LE(value, at);
  const meta = Buffer.from(
    JSON.stringify({
      version: 2,
      chunks,
      header: header.length,
      terms: data.terms.length,
      ids: data.ids.length,
      postings: data.postings.length,
      sha256: createHash('sha256').update(body).digest('hex'),
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(meta.length, 0);
  return Buffer.concat([length, meta, body]);
}

/** A saved index checked whole (its meta and hash) and not decoded yet. */
export interface SavedSearch {
  /** Its documents (every one in use: a saved index is frozen). */
  documents: number;
  /** The index itself; null if it does not hold what its meta says (not ours, since the hash held). */
  decode(): SearchIndexData | null;
}

const metaSchema = z.object({
  version: z.literal(2),
  chunks: z.array(z.number()),
  header: z.number().int().nonnegative(),
  terms: z.number().int().nonnegative(),
  ids: z.number().int().nonnegative(),
  postings: z.number().int().nonnegative(),
  sha256: z.string(),
});

/** The saved index, if it is whole and made from exactly these chunks; null otherwise. */
export function openSavedSearch(bytes: Buffer, chunks: number[]): SavedSearch | null {
  try {
    const length = bytes.readUInt32LE(0);
    const parsed = metaSchema.safeParse(JSON.parse(bytes.subarray(4, 4 + length).toString('utf8')));
    if (!parsed.success) return null;
    const meta = parsed.data;
    if (meta.chunks.length !== chunks.length || meta.chunks.some((seq, i) => seq !== chunks[i])) return null;
    const start = 4 + length;
    const words = start + meta.header;
    if (bytes.length !== words + (meta.terms + 1 + meta.postings) * 4) return null;
    const body = bytes.subarray(start);
    if (createHash('sha256').update(body).digest('hex') !== meta.sha256) return null;
    return { documents: meta.ids, decode: () => decodeBody(body, meta) };
  } catch {
    return null;
  }
}

function decodeBody(body: Buffer, meta: z.infer<typeof metaSchema>): SearchIndexData | null {
  try {
    const header = JSON.parse(body.subarray(0, meta.header).toString('utf8')) as { terms?: unknown; ids?: unknown };
    const { terms, ids } = header;
    if (!Array.isArray(terms) || !Array.isArray(ids)) return null;
    if (terms.length !== meta.terms || ids.length !== meta.ids) return null;
    if (!terms.every((t) => typeof t === 'string') || !ids.every((id) => typeof id === 'string')) return null;
    // Copied out of the file's buffer (a view would keep the whole read alive and may be unaligned).
    // Every platform the app ships for is little-endian, as the file is.
    const words = new Uint32Array(body.buffer.slice(body.byteOffset + meta.header, body.byteOffset + body.length));
    const offsets = words.subarray(0, terms.length + 1);
    const list = words.subarray(terms.length + 1);
    if (offsets[terms.length] !== meta.postings) return null;
    const documents = ids.length;
    for (let i = 0; i < list.length; i++) if ((list[i] ?? 0) >= documents) return null;
    return { terms: terms as string[], ids: ids as string[], offsets, postings: list };
  } catch {
    return null;
  }
}

/** The saved index decoded at once (tests, and a reader that wants it checked through). */
export function decodeSearchIndex(bytes: Buffer, chunks: number[]): SearchIndexData | null {
  return openSavedSearch(bytes, chunks)?.decode() ?? null;
}
