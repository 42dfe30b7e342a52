// What the catalog keeps in memory for each question: the library's filters, what exam building and
// grading decide on, and where its body is. Statements and alternatives stay on disk (a question's
// body is read when a screen, an exam, a pack, a print or a library row needs it: its excerpt is
// made from the body, for the rows shown), so memory follows the number of questions, not the
// length of their texts. The entries are held as columns (entry-columns.ts); these are the shapes
// code reads them through.
import type { ApiExam, Difficulty } from '../api/schemas.js';
import type { BodyAt, StoredQuestion } from './chunk-file.js';

/** The fields of a question every filter and the exam builder read (a stored question has them too). */
export interface QuestionHead {
  id: string;
  subject: { id: string; name?: string | undefined };
  exam?: { id?: string | undefined; name?: string | undefined } | null | undefined;
  imageUrl?: string | null | undefined;
  /** A sealed pack's question (its key is released later): see packs/seal.ts. */
  sealedAnswer?: unknown;
  /** A pack's question that came from the national exam (catalog/provenance.ts). */
  enemOrigin?: unknown;
}

/** What an entry is made from (entry-columns.ts): a question's head and each alternative's image. */
export interface EntryHead extends QuestionHead {
  alternatives: { imageUrl?: string | null | undefined }[];
}

/** What metadata-only code takes: a catalog entry or a whole stored question. */
export interface QuestionMeta {
  id: string;
  q: QuestionHead;
  correctId: string | null;
  year: number | null;
  difficulty: Difficulty | null;
  sources: string[];
}

export interface CatalogEntry extends QuestionMeta {
  /** Whether it has an answer key: what exam building asks of 50,000 entries, without reading the key. */
  keyed: boolean;
  /** Every image the question shows (statement and alternatives), for the cache's upkeep. */
  images: readonly string[];
  at: BodyAt;
}

const EXCERPT = 160;

export function excerptOf(statement: string): string {
  // An ENEM passage runs to thousands of characters: only its start is looked at, unless that start
  // is mostly blank space.
  const start = statement.length > EXCERPT * 4 ? statement.slice(0, EXCERPT * 4) : statement;
  let text = start.replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT && start !== statement) text = statement.replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 3)}…` : text;
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

/** The same for entries (no body read). */
export function entryImageUrls(entries: Iterable<CatalogEntry>): Set<string> {
  const urls = new Set<string>();
  for (const entry of entries) for (const url of entry.images) urls.add(url);
  return urls;
}

/** The text the search index holds for a question: its statement and its alternatives. */
export function searchTextOf(question: StoredQuestion): string {
  return [question.q.statement, ...question.q.alternatives.map((a) => a.text)].join('\n');
}

/** Names in Portuguese order (`localeCompare(b, 'pt-BR')`), by one collator made when first needed (~6 ms). */
let collator: Intl.Collator | null = null;
const compareNames = (a: string, b: string) => (collator ??= new Intl.Collator('pt-BR')).compare(a, b);

/** What a subject the server sent without a readable name is shown as (its uuid means nothing to a student). */
export const NO_NAME = '—';

/**
 * The API has no subjects endpoint: the subjects are those the questions name (a name wins over
 * none). `byId` is what a library row needs; the sorted `list` (the filters) is made when first read.
 */
export function subjectsOf(subjects: Iterable<QuestionHead['subject']>): {
  readonly list: { id: string; name: string }[];
  byId: Map<string, string>;
} {
  const byId = new Map<string, string>();
  for (const subject of subjects) {
    if (!byId.has(subject.id) || (subject.name && byId.get(subject.id) === NO_NAME)) {
      byId.set(subject.id, subject.name ?? NO_NAME);
    }
  }
  let list: { id: string; name: string }[] | null = null;
  return {
    byId,
    get list() {
      return (list ??= [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => compareNames(a.name, b.name)));
    },
  };
}

// A type, not an interface: pack exam lists take it where any object is allowed.
export type ExamListItem = { id: string; name: string; institution: string | null; type: string | null };

/** The exams of the exam lists, and those seen only inside questions, by name. */
export function examListOf(listed: readonly ApiExam[], entries: Iterable<CatalogEntry>): ExamListItem[] {
  const byId = new Map<string, ExamListItem>();
  for (const exam of listed)
    byId.set(exam.id, { id: exam.id, name: exam.name, institution: exam.institution ?? null, type: exam.type ?? null });
  for (const { q } of entries) {
    const id = q.exam?.id ?? q.exam?.name;
    if (id && !byId.has(id)) byId.set(id, { id, name: q.exam?.name ?? id, institution: null, type: null });
  }
  return [...byId.values()].sort((a, b) => compareNames(a.name, b.name));
}
