// Imported packs as sources of their own. A pack owns the records it brought and
// nothing else: a question id another source already stored is shared when the
// content is the same, and kept as the pack's own namespaced version when it
// differs, so no pack can change what another source stored (docs/pack-format.md).
// Import has one commit point, the registry write; a crash before it is rolled
// back at the next start (repairPackSources). Imports and removals run one at a time.
import { readFile } from 'node:fs/promises';
import { correctAlternativeId } from '../catalog/answer-key.js';
import { entryImageUrls, isDifficulty, type CatalogStore, type StoredQuestion } from '../catalog/store.js';
import { ENEM_ORIGIN_MARK } from '../catalog/provenance.js';
import type { ApiQuestion } from '../api/schemas.js';
import type { ImageCache } from '../images/cache.js';
import { canonicalJson } from '../util/canonical-json.js';
import type { PackManifest, PackQuestion } from './format.js';
import { writeDurably } from '../util/durable-file.js';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readPack, type PackSource, type ReadPack } from './reader.js';
import {
  listPacks,
  namespacedId,
  packImageUrl,
  packSource,
  SEALED_MARK,
  sealedPath,
  type PackEntry,
  type PackRegistryFile,
  type PackWorkspace,
} from './registry-file.js';

// Importers read the registry's file, names and sealed release from here too, as before they parted.
export * from './registry-file.js';
export * from './sealed-release.js';

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
