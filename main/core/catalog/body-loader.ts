// Reading whole questions back from their chunks: the store keeps one entry per question in
// memory and each body where it was written; this is the read path, apart from the store's state
// and its write queue. A write may move a body while it is read (a newer version, a compaction),
// so a body counts only while its entry still points where it was read.
import { readBodies, type BodyAt, type StoredQuestion } from './chunk-file.js';
import type { CatalogEntry } from './entry.js';
import type { RecentBodies } from './stored-question.js';

/** Rounds of reading bodies that writes keep moving before a read gives up (one is the rule). */
const MOVED_READS = 5;

/** What the reader needs of the store: where each entry points now, and where its chunks are. */
export interface BodySource {
  readonly dir: string;
  entry(id: string): CatalogEntry | undefined;
  chunkPath(seq: number): string;
  /** Counts bodies read from disk (a light start reads none). */
  counted(bodies: number): void;
}

export interface LoadedBodies {
  found: Map<string, StoredQuestion>;
  /** Questions whose body is damaged where their entry still points, each with its chunk. */
  damaged: Map<string, number>;
  /**
   * Questions whose entry names another key than their own line: the line decides (the entries are
   * a copy of the chunks, and a saved index can be damaged), and the store makes its entries again.
   */
  disagreed: Set<string>;
}

type Wanted = { id: string; at: BodyAt };

/**
 * The questions asked for that the catalog holds, from the cache or their chunks, with the
 * catalog's merged year, difficulty and sources; remembered in `cache` when `keep`.
 */
export async function loadBodies(
  source: BodySource,
  ids: readonly string[],
  cache: RecentBodies,
  keep: boolean,
): Promise<LoadedBodies> {
  const found = new Map<string, StoredQuestion>();
  let wanted: Wanted[] = [];
  for (const id of new Set(ids)) {
    const entry = source.entry(id);
    const cached = entry && cache.get(id);
    if (cached) found.set(id, cached);
    else if (entry) wanted.push({ id, at: entry.at });
  }
  const damaged = new Map<string, number>();
  const disagreed = new Set<string>();
  for (let round = 0; wanted.length > 0; round++) {
    if (round === MOVED_READS) throw new Error(`${source.dir}: questions kept moving while they were read`);
    const moved: Wanted[] = [];
    for (const [seq, list] of bySeq(wanted)) {
      const read = await readChunkBodies(source, seq, list);
      // A body counts only if its entry still points at the line it came from; one that moved (a
      // newer version, a compaction, its chunk gone) is read again where it points now.
      for (const item of read ?? list.map((gone) => ({ ...gone, body: null }))) {
        const entry = source.entry(item.id);
        if (!entry) continue;
        const now = entry.at;
        if (now.seq !== item.at.seq || now.offset !== item.at.offset || now.length !== item.at.length) {
          moved.push({ id: item.id, at: now });
          continue;
        }
        // Where its entry still points, its line is damaged: that question alone is dropped.
        if (!item.body) {
          damaged.set(item.id, item.at.seq);
          continue;
        }
        // The key is the line's own, never the entry's copy of it.
        const correctId = item.body.correctId ?? null;
        if (correctId !== entry.correctId) disagreed.add(entry.id);
        const question: StoredQuestion = {
          id: entry.id,
          q: item.body.q,
          correctId,
          year: entry.year,
          difficulty: entry.difficulty,
          sources: entry.sources,
        };
        found.set(entry.id, question);
        if (keep) cache.remember(question);
      }
    }
    wanted = moved;
  }
  return { found, damaged, disagreed };
}

function bySeq(wanted: readonly Wanted[]): Map<number, Wanted[]> {
  const groups = new Map<number, Wanted[]>();
  for (const item of wanted) {
    const list = groups.get(item.at.seq);
    if (list) list.push(item);
    else groups.set(item.at.seq, [item]);
  }
  return groups;
}

/**
 * A chunk's bodies, each with where it was read; null when the chunk is gone because compaction
 * moved every one of them elsewhere. Gone with entries still pointing into it: another process
 * rewrote the folder under this read-only view; said, never answered with fewer questions.
 */
async function readChunkBodies(
  source: BodySource,
  seq: number,
  wanted: Wanted[],
): Promise<(Wanted & { body: StoredQuestion | null })[] | null> {
  source.counted(wanted.length);
  try {
    return await readBodies(source.chunkPath(seq), wanted);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (wanted.some(({ id }) => source.entry(id)?.at.seq === seq)) throw error;
    return null;
  }
}
