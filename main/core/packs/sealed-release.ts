// A sealed pack's answers: put back into its records once the tutor's code opens them, with a
// release journal so that a release cut short (a crash, a kill) is finished at the next start.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { correctAlternativeId } from '../catalog/answer-key.js';
import type { ApiQuestion } from '../api/schemas.js';
import { writeDurably } from '../util/durable-file.js';
import type { PackManifest, QuestionsFile } from './format.js';
import { sealedPayloadSchema, unseal, type SealedPayload } from './seal.js';
import { listPacks, namespacedId, packSource, SEALED_MARK, sealedPath, type PackWorkspace } from './registry-file.js';

const releaseJournalSchema = z.strictObject({ id: z.string(), payload: sealedPayloadSchema });

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
