// Compaction: many small chunk files (a sync's group commits, packs, removals) rewritten into few
// large ones, a few thousand bodies at a time (never the whole catalog in memory).
import { rm } from 'node:fs/promises';
import type { BodyAt, Chunk, ChunkMeta, StoredQuestion } from './chunk-file.js';
import type { CatalogState } from './catalog-state.js';

/** Bodies a compaction (or a stream of everything) holds at once. */
export const COMPACT_SIZE = 5_000;
/** Compaction pays off once this many chunk files exist or half the records are superseded. */
const COMPACT_FILES = 1_000;

/** Whether compaction would pay: many small files, or many superseded records. */
export function needsCompaction(state: CatalogState): boolean {
  let records = 0;
  for (const meta of state.chunkMeta.values()) records += meta.records;
  return state.chunkMeta.size > COMPACT_FILES || records > state.entries.size * 2;
}

/** What a compaction needs of the store, from inside its write queue. */
export interface CompactionIo {
  /** The store's state now (a load may replace it: a bad saved index made again from the chunks). */
  state(): CatalogState;
  load(ids: readonly string[]): Promise<Map<string, StoredQuestion>>;
  writeChunk(chunk: Chunk): Promise<BodyAt[]>;
  chunkPath(seq: number): string;
}

/**
 * The new chunks are written before the old are removed: a crash in between leaves duplicates that
 * loading merges. Page records of runs still in progress are dropped, so it runs between syncs only.
 */
export async function compactChunks(io: CompactionIo): Promise<void> {
  const oldSeqs = [...io.state().chunkMeta.keys()];
  // In body order: each group of bodies then comes from few chunks (an older one-line chunk is read whole).
  const ids = [...io.state().entries.values()]
    .sort((a, b) => a.at.seq - b.at.seq || a.at.offset - b.at.offset)
    .map((entry) => entry.id);
  const written = new Map<number, ChunkMeta>();
  for (let i = 0; i < ids.length; i += COMPACT_SIZE) {
    const slice = ids.slice(i, i + COMPACT_SIZE);
    const loaded = await io.load(slice);
    const questions = slice.map((id) => loaded.get(id)).filter((question) => question !== undefined);
    const chunk: Chunk = { seq: io.state().nextSeq++, run: null, pages: [], questions };
    const at = await io.writeChunk(chunk);
    questions.forEach((question, n) => {
      const where = at[n];
      if (where) io.state().entries.move(question.id, where);
    });
    written.set(chunk.seq, { run: null, pages: [], records: questions.length });
  }
  await Promise.all(oldSeqs.map((seq) => rm(io.chunkPath(seq), { force: true })));
  const { chunkMeta } = io.state();
  chunkMeta.clear();
  for (const [seq, meta] of written) chunkMeta.set(seq, meta);
}
