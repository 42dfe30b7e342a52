// Imported packs as sources of their own: import (atomic once validated,
// idempotent), list, remove (questions and images only this pack provided).
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { imageUrlsOf, isDifficulty, type StoredQuestion } from '../catalog/store.js';
import { correctAlternativeId } from '../catalog/answer-key.js';
import { JsonFile } from '../util/json-file.js';
import type { Workspace } from '../workspace.js';
import { examConfigSchema, type PackManifest } from './format.js';
import { readPack } from './reader.js';

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
});
export type PackEntry = z.infer<typeof entrySchema>;
const registrySchema = z.object({ packs: z.array(entrySchema) });

export const packSource = (id: string) => `pack:${id}`;

function registryFile(workspace: Workspace) {
  return new JsonFile(join(workspace.dataDir, 'packs.json'), registrySchema);
}

export async function listPacks(workspace: Workspace): Promise<PackEntry[]> {
  return (await registryFile(workspace).read())?.packs ?? [];
}

/** Validates the whole pack first; only then writes questions, images and the registry entry. */
export async function importPack(
  workspace: Workspace,
  bytes: Buffer,
  now = Date.now(),
): Promise<{ entry: PackEntry; manifest: PackManifest; added: number }> {
  const pack = await readPack(bytes);
  try {
    const source = packSource(pack.manifest.id);
    const before = workspace.store.size;
    const questions: StoredQuestion[] = pack.content.questions.map(({ id, q, year, difficulty }) => ({
      id,
      q,
      correctId: correctAlternativeId(q),
      year: year ?? (typeof q.year === 'number' ? q.year : null),
      difficulty: difficulty ?? (isDifficulty(q.difficulty) ? q.difficulty : null),
      sources: [source],
    }));
    for (const [url, sha] of Object.entries(pack.content.images)) {
      const file = pack.images.get(sha);
      if (file) await workspace.images.put(url, await readFile(file));
    }
    await workspace.images.save();
    await workspace.store.append(questions);
    const exams = pack.content.exams;
    if (exams.length > 0) await workspace.store.mergeExams(`pack:${pack.manifest.id}`, exams);
    const entry: PackEntry = {
      id: pack.manifest.id,
      title: pack.manifest.title,
      description: pack.manifest.description,
      author: pack.manifest.author,
      createdAt: pack.manifest.createdAt,
      importedAt: now,
      questionCount: pack.manifest.questionCount,
      products: pack.manifest.products,
      ...(pack.manifest.examConfig && { examConfig: pack.manifest.examConfig }),
    };
    const others = (await listPacks(workspace)).filter((p) => p.id !== entry.id);
    await registryFile(workspace).write({
      packs: [...others, entry].sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
    });
    return { entry, manifest: pack.manifest, added: workspace.store.size - before };
  } finally {
    await pack.dispose();
  }
}

/** Removes a pack: its questions unless another source still has them, and images nobody uses any more. */
export async function removePack(workspace: Workspace, id: string): Promise<{ removed: number }> {
  const { removed } = await workspace.store.removeSource(packSource(id));
  await workspace.images.prune(imageUrlsOf(workspace.store.all()));
  await registryFile(workspace).write({ packs: (await listPacks(workspace)).filter((p) => p.id !== id) });
  return { removed: removed.length };
}
