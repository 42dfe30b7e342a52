// A paper exam of the demo pack's questions, as the app would keep it: the pack imported into a
// data folder, its questions snapshotted with their images.
import { readFile } from 'node:fs/promises';
import { openWorkspace } from '../../main/core/workspace.js';
import { importPack } from '../../main/core/packs/registry.js';
import { snapshotOf } from '../../main/core/exams/snapshot.js';
import { cachedImage, paperCode, type PaperExamRecord } from '../../main/core/paper/paper-exam.js';
import type { PaperImage } from '../../main/core/paper/pdf.js';
import type { SnapshotQuestion } from '../../main/core/exams/model.js';

export async function demoPaperExam(
  dir: string,
  options: { count?: number; versions?: number; seed?: number } = {},
): Promise<{
  exam: PaperExamRecord;
  loadImage: (ref: SnapshotQuestion['image']) => Promise<PaperImage | null>;
  close: () => Promise<void>;
}> {
  const workspace = await openWorkspace(dir);
  await importPack(workspace, await readFile('assets/demo.exampack'));
  const questions = (await workspace.store.loadAll())
    .sort((a, b) => a.id.localeCompare(b.id))
    .slice(0, options.count ?? 44)
    .map((q) => snapshotOf({ store: workspace.store, images: workspace.images }, q, q.id));
  const seed = options.seed ?? 7;
  const versions = options.versions ?? 4;
  return {
    exam: {
      code: paperCode(questions, seed, versions),
      title: 'Simulado de demonstração',
      minutes: 120,
      seed,
      versions,
      createdAt: 0,
      questions,
      pack: null,
      layout: 'enem',
      languageChoice: false,
    },
    loadImage: cachedImage(workspace.images),
    close: () => workspace.close(),
  };
}
