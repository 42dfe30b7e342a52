// Shapes cached questions for the renderer. The answer key never leaves here:
// QuestionView has no isCorrect and no correctAlternative; `reveal` is separate
// and refuses questions locked by a running exam attempt (core/exams/visibility.ts decides).
import type { Facets, QuestionPage, QuestionSummary, QuestionView } from '../../preload/contract.js';
import { queryCatalog, type CatalogQuery } from '../core/catalog/query.js';
import { excerptOf } from '../core/catalog/entry.js';
import type { CatalogEntry, CatalogStore } from '../core/catalog/store.js';
import type { PublicRecord } from '../core/exams/visibility.js';
import type { ImageCache } from '../core/images/cache.js';

export type ImageUrl = (sha256: string) => string;

const MISSING_IMAGE = 'missing';

/** What a library row is made from: an entry without its key (a row never needs it). */
export type LibraryEntry = Omit<CatalogEntry, 'correctId'>;

function summaryOf(entry: LibraryEntry, excerpt: string, store: CatalogStore): QuestionSummary {
  return {
    id: entry.id,
    excerpt,
    exam: entry.q.exam?.name ?? null,
    subject: store.subjectName(entry.q.subject.id),
    year: entry.year,
    difficulty: entry.difficulty,
    hasImage: Boolean(entry.q.imageUrl),
  };
}

export class Library {
  /** The ids of the last result (the catalog's own strings): entries are views, made for the rows shown. */
  private cached: { key: string; size: number; ids: string[] } | null = null;

  constructor(
    private readonly store: () => CatalogStore,
    private readonly images: () => ImageCache,
    private readonly imageUrl: ImageUrl,
  ) {}

  facets(): Facets {
    const store = this.store();
    const years = new Set<number>();
    const sources = new Set<string>();
    for (const question of store.all()) {
      if (question.year !== null) years.add(question.year);
      question.sources.forEach((s) => sources.add(s));
    }
    return {
      total: store.size,
      exams: store.examList().map(({ id, name }) => ({ id, name })),
      subjects: store.subjects(),
      years: [...years].sort((a, b) => b - a),
      sources: [...sources].sort(),
    };
  }

  /** Pages of one filtered result; the result is kept while the user scrolls through it. */
  async query(filter: CatalogQuery, offset: number, limit: number): Promise<QuestionPage> {
    const store = this.store();
    const key = JSON.stringify(filter);
    // A new result's first page is read from the entries the query made: no id is looked up, so a
    // start's first page does not wait for the catalog's map of ids (entry-columns.ts).
    let fresh: CatalogEntry[] | null = null;
    if (!this.cached || this.cached.key !== key || this.cached.size !== store.size) {
      fresh = await queryCatalog(store, filter);
      this.cached = { key, size: store.size, ids: fresh.map((entry) => entry.id) };
    }
    const shown = fresh
      ? fresh.slice(offset, offset + limit)
      : this.cached.ids
          .slice(offset, offset + limit)
          .map((id) => store.get(id))
          .filter((entry): entry is CatalogEntry => entry !== undefined);
    // Each row's excerpt from its body (read for these only); a row is made from the entry without its key.
    const excerpts = new Map((await store.loadEntries(shown)).map((q) => [q.id, excerptOf(q.q.statement)]));
    const rows: readonly LibraryEntry[] = shown;
    return {
      total: this.cached.ids.length,
      offset,
      items: rows.map((entry) => summaryOf(entry, excerpts.get(entry.id) ?? '', store)),
    };
  }

  invalidate() {
    this.cached = null;
  }

  /** What the renderer may load for an image URL: the cache protocol URL, 'missing', or null. */
  imageFor(url: string | null | undefined): string | null {
    if (!url) return null;
    const hit = this.images().resolve(url);
    return hit ? this.imageUrl(hit.sha256) : MISSING_IMAGE;
  }

  view(question: PublicRecord): QuestionView {
    return {
      id: question.id,
      statement: question.statement,
      image: this.imageFor(question.imageUrl),
      exam: question.exam,
      subject: this.store().subjectName(question.subjectId),
      year: question.year,
      difficulty: question.difficulty,
      sources: question.sources,
      gradable: question.gradable,
      alternatives: question.alternatives.map((a) => ({
        id: a.id,
        letter: a.letter,
        text: a.text,
        image: this.imageFor(a.imageUrl),
      })),
    };
  }
}
