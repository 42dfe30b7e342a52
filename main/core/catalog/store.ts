// The offline catalog: append-only chunk files (each holds the pages that arrived
// while the previous write was running: group commit), so a page costs a share of
// one small atomic write instead of rewriting tens of MB, and a crash at any moment
// leaves whole pages or nothing. Compaction merges chunks when they pile up.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { correctAlternativeId } from './answer-key.js';
import { DIFFICULTIES, type ApiExam, type ApiQuestion, type Difficulty, type Product } from '../api/schemas.js';
import { JsonFile } from '../util/json-file.js';
import { TEMP_FILE } from '../util/durable-file.js';
import { WRITABLE_SILENT, type StorageContext } from '../util/storage.js';

export interface StoredQuestion {
  id: string;
  /** The question as the API sent it, extra fields included. */
  q: ApiQuestion;
  /** Derived answer key: id of the correct alternative; null = not gradable. */
  correctId: string | null;
  /** From the question, or learned from the filtered listing it came from. */
  year: number | null;
  difficulty: Difficulty | null;
  /** Provenance: 'api:enem', 'api:vestibulares', 'pack:<id>'. */
  sources: string[];
}

/** One fetched page inside a chunk: its questions are the next `count` of the chunk's list. */
export interface PageMeta {
  /** Canonical key of the filtered listing the page belongs to. */
  listing: string;
  page: number;
  total: number;
  count: number;
}

interface Chunk {
  seq: number;
  /** Sync run that wrote it (resume reads only the current run's pages); null for packs and compaction. */
  run: string | null;
  pages: PageMeta[];
  questions: StoredQuestion[];
  /** Records here replace earlier ones instead of merging with them (source removal). */
  replace?: boolean;
  /** Ids deleted from the catalog by this chunk (a pack removed). */
  removed?: string[];
}

// Chunks are our own files: the envelope is checked, the questions were validated when they arrived.
const chunkSchema = z.object({
  seq: z.number().int(),
  run: z.string().nullable(),
  pages: z.array(
    z.object({
      listing: z.string(),
      page: z.number().int(),
      total: z.number().int(),
      count: z.number().int().nonnegative(),
    }),
  ),
  questions: z.array(z.custom<StoredQuestion>((v) => typeof (v as StoredQuestion | null)?.id === 'string')),
  replace: z.boolean().optional(),
  removed: z.array(z.string()).optional(),
});

export interface StoredPage {
  total: number;
  ids: string[];
}

const examsSchema = z.record(z.string(), z.array(z.custom<ApiExam>((v) => typeof v === 'object' && v !== null)));

export interface Subject {
  id: string;
  name: string;
}

/** Every image a set of questions shows (statements and alternatives), each once. */
export function imageUrlsOf(questions: Iterable<StoredQuestion>): Set<string> {
  const urls = new Set<string>();
  for (const { q } of questions) {
    if (q.imageUrl) urls.add(q.imageUrl);
    for (const alternative of q.alternatives) if (alternative.imageUrl) urls.add(alternative.imageUrl);
  }
  return urls;
}

export function isDifficulty(value: unknown): value is Difficulty {
  return typeof value === 'string' && (DIFFICULTIES as readonly string[]).includes(value);
}

/** Builds the stored form of an API question; `learned` fills fields the question lacks. */
export function toStored(
  q: ApiQuestion,
  source: string,
  learned: { year?: number | undefined; difficulty?: Difficulty | undefined } = {},
): StoredQuestion {
  return {
    id: q.id,
    q,
    correctId: correctAlternativeId(q),
    year: typeof q.year === 'number' ? q.year : (learned.year ?? null),
    difficulty: isDifficulty(q.difficulty) ? q.difficulty : (learned.difficulty ?? null),
    sources: [source],
  };
}

function merge(older: StoredQuestion, newer: StoredQuestion): StoredQuestion {
  return {
    ...newer,
    year: newer.year ?? older.year,
    difficulty: newer.difficulty ?? older.difficulty,
    sources: [...new Set([...older.sources, ...newer.sources])],
  };
}

const CHUNK_NAME = /^(\d{8})\.json$/;
const COMPACT_SIZE = 5_000;
/** Compaction pays off once this many chunk files exist or half the records are superseded. */
const COMPACT_FILES = 1_000;

export class CatalogStore {
  private readonly questions = new Map<string, StoredQuestion>();
  private readonly chunkMeta = new Map<
    number,
    { run: string | null; pages: (PageMeta & { ids: string[] })[]; records: number }
  >();
  private exams: Record<string, ApiExam[]> = {};
  private nextSeq = 1;
  private subjectCache: { list: Subject[]; byId: Map<string, string> } | null = null;

  private constructor(
    readonly dir: string,
    private readonly storage: StorageContext,
  ) {}

  private get chunkDir() {
    return join(this.dir, 'chunks');
  }

  private chunkFile(seq: number) {
    return new JsonFile(join(this.chunkDir, `${String(seq).padStart(8, '0')}.json`), chunkSchema, {
      kind: 'catalog-chunk',
      ...this.storage,
    });
  }

  private get examsFile() {
    return new JsonFile(join(this.dir, 'exams.json'), examsSchema, { kind: 'exams', ...this.storage });
  }

  /** Loads the whole catalog: chunks in sequence order, later pages overriding earlier ones. */
  static async open(dir: string, storage: StorageContext = WRITABLE_SILENT): Promise<CatalogStore> {
    const store = new CatalogStore(dir, storage);
    if (!storage.readOnly) await mkdir(store.chunkDir, { recursive: true });
    const names = await readdir(store.chunkDir).catch(() => [] as string[]);
    // Leftovers of a write cut short by a crash: never renamed into place, never part of the catalog.
    // Only the folder's writer removes them: a reader would delete another process's write in flight.
    if (!storage.readOnly) {
      const leftovers = names.filter((name) => TEMP_FILE.test(name) || name.endsWith('.tmp'));
      await Promise.all(leftovers.map((name) => rm(join(store.chunkDir, name), { force: true })));
    }
    const seqs = names
      .map((name) => CHUNK_NAME.exec(name)?.[1])
      .filter((seq): seq is string => seq !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const chunks = await Promise.all(seqs.map((seq) => store.chunkFile(seq).read()));
    for (const chunk of chunks) if (chunk) store.absorb(chunk);
    store.exams = (await store.examsFile.read()) ?? {};
    return store;
  }

  private absorb(chunk: Chunk) {
    for (const id of chunk.removed ?? []) this.questions.delete(id);
    for (const question of chunk.questions) {
      const existing = this.questions.get(question.id);
      this.questions.set(question.id, existing && !chunk.replace ? merge(existing, question) : question);
    }
    let offset = 0;
    const pages = chunk.pages.map((page) => {
      const ids = chunk.questions.slice(offset, offset + page.count).map((q) => q.id);
      offset += page.count;
      return { ...page, ids };
    });
    this.chunkMeta.set(chunk.seq, {
      run: chunk.run,
      pages,
      records: chunk.questions.length + (chunk.removed?.length ?? 0),
    });
    this.nextSeq = Math.max(this.nextSeq, chunk.seq + 1);
    this.subjectCache = null;
  }

  /** Persists one batch (one or more pages, or a pack) in one atomic file write, then makes it visible. */
  async append(questions: StoredQuestion[], run: string | null = null, pages: PageMeta[] = []): Promise<void> {
    const chunk: Chunk = { seq: this.nextSeq++, run, pages, questions };
    await this.chunkFile(chunk.seq).write(chunk);
    this.absorb(chunk);
    this.onChange?.();
  }

  /**
   * Puts these records in place exactly as given (no merging with what was stored) and deletes
   * `removed`, in one atomic chunk write: a crash leaves all of it or none.
   */
  async replace(records: StoredQuestion[], removed: string[] = []): Promise<void> {
    if (records.length === 0 && removed.length === 0) return;
    const chunk: Chunk = { seq: this.nextSeq++, run: null, pages: [], questions: records, replace: true, removed };
    await this.chunkFile(chunk.seq).write(chunk);
    this.absorb(chunk);
    this.onChange?.();
  }

  /** Takes sources away (one atomic write for all of them). */
  async removeSources(sources: string[]): Promise<{ removed: string[]; kept: number }> {
    const removed = new Set<string>();
    const updated = new Map<string, StoredQuestion>();
    for (const question of this.questions.values()) {
      if (!question.sources.some((s) => sources.includes(s))) continue;
      const rest = question.sources.filter((s) => !sources.includes(s));
      if (rest.length === 0) removed.add(question.id);
      else updated.set(question.id, { ...question, sources: rest });
    }
    await this.replace([...updated.values()], [...removed]);
    return { removed: [...removed], kept: updated.size };
  }

  /** Every source some stored question has. */
  sourceSet(): Set<string> {
    const sources = new Set<string>();
    for (const question of this.questions.values()) for (const source of question.sources) sources.add(source);
    return sources;
  }

  /** Pages already stored for a run: listing key → page → its total and ids. */
  pagesOf(run: string): Map<string, Map<number, StoredPage>> {
    const result = new Map<string, Map<number, StoredPage>>();
    for (const meta of this.chunkMeta.values()) {
      if (meta.run !== run) continue;
      for (const page of meta.pages) {
        const pages = result.get(page.listing) ?? new Map<number, StoredPage>();
        pages.set(page.page, { total: page.total, ids: page.ids });
        result.set(page.listing, pages);
      }
    }
    return result;
  }

  /** Whether compaction would pay: many small files, or many superseded records. */
  needsCompaction(): boolean {
    let records = 0;
    for (const meta of this.chunkMeta.values()) records += meta.records;
    return this.chunkMeta.size > COMPACT_FILES || records > this.questions.size * 2;
  }

  /**
   * Rewrites all chunks into few large ones. The new chunks are written before the
   * old are removed: a crash in between leaves duplicates that loading merges.
   * Page records of runs still in progress are dropped, so call it between syncs only.
   */
  async compact(): Promise<void> {
    const oldSeqs = [...this.chunkMeta.keys()];
    const all = [...this.questions.values()];
    const fresh: Chunk[] = [];
    for (let i = 0; i < all.length; i += COMPACT_SIZE) {
      fresh.push({ seq: this.nextSeq++, run: null, pages: [], questions: all.slice(i, i + COMPACT_SIZE) });
    }
    for (const chunk of fresh) await this.chunkFile(chunk.seq).write(chunk);
    await Promise.all(oldSeqs.map((seq) => rm(this.chunkFile(seq).path, { force: true })));
    this.chunkMeta.clear();
    for (const chunk of fresh) this.chunkMeta.set(chunk.seq, { run: null, pages: [], records: chunk.questions.length });
    this.onChange?.();
  }

  /** Exam-list origins present (products, and `pack:<id>` for packs). */
  examOrigins(): string[] {
    return Object.keys(this.exams);
  }

  async removeExams(origins: string[]): Promise<void> {
    if (!origins.some((origin) => origin in this.exams)) return;
    this.exams = Object.fromEntries(Object.entries(this.exams).filter(([origin]) => !origins.includes(origin)));
    await this.examsFile.write(this.exams);
    this.onChange?.();
  }

  async setExams(product: Product, exams: ApiExam[]): Promise<void> {
    await this.mergeExams(product, exams);
  }

  /** The exam catalog a product's own /exams sent (never a pack's list): what provenance reads. */
  productExams(product: Product): readonly ApiExam[] {
    return this.exams[product] ?? [];
  }

  /** Exam lists by origin (a product's /exams, or a pack's). */
  async mergeExams(origin: string, exams: ApiExam[]): Promise<void> {
    this.exams = { ...this.exams, [origin]: exams };
    await this.examsFile.write(this.exams);
    this.onChange?.();
  }

  get size(): number {
    return this.questions.size;
  }

  /** The chunk files this store has read or written (what a summary index is made from). */
  chunkSeqs(): number[] {
    return [...this.chunkMeta.keys()].sort((a, b) => a - b);
  }

  /** Called after every change on disk (the workspace keeps the summary index up to date). */
  onChange: (() => void) | null = null;

  get(id: string): StoredQuestion | undefined {
    return this.questions.get(id);
  }

  all(): IterableIterator<StoredQuestion> {
    return this.questions.values();
  }

  /** Exams from the exam list, plus exams seen only inside questions (the national product has no list). */
  examList(): { id: string; name: string; institution: string | null; type: string | null }[] {
    const byId = new Map<string, { id: string; name: string; institution: string | null; type: string | null }>();
    for (const exam of Object.values(this.exams).flat()) {
      byId.set(exam.id, {
        id: exam.id,
        name: exam.name,
        institution: exam.institution ?? null,
        type: exam.type ?? null,
      });
    }
    for (const { q } of this.questions.values()) {
      const id = q.exam?.id ?? q.exam?.name;
      if (id && !byId.has(id)) byId.set(id, { id, name: q.exam?.name ?? id, institution: null, type: null });
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  }

  /** The API has no subjects endpoint: the index is built from the questions' subject objects. */
  subjects(): Subject[] {
    return this.subjectIndex().list;
  }

  /** A subject's name (its id when no question named it). */
  subjectName(id: string): string {
    return this.subjectIndex().byId.get(id) ?? id;
  }

  private subjectIndex() {
    if (!this.subjectCache) {
      const byId = new Map<string, string>();
      for (const { q } of this.questions.values()) {
        if (!byId.has(q.subject.id) || (q.subject.name && byId.get(q.subject.id) === q.subject.id)) {
          byId.set(q.subject.id, q.subject.name ?? q.subject.id);
        }
      }
      const list = [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
      this.subjectCache = { list, byId };
    }
    return this.subjectCache;
  }
}
