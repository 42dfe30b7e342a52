// A question as an attempt (or a paper exam) keeps it: its text, alternatives, key, subject and
// area, and its images by hash, so that nothing later in the catalog changes it.
import type { CatalogStore, StoredQuestion } from '../catalog/store.js';
import { explanationOf, type ExplanationStore } from '../catalog/explanations.js';
import type { ImageCache } from '../images/cache.js';
import { areaOf } from './areas.js';
import type { ImageRef, SnapshotQuestion } from './model.js';

export interface SnapshotSources {
  store: CatalogStore;
  images: ImageCache;
  /** Worked solutions (a tutor's), when there are any. */
  explanations?: ExplanationStore;
}

function imageRef(images: ImageCache, url: string | null | undefined): ImageRef {
  if (!url) return null;
  const hit = images.resolve(url);
  return hit ? { url, sha256: hit.sha256, mime: hit.mime } : { url };
}

/** The question's snapshot; an empty one (shown as such) when it is gone. */
export function snapshotOf(
  sources: SnapshotSources,
  question: StoredQuestion | undefined,
  id: string,
): SnapshotQuestion {
  if (!question) {
    // Gone before this attempt got its snapshot (an attempt of an older version): shown as such.
    return {
      id,
      baseId: id,
      statement: '',
      image: null,
      subject: '',
      area: null,
      exam: null,
      year: null,
      difficulty: null,
      alternatives: [],
      correctId: null,
      explanation: null,
      explanationImage: null,
    };
  }
  const { store, images } = sources;
  const explanation = sources.explanations?.for(question.id, question.q) ?? explanationOf(question.q);
  return {
    id: question.id,
    baseId: question.q.id,
    statement: question.q.statement,
    image: imageRef(images, question.q.imageUrl),
    subject: store.subjectName(question.q.subject.id),
    area: areaOf(store.subjectName(question.q.subject.id)),
    exam: question.q.exam?.name ?? null,
    year: question.year,
    difficulty: question.difficulty,
    alternatives: question.q.alternatives.map((a) => ({
      id: a.id,
      letter: a.letter,
      text: a.text,
      image: imageRef(images, a.imageUrl),
    })),
    correctId: question.correctId,
    explanation: explanation?.text ?? null,
    explanationImage: imageRef(images, explanation?.image),
  };
}
