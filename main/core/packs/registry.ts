// Imported packs as sources of their own. A pack owns the records it brought and
// nothing else: a question id another source already stored is shared when the
// content is the same, and kept as the pack's own namespaced version when it
// differs, so no pack can change what another source stored (docs/pack-format.md).
// Import has one commit point, the registry write; a crash before it is rolled
// back at the next start (repairPackSources). Imports and removals run one at a time.
import { readFile } from 'node:fs/promises';
import type { Low } from 'lowdb';
import { documentOf } from '../util/document.js';
import { z } from 'zod';
import { correctAlternativeId } from '../catalog/answer-key.js';
import { entryImageUrls, isDifficulty, type CatalogStore, type StoredQuestion } from '../catalog/store.js';
import { ENEM_ORIGIN_MARK } from '../catalog/provenance.js';
import type { ApiQuestion } from '../api/schemas.js';
import type { ImageCache } from '../images/cache.js';
import { canonicalJson } from '../util/canonical-json.js';
import { JsonFile } from '../util/json-file.js';
import type { StorageContext } from '../util/storage.js';
import { examConfigSchema, type PackManifest, type PackQuestion, type QuestionsFile } from './format.js';
import { sealedPayloadSchema, sealParamsSchema, unseal, type SealedPayload } from './seal.js';
import { writeDurably } from '../util/durable-file.js';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readPack, type PackSource, type ReadPack } from './reader.js';

const entrySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  createdAt: z.string(),
  importedAt: z.number(),
  questionCount: z.number().int(),
  products: z.array(z.string()),
  examConfig: examConfigSchema.optional(),
  /** sha256 of its questions.json (the manifest's): result files name the pack version by it. */
  contentHash: z.string().optional(),
  /** Sealed answers (in sealed/<id>.bin until released by the tutor's code). */
  sealed: z.object({ params: sealParamsSchema, released: z.boolean() }).optional(),
  /** Its questions in the file's order: the pack's own numbering (the key and the class report use it). */
  questionIds: z.array(z.string()).optional(),
});
export type PackEntry = z.infer<typeof entrySchema>;
const registrySchema = z.object({ packs: z.array(entrySchema) });
type RegistryData = z.infer<typeof registrySchema>;

/**
 * The registry of imported packs: a lowdb document (`Low`) over the durable adapter (JsonFile). It
 * is read afresh for each listing, as the file was before (a CLI import in the same folder shows).
 */
export class PackRegistryFile {
  private readonly db: Low<RegistryData>;

  constructor(private readonly file: JsonFile<RegistryData>) {
    this.db = documentOf(file, { packs: [] });
  }

  async read(): Promise<RegistryData> {
    await this.db.read();
    return this.db.data;
  }

  /** Durable once settled: the commit point of imports, removals and releases. */
  write(data: RegistryData): Promise<void> {
    this.db.data = data;
    return this.db.write();
  }

  /** The content, and whether damage lost it (start-up repair needs to know). */
  inspect(): Promise<{ value: RegistryData | null; lost: boolean }> {
    return this.file.inspect();
  }
}
/**
 * What the pack functions need of a data folder. The workspace composes the registry (it opens the
 * registry file and repairs sources at start) and satisfies this shape; the registry never imports
 * the workspace, so the two are no import circle.
 */
export interface PackWorkspace {
  dataDir: string;
  store: CatalogStore;
  images: ImageCache;
  packRegistry: PackRegistryFile;
  /** Runs imports, removals and releases one at a time. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
}

const releaseJournalSchema = z.strictObject({ id: z.string(), payload: sealedPayloadSchema });

export const packSource = (id: string) => `pack:${id}`;
/** The id of a pack's own version of a question another source stored differently. */
export const namespacedId = (packId: string, id: string) => `pack:${packId}:${id}`;
/** Images a pack carries are addressed by their hash: no pack can remap another source's URL. */
export const packImageUrl = (sha256: string) => `pack-image:${sha256}`;

/** On a record of a sealed pack not released yet: its key is on the way (exams may include it). */
export const SEALED_MARK = 'sealedAnswer';

/** Where a sealed pack's encrypted answers wait for the release code. */
export const sealedPath = (dataDir: string, id: string) => join(dataDir, 'sealed', `${id}.bin`);

/** A pack's questions with the sealed answers put back: keys, and worked solutions as q.explanation. */
export function withSealedAnswers<T extends { id: string; q: ApiQuestion }>(
  questions: T[],
  payload: SealedPayload,
): T[] {
  return questions.map((question) => {
    const key = payload.keys[question.id];
    const explanation = payload.explanations[question.id];
    if (!key && !explanation) return question;
    const { [SEALED_MARK]: _mark, ...rest } = question.q;
    const q: ApiQuestion = {
      ...rest,
      ...(key && {
        correctAlternative: key,
        alternatives: question.q.alternatives.map((a) => ({ ...a, isCorrect: a.id === key })),
      }),
      ...(explanation && { explanation }),
    };
    return { ...question, q };
  });
}

export class PackNotSealedError extends Error {
  constructor() {
    super('not-sealed');
    this.name = 'PackNotSealedError';
  }
}

/** Opens a sealed pack's answers with the code (WrongCodeError otherwise). Writes nothing. */
export async function unsealPack(workspace: PackWorkspace, id: string, code: string): Promise<SealedPayload> {
  const entry = (await listPacks(workspace)).find((p) => p.id === id);
  if (!entry?.sealed) throw new PackNotSealedError();
  return unseal(entry.sealed.params, await readFile(sealedPath(workspace.dataDir, id)), code);
}

/**
 * Release is journaled: the opened answers are written first (durably), then the records, the
 * registry and every waiting attempt change, then the journal goes. A start finds a journal left
 * by a kill and finishes that release before anything is served, so after any crash a pack is
 * released with every attempt graded, or not released with nothing changed (docs/security.md).
 * The answers in the journal are no secret from whoever wrote it: they typed the right code.
 */
export const releaseJournalPath = (dataDir: string, id: string) => join(dataDir, 'sealed', `${id}.release.json`);
const RELEASE_JOURNAL = /^(.+)\.release\.json$/;

export async function journalRelease(workspace: PackWorkspace, id: string, payload: SealedPayload): Promise<void> {
  await mkdir(join(workspace.dataDir, 'sealed'), { recursive: true });
  await writeDurably(releaseJournalPath(workspace.dataDir, id), Buffer.from(JSON.stringify({ id, payload })));
}

/** Releases a kill interrupted: each journal that reads whole and names a pack still imported. */
export async function pendingReleases(workspace: PackWorkspace): Promise<{ id: string; payload: SealedPayload }[]> {
  const names = await readdir(join(workspace.dataDir, 'sealed')).catch(() => [] as string[]);
  const journals = names.filter((name) => RELEASE_JOURNAL.test(name));
  // Every start asks: the registry is read only when a kill left a journal behind.
  const packs = journals.length > 0 ? await listPacks(workspace) : [];
  const pending: { id: string; payload: SealedPayload }[] = [];
  for (const name of journals) {
    const id = RELEASE_JOURNAL.exec(name)?.[1];
    if (!id) continue;
    const parsed = releaseJournalSchema.safeParse(
      await readFile(join(workspace.dataDir, 'sealed', name), 'utf8')
        .then((text) => JSON.parse(text) as unknown)
        .catch(() => null),
    );
    if (parsed.success && parsed.data.id === id && packs.some((p) => p.id === id && p.sealed))
      pending.push({ id, payload: parsed.data.payload });
    else await endRelease(workspace, id); // a pack removed since, or a file that is no journal of ours
  }
  return pending;
}

export async function endRelease(workspace: PackWorkspace, id: string): Promise<void> {
  await rm(releaseJournalPath(workspace.dataDir, id), { force: true });
}

/** The keys into the pack's records, then the registry says released. Idempotent (a start re-runs it). */
export function applyRelease(workspace: PackWorkspace, id: string, payload: SealedPayload): Promise<void> {
  return workspace.exclusive(async () => {
    const packs = await listPacks(workspace);
    const source = packSource(id);
    const namespace = `${namespacedId(id, '')}`;
    const owned = await workspace.store.load(
      [...workspace.store.all()].filter((r) => r.sources.includes(source)).map((r) => r.id),
      { cache: false },
    );
    const opened = owned.map((record) => {
      const packId = record.id.startsWith(namespace) ? record.id.slice(namespace.length) : record.id;
      const [open] = withSealedAnswers([{ id: packId, q: record.q }], payload);
      return open ? { ...record, q: open.q, correctId: correctAlternativeId(open.q) } : record;
    });
    await workspace.store.replace(opened);
    if (packs.some((p) => p.id === id && p.sealed && !p.sealed.released))
      await workspace.packRegistry.write({
        packs: packs.map((p) => (p.id === id && p.sealed ? { ...p, sealed: { ...p.sealed, released: true } } : p)),
      });
  });
}

/** A sealed pack file's questions opened with the code (the tutor's class report); WrongCodeError otherwise. */
export async function openSealedContent(
  pack: { manifest: PackManifest; content: QuestionsFile; sealed: Buffer | null },
  code: string,
): Promise<QuestionsFile> {
  if (!pack.manifest.sealed || !pack.sealed) return pack.content;
  const payload = await unseal(pack.manifest.sealed, pack.sealed, code);
  return { ...pack.content, questions: withSealedAnswers(pack.content.questions, payload) };
}

export function openPackRegistry(path: string, storage: StorageContext): PackRegistryFile {
  return new PackRegistryFile(new JsonFile(path, registrySchema, { kind: 'pack-registry', backup: true, ...storage }));
}

export async function listPacks(workspace: PackWorkspace): Promise<PackEntry[]> {
  return (await workspace.packRegistry.read()).packs;
}

/** A pack's own numbering: its question ids in the file's order (null for a pack imported before it was kept). */
export async function packNumbering(workspace: PackWorkspace, id: string): Promise<string[] | null> {
  return (await listPacks(workspace)).find((p) => p.id === id)?.questionIds ?? null;
}

/** An imported pack as an exam (on screen or on paper) records it, or null when there is none. */
export async function packOrigin(
  workspace: PackWorkspace,
  id: string,
): Promise<{ id: string; title: string; contentHash: string; sealed: boolean; released: boolean } | null> {
  const entry = (await listPacks(workspace)).find((p) => p.id === id);
  if (!entry?.contentHash) return null;
  return {
    id,
    title: entry.title,
    contentHash: entry.contentHash,
    sealed: Boolean(entry.sealed),
    released: Boolean(entry.sealed?.released),
  };
}

/** Refused: the pack holds a question of the exam the student is taking. */
export class PackLockedError extends Error {
  constructor() {
    super('locked-by-exam');
    this.name = 'PackLockedError';
  }
}

/** What a student sees and is graded on; image addresses count only as present or not. */
function contentOf(question: ApiQuestion): string {
  const noUrl = (url: string | null | undefined) => (url ? 'image' : null);
  // The pack's recorded origin is not content: the same question from the API stays one record.
  const { [ENEM_ORIGIN_MARK]: _origin, ...q } = question;
  return canonicalJson({
    ...q,
    imageUrl: noUrl(q.imageUrl),
    alternatives: q.alternatives.map((a) => ({ ...a, imageUrl: noUrl(a.imageUrl) })),
  });
}

function withPackImages(q: ApiQuestion, images: Record<string, string>): ApiQuestion {
  const address = (url: string | null | undefined) => {
    const sha = url ? images[url] : undefined;
    return sha ? packImageUrl(sha) : url;
  };
  const explanation = (q as { explanation?: unknown }).explanation;
  const figure =
    explanation && typeof explanation === 'object' ? (explanation as { imageUrl?: unknown }).imageUrl : undefined;
  return {
    ...q,
    ...(q.imageUrl !== undefined && { imageUrl: address(q.imageUrl) }),
    alternatives: q.alternatives.map((a) => ({
      ...a,
      ...(a.imageUrl !== undefined && { imageUrl: address(a.imageUrl) }),
    })),
    // The worked solution's figure is addressed by its hash, like every image a pack carries.
    ...(typeof figure === 'string' && { explanation: { ...(explanation as object), imageUrl: address(figure) } }),
  };
}

/** The records a pack import writes, and the ones it takes back from an earlier version of the pack. */
export async function planImport(
  store: CatalogStore,
  packId: string,
  questions: PackQuestion[],
  images: Record<string, string>,
): Promise<{ records: StoredQuestion[]; removed: string[] }> {
  const source = packSource(packId);
  const records = new Map<string, StoredQuestion>();
  // The bodies this plan compares or rewrites: the pack's ids already stored, and its earlier version's.
  const touched = new Set(questions.map(({ id }) => id).filter((id) => store.get(id) !== undefined));
  for (const entry of store.all()) if (entry.sources.includes(source)) touched.add(entry.id);
  const stored = new Map((await store.load([...touched], { cache: false })).map((q) => [q.id, q]));
  for (const { id, q: raw, year, difficulty } of questions) {
    const q = withPackImages(raw, images);
    const own: StoredQuestion = {
      id,
      q,
      correctId: correctAlternativeId(q),
      year: year ?? (typeof q.year === 'number' ? q.year : null),
      difficulty: difficulty ?? (isDifficulty(q.difficulty) ? q.difficulty : null),
      sources: [source],
    };
    const existing = stored.get(id);
    const others = existing?.sources.filter((s) => s !== source) ?? [];
    if (!existing || others.length === 0) records.set(id, own);
    else if (contentOf(existing.q) === contentOf(q)) records.set(id, { ...existing, sources: [...others, source] });
    else {
      // Another source's record stays as it is; this pack's differing version lives beside it.
      const nsId = namespacedId(packId, id);
      records.set(nsId, { ...own, id: nsId });
      if (existing.sources.includes(source)) records.set(id, { ...existing, sources: others });
    }
  }
  // A newer version of the same pack: what it no longer holds is taken back.
  const removed: string[] = [];
  for (const question of stored.values()) {
    if (records.has(question.id) || !question.sources.includes(source)) continue;
    const rest = question.sources.filter((s) => s !== source);
    if (rest.length === 0) removed.push(question.id);
    else records.set(question.id, { ...question, sources: rest });
  }
  return { records: [...records.values()], removed };
}

/**
 * Validates the whole pack (staged outside the data dir), then writes its images and records,
 * invisible until the registry write that commits it.
 */
export function importPack(
  workspace: PackWorkspace,
  source: PackSource,
  options: {
    now?: number;
    isLocked?: (id: string) => boolean;
    /** How the untrusted pack is checked: the app's decoding worker; in-process by default (CLI). */
    read?: (source: PackSource) => Promise<ReadPack>;
  } = {},
): Promise<{ entry: PackEntry; manifest: PackManifest; added: number }> {
  return workspace.exclusive(async () => {
    const pack = await (options.read ?? readPack)(source);
    try {
      const store = workspace.store;
      // A sealed pack's questions have no key yet but will: marked so exams can include them. An
      // ENEM origin counts only as the manifest records it, never as a field a question claims.
      const enemOrigin = new Set(pack.manifest.origins?.enem ?? []);
      const questions = pack.content.questions.map((question) => {
        const { [ENEM_ORIGIN_MARK]: _claimed, ...q } = question.q;
        return {
          ...question,
          q: {
            ...q,
            ...(pack.manifest.sealed && { [SEALED_MARK]: true }),
            ...(enemOrigin.has(question.id) && { [ENEM_ORIGIN_MARK]: true }),
          },
        };
      });
      const plan = await planImport(store, pack.manifest.id, questions, pack.content.images);
      // Decided by which questions the pack names, never by what it says of them: a decision that
      // looked at content (same record, other key) would tell a forger whether a guessed key is right.
      const touched = [
        ...plan.records.map((r) => r.id),
        ...plan.removed,
        ...questions.flatMap(({ id, q }) => [id, q.id, namespacedId(pack.manifest.id, id)]),
      ];
      if (options.isLocked && touched.some((id) => options.isLocked?.(id))) throw new PackLockedError();
      const before = store.size;
      for (const sha of new Set(Object.values(pack.content.images))) {
        const file = pack.images.get(sha);
        if (file) await workspace.images.put(packImageUrl(sha), await readFile(file));
      }
      await workspace.images.save();
      await store.replace(plan.records, plan.removed);
      const exams = pack.content.exams;
      if (exams.length > 0) await store.examLists.set(packSource(pack.manifest.id), exams);
      const entry: PackEntry = {
        id: pack.manifest.id,
        title: pack.manifest.title,
        description: pack.manifest.description,
        author: pack.manifest.author,
        createdAt: pack.manifest.createdAt,
        importedAt: options.now ?? Date.now(),
        questionCount: pack.manifest.questionCount,
        products: pack.manifest.products,
        ...(pack.manifest.examConfig && { examConfig: pack.manifest.examConfig }),
        ...(pack.manifest.files['questions.json'] && { contentHash: pack.manifest.files['questions.json'] }),
        ...(pack.manifest.sealed && { sealed: { params: pack.manifest.sealed, released: false } }),
        questionIds: pack.content.questions.map((q) => q.id),
      };
      if (pack.sealed) {
        // The encrypted answers are durable before the registry names the pack.
        await mkdir(join(workspace.dataDir, 'sealed'), { recursive: true });
        await writeDurably(sealedPath(workspace.dataDir, entry.id), pack.sealed);
      }
      const others = (await listPacks(workspace)).filter((p) => p.id !== entry.id);
      // The commit point: from here on the pack exists.
      await workspace.packRegistry.write({
        packs: [...others, entry].sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
      });
      return { entry, manifest: pack.manifest, added: store.size - before };
    } finally {
      await pack.dispose();
    }
  });
}

/** Removes a pack: the registry entry first (the commit point), then what only it provided. */
export function removePack(
  workspace: PackWorkspace,
  id: string,
  options: { isLocked?: (id: string) => boolean } = {},
): Promise<{ removed: number }> {
  return workspace.exclusive(async () => {
    const source = packSource(id);
    const store = workspace.store;
    for (const question of store.all()) {
      if (question.sources.includes(source) && options.isLocked?.(question.id)) throw new PackLockedError();
    }
    await workspace.packRegistry.write({ packs: (await listPacks(workspace)).filter((p) => p.id !== id) });
    const { removed } = await store.removeSources([source]);
    await store.examLists.remove([source]);
    await workspace.images.prune(entryImageUrls(store.all()));
    // Its sealed answers go too (attempts released from it keep their own copies).
    await rm(sealedPath(workspace.dataDir, id), { force: true });
    return { removed: removed.length };
  });
}

/**
 * At start, before anyone sees the catalog: records and exam lists of packs the registry does not
 * hold (an import cut short before its commit, a removal cut short after it) are taken away.
 */
export async function repairPackSources(
  store: CatalogStore,
  images: ImageCache,
  registry: PackRegistryFile,
): Promise<string[]> {
  const { value, lost } = await registry.inspect();
  // A registry lost to damage says nothing about what was committed: keep every pack's questions
  // (the notice asks the student to import the packs again, which makes them whole).
  if (lost) return [];
  const known = new Set((value?.packs ?? []).map((p) => packSource(p.id)));
  const orphanSources = [...store.sourceSet()].filter((s) => s.startsWith('pack:') && !known.has(s));
  const orphanExams = store.examLists.origins().filter((o) => o.startsWith('pack:') && !known.has(o));
  if (orphanSources.length === 0 && orphanExams.length === 0) return [];
  await store.removeSources(orphanSources);
  await store.examLists.remove(orphanExams);
  await images.prune(entryImageUrls(store.all()));
  return orphanSources;
}
