// The attempts on disk and in memory. Each attempt is two lowdb documents over the durable adapter
// (util/document.ts): its state (attempts/<id>.json, a .bak generation) and the questions as they were at start
// (attempts/<id>.questions.json, written once, rewritten only when a sealed pack is released), so
// results never depend on the catalog. Every save is durable before it returns; closing waits for
// the saves in flight.
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogStore, StoredQuestion } from '../catalog/store.js';
import type { ExplanationStore } from '../catalog/explanations.js';
import type { ImageCache } from '../images/cache.js';
import type { Low } from 'lowdb';
import { createDocument, documentOf, readDocument } from '../util/document.js';
import { JsonFile, type NoticeSink } from '../util/json-file.js';
import { attemptQuestionsSchema, attemptSchema, type Attempt, type ImageRef, type SnapshotQuestion } from './model.js';
import { snapshotOf } from './snapshot.js';

const MISSING_IMAGE = 'missing';

/** Entries before the first repeat of a review session: the saved questions are theirs. */
function originalCount(attempt: Attempt): number {
  const first = attempt.questions.findIndex((entry) => entry.repeatOf !== null);
  return first < 0 ? attempt.questions.length : first;
}

/** The saved questions entry by entry: a repeat shows the question of the entry it repeats. */
function entriesOf(attempt: Attempt, saved: SnapshotQuestion[]): SnapshotQuestion[] {
  if (saved.length === attempt.questions.length) return saved;
  return attempt.questions.flatMap((entry, index) => saved[entry.repeatOf ?? index] ?? []);
}

export interface AttemptStoreDeps {
  dir: string;
  store: () => CatalogStore;
  images: () => ImageCache;
  /** Worked solutions by question id (none in tests that do not need them). */
  explanations?: () => ExplanationStore;
  /** The address the renderer loads a cached image by (its hash). */
  imageUrl: (sha256: string) => string;
  notices?: NoticeSink;
  now: () => number;
}

export class AttemptStore {
  private readonly attempts = new Map<string, Attempt>();
  /** One lowdb document per attempt, over one durable file: every save goes through the same queue. */
  private readonly docs = new Map<string, Low<Attempt>>();
  private readonly snapshots = new Map<string, SnapshotQuestion[]>();
  /** Saves in flight: closing waits for them, so the folder's lock is never released mid-write. */
  private readonly inFlight = new Set<Promise<void>>();

  private constructor(private readonly deps: AttemptStoreDeps) {}

  /** Loads every attempt; a damaged file is set aside and its .bak used (a notice says so). */
  static async open(deps: AttemptStoreDeps): Promise<AttemptStore> {
    const store = new AttemptStore(deps);
    await mkdir(deps.dir, { recursive: true });
    const ids = (await readdir(deps.dir))
      .map((name) => /^([0-9a-f-]{36})\.json(\.bak)?$/.exec(name)?.[1])
      .filter((id): id is string => id !== undefined);
    for (const id of new Set(ids)) {
      const doc = await readDocument(store.file(id));
      if (doc) {
        store.docs.set(doc.data.id, doc);
        store.attempts.set(doc.data.id, doc.data);
        deps.images().pin(doc.data.images);
      }
    }
    return store;
  }

  private file(id: string): JsonFile<Attempt> {
    return new JsonFile(join(this.deps.dir, `${id}.json`), attemptSchema, {
      kind: 'attempt',
      backup: true,
      readOnly: false,
      ...(this.deps.notices && { notices: this.deps.notices }),
    });
  }

  /** The attempt's document: the one its saves go through (made with the attempt's first save). */
  private doc(attempt: Attempt): Low<Attempt> {
    let doc = this.docs.get(attempt.id);
    if (!doc) {
      doc = documentOf(this.file(attempt.id), attempt);
      this.docs.set(attempt.id, doc);
    }
    doc.data = attempt;
    return doc;
  }

  private snapshotFile(id: string) {
    return new JsonFile(join(this.deps.dir, `${id}.questions.json`), attemptQuestionsSchema, {
      kind: 'attempt-questions',
      ...(this.deps.notices && { notices: this.deps.notices }),
    });
  }

  get(id: string): Attempt | undefined {
    return this.attempts.get(id);
  }

  all(): IterableIterator<Attempt> {
    return this.attempts.values();
  }

  running(): Attempt | null {
    for (const attempt of this.attempts.values()) if (attempt.status === 'running') return attempt;
    return null;
  }

  /** Every question id any attempt has held (the builder prefers unseen ones). */
  seen(): Set<string> {
    const ids = new Set<string>();
    for (const attempt of this.attempts.values()) for (const q of attempt.questions) ids.add(q.questionId);
    return ids;
  }

  /** Durable before it returns. Overlapping saves of one attempt coalesce into ordered writes of its latest state. */
  async save(attempt: Attempt): Promise<void> {
    attempt.lastSeenAt = this.deps.now();
    const write = this.doc(attempt).write();
    this.inFlight.add(write);
    try {
      await write;
    } finally {
      this.inFlight.delete(write);
    }
  }

  /** The saved questions of an attempt, read now (a resumed attempt's lock covers them at once). */
  async loadSaved(attempt: Attempt): Promise<void> {
    const saved = (await readDocument(this.snapshotFile(attempt.id)))?.data;
    if (saved?.attemptId === attempt.id && saved.questions.length === originalCount(attempt)) {
      this.snapshots.set(attempt.id, saved.questions);
    }
  }

  /** The questions as the attempt saw them, if already in memory (the lock reads them synchronously). */
  cachedQuestions(attemptId: string): SnapshotQuestion[] | undefined {
    const base = this.snapshots.get(attemptId);
    const attempt = this.attempts.get(attemptId);
    return base && attempt ? entriesOf(attempt, base) : base;
  }

  /** The questions as the attempt saw them; an attempt saved before snapshots existed gets one from the catalog. */
  async questionsOf(attempt: Attempt): Promise<SnapshotQuestion[]> {
    const cached = this.snapshots.get(attempt.id);
    if (cached) return entriesOf(attempt, cached);
    const file = this.snapshotFile(attempt.id);
    const stored = (await readDocument(file))?.data;
    let questions = stored?.attemptId === attempt.id ? stored.questions : null;
    if (!questions || questions.length !== originalCount(attempt)) {
      const store = this.deps.store();
      const ids = attempt.questions.slice(0, originalCount(attempt)).map((entry) => entry.questionId);
      const bodies = new Map((await store.load(ids)).map((question) => [question.id, question]));
      questions = ids.map((id) => this.snapshotOf(bodies.get(id), id));
      await createDocument(file, { attemptId: attempt.id, questions });
      await this.pinImages(attempt, questions);
    }
    this.snapshots.set(attempt.id, questions);
    return entriesOf(attempt, questions);
  }

  /** Replaces an attempt's saved questions (a sealed pack's release puts its keys in), durably. */
  async replaceQuestions(attempt: Attempt, questions: SnapshotQuestion[]): Promise<void> {
    await createDocument(this.snapshotFile(attempt.id), { attemptId: attempt.id, questions });
    this.snapshots.set(attempt.id, questions);
  }

  /**
   * A new attempt's questions first, then the state that points to them, each durable before
   * anything reaches the renderer: a crash right after start loses nothing.
   */
  async keep(attempt: Attempt, snapshot: SnapshotQuestion[]): Promise<void> {
    await this.replaceQuestions(attempt, snapshot);
    this.attempts.set(attempt.id, attempt);
    await this.pinImages(attempt, snapshot);
  }

  /** A catalog question (or a placeholder for one that is gone) as an attempt keeps it. */
  snapshotOf(question: StoredQuestion | undefined, id: string): SnapshotQuestion {
    return snapshotOf(
      {
        store: this.deps.store(),
        images: this.deps.images(),
        ...(this.deps.explanations && { explanations: this.deps.explanations() }),
      },
      question,
      id,
    );
  }

  private async pinImages(attempt: Attempt, questions: SnapshotQuestion[]) {
    const images = new Map<string, string>();
    for (const q of questions) {
      for (const ref of [q.image, q.explanationImage, ...q.alternatives.map((a) => a.image)]) {
        if (ref?.sha256 && ref.mime) images.set(ref.sha256, ref.mime);
      }
    }
    attempt.images = [...images];
    this.deps.images().pin(images);
    await this.save(attempt);
  }

  /** What the renderer may load: the cached file as it was at start, else the cache now, else 'missing'. */
  readonly render = (ref: ImageRef): string | null => {
    if (!ref) return null;
    if (ref.sha256 && this.deps.images().fileOf(ref.sha256)) return this.deps.imageUrl(ref.sha256);
    const hit = this.deps.images().resolve(ref.url);
    return hit ? this.deps.imageUrl(hit.sha256) : MISSING_IMAGE;
  };

  /** Settles once no save is in flight. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
