// What the first screen needs, and nothing more: one row per question (the library
// list's columns and filters) plus exams and subjects, in catalog/index.json. The
// app reads it at start-up and loads the full catalog behind it. The index names
// the chunk files it was made from; chunks are immutable, so any other set of
// chunks on disk means the index is stale and is ignored.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Facets, QuestionSummary } from '../../../preload/contract.js';
import { matchesFilters, type CatalogQuery } from './query.js';
import type { Difficulty } from '../api/schemas.js';
import { JsonFile } from '../util/json-file.js';
import type { CatalogStore, StoredQuestion, Subject } from './store.js';

/** [id, excerpt, examId, examName, subjectId, year, difficulty, sources, hasImage] */
type Row = [string, string, string | null, string | null, string, number | null, Difficulty | null, string[], boolean];

const indexSchema = z.object({
  version: z.literal(1),
  chunks: z.array(z.number().int()),
  exams: z.array(z.object({ id: z.string(), name: z.string() })),
  subjects: z.array(z.object({ id: z.string(), name: z.string() })),
  // Rows are our own data, written from validated questions: checked by shape, not field by field.
  rows: z.array(z.custom<Row>((v) => Array.isArray(v) && v.length === 9)),
});
type IndexData = z.infer<typeof indexSchema>;

const EXCERPT = 160;

export function excerptOf(statement: string): string {
  const text = statement.replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 3)}…` : text;
}

function rowOf(question: StoredQuestion): Row {
  const { q } = question;
  return [
    question.id,
    excerptOf(q.statement),
    q.exam?.id ?? q.exam?.name ?? null,
    q.exam?.name ?? null,
    q.subject.id,
    question.year,
    question.difficulty,
    question.sources,
    Boolean(q.imageUrl),
  ];
}

// A cache of the chunks: a bad copy is ignored and rewritten, nobody needs telling.
const indexFile = (dir: string) =>
  new JsonFile(join(dir, 'index.json'), indexSchema, { kind: 'catalog-index', derived: true });

export async function chunkSeqs(dir: string): Promise<number[]> {
  const names = await readdir(join(dir, 'chunks')).catch(() => [] as string[]);
  return names
    .map((name) => /^(\d{8})\.json$/.exec(name)?.[1])
    .filter((seq): seq is string => seq !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Writes the index of the store as it is now (the chunks it has read are the ones on disk). */
export async function writeSummaryIndex(store: CatalogStore): Promise<void> {
  const data: IndexData = {
    version: 1,
    chunks: store.chunkSeqs(),
    exams: store.examList().map(({ id, name }) => ({ id, name })),
    subjects: store.subjects(),
    rows: [...store.all()].map(rowOf),
  };
  await indexFile(store.dir).write(data);
}

export class SummaryIndex {
  private constructor(private readonly data: IndexData) {}

  /** The index, if it matches the chunks on disk; null when absent, unreadable or stale. */
  static async open(dir: string): Promise<SummaryIndex | null> {
    const data = await indexFile(dir)
      .read()
      .catch(() => null); // unreadable (permissions): the catalog itself still loads
    if (!data) return null;
    const seqs = await chunkSeqs(dir);
    if (seqs.length !== data.chunks.length || seqs.some((seq, i) => seq !== data.chunks[i])) return null;
    return new SummaryIndex(data);
  }

  get size(): number {
    return this.data.rows.length;
  }

  facets(): Facets {
    const years = new Set<number>();
    const sources = new Set<string>();
    for (const row of this.data.rows) {
      if (row[5] !== null) years.add(row[5]);
      row[7].forEach((s) => sources.add(s));
    }
    return {
      total: this.data.rows.length,
      exams: this.data.exams,
      subjects: this.data.subjects,
      years: [...years].sort((a, b) => b - a),
      sources: [...sources].sort(),
    };
  }

  /** The library's filters except text (text needs the full questions). */
  query(filter: CatalogQuery): QuestionSummary[] {
    const subjects = new Map<string, string>(this.data.subjects.map((s: Subject) => [s.id, s.name]));
    const out: QuestionSummary[] = [];
    for (const [id, excerpt, examId, examName, subjectId, year, difficulty, sources, hasImage] of this.data.rows) {
      if (!matchesFilters({ sources, examId, examName, year, subjectId, difficulty }, filter)) continue;
      out.push({
        id,
        excerpt,
        exam: examName,
        subject: subjects.get(subjectId) ?? subjectId,
        year,
        difficulty,
        hasImage,
      });
    }
    return out;
  }
}
