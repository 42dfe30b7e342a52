// Offline queries over the cached catalog: a linear scan of the in-memory entries for the
// filters (single-digit milliseconds at 50,000 questions, docs/performance.md), the search
// index for words, and the bodies of the few candidates only for a "quoted phrase".
import { z } from 'zod';
import { difficultySchema, productSchema, type Difficulty, type Product } from '../api/schemas.js';
import { searchTextOf } from './entry.js';
import { foldText } from './fold.js';
import type { CatalogEntry, CatalogStore, QuestionMeta } from './store.js';

export { foldText } from './fold.js';

/** Long enough for a pasted ENEM passage. */
export const SEARCH_MAX_CHARS = 5000;
const SEARCH_MAX_TERMS = 16;

export const catalogQuerySchema = z.object({
  product: productSchema.optional(),
  examId: z.string().min(1).optional(),
  year: z.number().int().optional(),
  subjectId: z.string().min(1).optional(),
  difficulty: difficultySchema.optional(),
  /** 'api', or an exact source such as 'pack:<id>'. */
  source: z.string().min(1).optional(),
  text: z.string().max(SEARCH_MAX_CHARS).optional(),
});
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

/** The fields every non-text filter looks at: a stored question and a summary-index row both have them. */
export interface FilterFields {
  sources: readonly string[];
  examId: string | null | undefined;
  examName: string | null | undefined;
  year: number | null;
  subjectId: string;
  difficulty: string | null;
}

/**
 * The library's filters except text, on one question's fields. Queries run on the columns instead
 * (`queryCatalog` → `store.select`), through the same two pieces below; this whole-question form is
 * what the store test checks `select` against.
 */
export function matchesFilters(fields: FilterFields, query: CatalogQuery): boolean {
  if (!sourcesMatch(fields.sources, query)) return false;
  if (!examMatches(fields.examId, fields.examName, query)) return false;
  if (query.year !== undefined && fields.year !== query.year) return false;
  if (query.subjectId && fields.subjectId !== query.subjectId) return false;
  if (query.difficulty && fields.difficulty !== query.difficulty) return false;
  return true;
}

function sourcesMatch(sources: readonly string[], query: CatalogQuery): boolean {
  if (query.product && !sources.includes(`api:${query.product}`)) return false;
  const wanted = query.source;
  return !wanted || sources.some((s) => s === wanted || (wanted === 'api' && s.startsWith('api:')));
}

function examMatches(id: string | null | undefined, name: string | null | undefined, query: CatalogQuery): boolean {
  return !query.examId || id === query.examId || name === query.examId;
}

/** The non-text filters on a question's entry (or a whole question). */
export function matchesQuestion(question: QuestionMeta, query: CatalogQuery): boolean {
  const { q } = question;
  return matchesFilters(
    {
      sources: question.sources,
      examId: q.exam?.id,
      examName: q.exam?.name,
      year: question.year,
      subjectId: q.subject.id,
      difficulty: question.difficulty,
    },
    query,
  );
}

/**
 * Words must all appear; "quoted text" must appear as written (accents and case aside). A pasted
 * passage (an ENEM text of 2,000 characters) is searched by its most telling words: the longest
 * distinct ones, which a question holding that passage contains and few others do.
 */
export function searchTerms(text: string): string[] {
  // A quoted phrase is kept as written; a loose word loses the punctuation around it ("função," → "função").
  const terms = [...foldText(text).matchAll(/"([^"]+)"|(\S+)/g)]
    .map((m) => (m[1] ?? (m[2] ?? '').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')).trim())
    .filter(Boolean);
  if (terms.length <= SEARCH_MAX_TERMS) return terms;
  return [...new Set(terms)].sort((a, b) => b.length - a.length).slice(0, SEARCH_MAX_TERMS);
}

/**
 * The entries matching the query. Words come from the search index (each a prefix of a word in the
 * statement or an alternative); a quoted phrase is then checked in the bodies of those candidates.
 */
export async function queryCatalog(store: CatalogStore, query: CatalogQuery): Promise<CatalogEntry[]> {
  const terms = searchTerms(query.text ?? '');
  if (terms.length > 0 && !store.searchable) throw new Error('the catalog was opened without its search index');
  const hits = terms.length > 0 ? await store.matchWords(terms) : null;
  // On the catalog's columns: each subject, exam and source list is tested once, not once a question.
  const result = store.select({
    subject: (subject) => !query.subjectId || subject.id === query.subjectId,
    exam: (exam) => examMatches(exam?.id, exam?.name, query),
    sources: (sources) => sourcesMatch(sources, query),
    year: query.year,
    difficulty: query.difficulty,
    ids: hits,
  });
  const phrases = terms.filter((term) => /[^\p{L}\p{N}]/u.test(term));
  if (phrases.length === 0 || result.length === 0) return result;
  const kept = new Set<string>();
  for await (const questions of store.stream(result.map((entry) => entry.id))) {
    for (const question of questions) {
      const text = foldText(searchTextOf(question));
      if (phrases.every((phrase) => text.includes(phrase))) kept.add(question.id);
    }
  }
  return result.filter((entry) => kept.has(entry.id));
}

export interface CatalogStats {
  total: number;
  byProduct: Partial<Record<Product, number>>;
  byExam: Record<string, number>;
  bySubject: Record<string, number>;
  byYear: Record<string, number>;
  byDifficulty: Partial<Record<Difficulty | 'unknown', number>>;
  bySource: Record<string, number>;
  notGradable: number;
}

export function catalogStats(store: CatalogStore): CatalogStats {
  const stats: CatalogStats = {
    total: 0,
    byProduct: {},
    byExam: {},
    bySubject: {},
    byYear: {},
    byDifficulty: {},
    bySource: {},
    notGradable: 0,
  };
  const add = (record: Record<string, number>, key: string, n: number) => {
    record[key] = (record[key] ?? 0) + n;
  };
  // From the columns' counts: no entry is made for any question.
  const tally = store.tally();
  stats.total = tally.total;
  stats.notGradable = tally.keyless;
  for (const [sources, n] of tally.sourceLists)
    for (const source of sources) {
      add(stats.bySource, source, n);
      if (source.startsWith('api:')) add(stats.byProduct, source.slice(4), n);
    }
  for (const [exam, n] of tally.exams) add(stats.byExam, exam?.name ?? 'unknown', n);
  for (const [subject, n] of tally.subjects) add(stats.bySubject, store.subjectName(subject.id), n);
  for (const [year, n] of tally.years) add(stats.byYear, year === null ? 'unknown' : String(year), n);
  for (const [difficulty, n] of tally.difficulties) add(stats.byDifficulty, difficulty ?? 'unknown', n);
  return stats;
}
