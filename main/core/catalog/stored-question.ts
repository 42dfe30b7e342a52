// The stored form of a question (the API's, with its derived key and provenance): making it,
// merging a copy that arrives again, and keeping the last few read.
import { answerKeyOf, type AnswerKey } from './answer-key.js';
import { readDifficulty, readYear } from '../api/lenient-fields.js';
import { DIFFICULTIES, type ApiQuestion, type Difficulty } from '../api/schemas.js';
import type { StoredQuestion } from './chunk-file.js';
import type { CatalogEntry, QuestionMeta } from './entry.js';

export function isDifficulty(value: unknown): value is Difficulty {
  return typeof value === 'string' && (DIFFICULTIES as readonly string[]).includes(value);
}

/**
 * Builds the stored form of an API question; `learned` fills fields the question lacks or sent
 * unreadable; `key` when the caller has already asked answerKeyOf (a sync reports its cause).
 */
export function toStored(
  q: ApiQuestion,
  source: string,
  learned: { year?: number | undefined; difficulty?: Difficulty | undefined } = {},
  key: AnswerKey = answerKeyOf(q),
): StoredQuestion {
  return {
    id: q.id,
    q,
    correctId: key.id,
    year: readYear(q.year) ?? learned.year ?? null,
    difficulty: readDifficulty(q.difficulty) ?? learned.difficulty ?? null,
    sources: [source],
  };
}

/** A question arriving again keeps what the earlier copy knew and the new one lacks. */
export function merge<Q extends QuestionMeta>(older: CatalogEntry, newer: Q): Q {
  return {
    ...newer,
    year: newer.year ?? older.year,
    difficulty: newer.difficulty ?? older.difficulty,
    sources: [...new Set([...older.sources, ...newer.sources])],
  };
}

/** The last few bodies read, least recently used out first (a Map keeps insertion order). */
export class RecentBodies {
  private readonly kept = new Map<string, StoredQuestion>();

  constructor(private readonly capacity: number) {}

  get(id: string): StoredQuestion | undefined {
    return this.kept.get(id);
  }

  remember(question: StoredQuestion) {
    this.kept.delete(question.id);
    this.kept.set(question.id, question);
    if (this.kept.size > this.capacity) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
  }

  /** A newer version replaces a kept one (never adds). */
  update(question: StoredQuestion) {
    if (this.kept.has(question.id)) this.kept.set(question.id, question);
  }

  delete(id: string) {
    this.kept.delete(id);
  }

  clear() {
    this.kept.clear();
  }
}
