// What the catalog keeps in memory for each question: the library's columns and filters, what
// exam building and grading decide on, and where its body is. Statements and alternatives stay on
// disk (a question's body is read when a screen, an exam, a pack or a print needs it), so memory
// follows the number of questions, not the length of their texts.
import type { Difficulty } from '../api/schemas.js';
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
  /** The library row's text: the statement's first characters. */
  excerpt: string;
  /** Every image the question shows (statement and alternatives), for the cache's upkeep. */
  images: readonly string[];
  at: BodyAt;
}

const EXCERPT = 160;

export function excerptOf(statement: string): string {
  const text = statement.replace(/\s+/g, ' ').trim();
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
  private readonly values = new Map<string, unknown>();

  private shared<T>(key: string, value: T): T {
    const existing = this.values.get(key);
    if (existing !== undefined) return existing as T;
    this.values.set(key, value);
    return value;
  }

  subject(subject: { id: string; name?: string | undefined }): QuestionHead['subject'] {
    return this.shared(
      `s\u0000${subject.id}\u0000${subject.name ?? '\u0001'}`,
      subject.name === undefined ? { id: subject.id } : { id: subject.id, name: subject.name },
    );
  }

  exam(exam: QuestionHead['exam']): QuestionHead['exam'] {
    if (!exam) return null;
    return this.shared(`e\u0000${exam.id ?? '\u0001'}\u0000${exam.name ?? '\u0001'}`, {
      ...(exam.id !== undefined && { id: exam.id }),
      ...(exam.name !== undefined && { name: exam.name }),
    });
  }

  sources(sources: string[]): string[] {
    return this.shared(`o\u0000${sources.join('\u0000')}`, sources);
  }
}

export function entryOf(question: StoredQuestion, at: BodyAt, interner: Interner): CatalogEntry {
  const { q } = question;
  const head: QuestionHead = {
    id: q.id,
    subject: interner.subject(q.subject),
    exam: interner.exam(q.exam),
    ...(q.imageUrl && { imageUrl: q.imageUrl }),
    ...(q.sealedAnswer !== undefined && { sealedAnswer: q.sealedAnswer }),
    ...(q.enemOrigin !== undefined && { enemOrigin: q.enemOrigin }),
  };
  const images = [...imageUrlsOf([question])];
  return {
    id: question.id,
    q: head,
    correctId: question.correctId,
    year: question.year,
    difficulty: question.difficulty,
    sources: interner.sources(question.sources),
    excerpt: excerptOf(q.statement),
    images: images.length === 0 ? NO_IMAGES : images,
    at,
  };
}

export const NO_IMAGES: readonly string[] = Object.freeze([]);

/** The text the search index holds for a question: its statement and its alternatives. */
export function searchTextOf(question: StoredQuestion): string {
  return [question.q.statement, ...question.q.alternatives.map((a) => a.text)].join('\n');
}
