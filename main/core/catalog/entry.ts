// What the catalog keeps in memory for each question: the library's filters, what exam building and
// grading decide on, and where its body is. Statements and alternatives stay on disk (a question's
// body is read when a screen, an exam, a pack, a print or a library row needs it: its excerpt is
// made from the body, for the rows shown), so memory follows the number of questions, not the
// length of their texts.
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

/**
 * Shares equal small values between entries: 50,000 questions name a few dozen subjects, exams and
 * source lists, and one object each instead of one per question is a large part of the saving.
 */
export class Interner {
  // Two levels of maps (id, then name) rather than one string key: no string is built per question.
  private readonly subjects = new Map<string, Map<string | undefined, QuestionHead['subject']>>();
  private readonly exams = new Map<string | undefined, Map<string | undefined, NonNullable<QuestionHead['exam']>>>();
  private readonly sourceLists = new Map<string, string[]>();

  subject(subject: { id: string; name?: string | undefined }): QuestionHead['subject'] {
    const { id, name } = subject;
    let byName = this.subjects.get(id);
    if (!byName) this.subjects.set(id, (byName = new Map()));
    let shared = byName.get(name);
    if (!shared) byName.set(name, (shared = name === undefined ? { id } : { id, name }));
    return shared;
  }

  exam(exam: QuestionHead['exam']): QuestionHead['exam'] {
    if (!exam) return null;
    const { id, name } = exam;
    let byName = this.exams.get(id);
    if (!byName) this.exams.set(id, (byName = new Map()));
    let shared = byName.get(name);
    if (!shared) {
      shared = {};
      if (id !== undefined) shared.id = id;
      if (name !== undefined) shared.name = name;
      byName.set(name, shared);
    }
    return shared;
  }

  sources(sources: string[]): string[] {
    const key = sources.length === 1 ? (sources[0] ?? '') : sources.join('\u0000');
    const shared = this.sourceLists.get(key);
    if (shared) return shared;
    this.sourceLists.set(key, sources);
    return sources;
  }
}

export function entryOf(question: StoredQuestion, at: BodyAt, interner: Interner): CatalogEntry {
  const { q } = question;
  // Built field by field: a sync makes 50,000 of these, spreads would add three objects each.
  const head: QuestionHead = { id: q.id, subject: interner.subject(q.subject), exam: interner.exam(q.exam) };
  if (q.imageUrl) head.imageUrl = q.imageUrl;
  if (q.sealedAnswer !== undefined) head.sealedAnswer = q.sealedAnswer;
  if (q.enemOrigin !== undefined) head.enemOrigin = q.enemOrigin;
  let images: string[] | null = q.imageUrl ? [q.imageUrl] : null;
  for (const alternative of q.alternatives) {
    const url = alternative.imageUrl;
    if (url && !images?.includes(url)) (images ??= []).push(url);
  }
  return {
    id: question.id,
    q: head,
    correctId: question.correctId,
    year: question.year,
    difficulty: question.difficulty,
    sources: interner.sources(question.sources),
    images: images ?? NO_IMAGES,
    at,
  };
}

export const NO_IMAGES: readonly string[] = Object.freeze([]);

/** The text the search index holds for a question: its statement and its alternatives. */
export function searchTextOf(question: StoredQuestion): string {
  return [question.q.statement, ...question.q.alternatives.map((a) => a.text)].join('\n');
}

/** The API has no subjects endpoint: the subjects are those the questions name (a name wins over none). */
export function subjectsOf(entries: Iterable<QuestionMeta>): {
  list: { id: string; name: string }[];
  byId: Map<string, string>;
} {
  const byId = new Map<string, string>();
  for (const { q } of entries) {
    if (!byId.has(q.subject.id) || (q.subject.name && byId.get(q.subject.id) === q.subject.id)) {
      byId.set(q.subject.id, q.subject.name ?? q.subject.id);
    }
  }
  const list = [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  return { list, byId };
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
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}
