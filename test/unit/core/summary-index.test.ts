import { writeFile } from 'node:fs/promises';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiQuestion } from '../../../main/core/api/schemas.js';
import { catalogQuerySchema } from '../../../main/core/catalog/query.js';
import { CatalogStore, toStored } from '../../../main/core/catalog/store.js';
import { SummaryIndex, writeSummaryIndex } from '../../../main/core/catalog/summary-index.js';
import { Library } from '../../../main/app/library.js';
import { ImageCache } from '../../../main/core/images/cache.js';
import { openWorkspace } from '../../../main/core/workspace.js';
import { tempDir } from '../../support/temp.js';

let cleanup: () => Promise<void> = () => Promise.resolve();
afterEach(() => cleanup());

const question = (n: number): ApiQuestion => ({
  id: `q${n}`,
  statement: `Enunciado número ${n} ${'longo '.repeat(n % 3 === 0 ? 40 : 1)}`,
  imageUrl: n % 4 === 0 ? `https://cdn.example/${n}.png` : null,
  subject: { id: `s${n % 3}`, name: ['Física', 'História', 'Biologia'][n % 3] },
  exam: { id: `e${n % 2}`, name: n % 2 ? 'FUVEST' : 'ENEM' },
  year: 2015 + (n % 4),
  difficulty: (['easy', 'medium', 'hard'] as const)[n % 3],
  alternatives: [{ id: `a${n}`, letter: 'A', text: 'x', isCorrect: true }],
  correctAlternative: 'A',
});

async function filled() {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  const dir = join(temp.dir, 'catalog');
  const store = await CatalogStore.open(dir);
  await store.append(
    Array.from({ length: 30 }, (_, n) => toStored(question(n), n % 2 ? 'api:vestibulares' : 'pack:p')),
  );
  await store.append(Array.from({ length: 10 }, (_, n) => toStored(question(n + 30), 'api:enem')));
  await store.mergeExams('vestibulares', [{ id: 'e1', name: 'FUVEST', institution: 'USP', type: null }]);
  // Pack p is registered: records of an unregistered pack are an import cut short, rolled back at start.
  const entry = { id: 'p', title: 'P', description: '', author: '', createdAt: '2026-01-01', importedAt: 0 };
  await writeFile(
    join(temp.dir, 'packs.json'),
    JSON.stringify({ packs: [{ ...entry, questionCount: 15, products: ['enem'] }] }),
  );
  return { dir, root: temp.dir, store };
}

describe('summary index', () => {
  it('answers the first screen exactly as the full catalog does: facets and every non-text filter', async () => {
    const { dir, root, store } = await filled();
    await writeSummaryIndex(store);
    const index = await SummaryIndex.open(dir);
    if (!index) throw new Error('index not opened');
    const images = await ImageCache.open(join(root, 'images'));
    const library = new Library(
      () => store,
      () => images,
      (sha) => sha,
    );
    expect(index.facets()).toEqual(library.facets());
    for (const raw of [
      {},
      { year: 2016 },
      { subjectId: 's1', difficulty: 'medium' },
      { product: 'enem' },
      { source: 'api' },
      { source: 'pack:p' },
      { examId: 'e1' },
    ]) {
      const filter = catalogQuerySchema.parse(raw);
      expect(index.query(filter), JSON.stringify(raw)).toEqual(library.query(filter, 0, 1000).items);
    }
  });

  it('is ignored when the chunks on disk are not the ones it was made from', async () => {
    const { dir, store } = await filled();
    await writeSummaryIndex(store);
    await store.append([toStored(question(99), 'api:enem')]);
    expect(await SummaryIndex.open(dir)).toBeNull();
    await writeSummaryIndex(store);
    expect((await SummaryIndex.open(dir))?.size).toBe(41);
    await rm(join(dir, 'chunks', '00000001.json'));
    expect(await SummaryIndex.open(dir)).toBeNull();
  });

  it('lets the app open on the index and load the catalog behind it', async () => {
    const { root, store } = await filled();
    await writeSummaryIndex(store);
    const workspace = await openWorkspace(root, { deferCatalog: true });
    expect(workspace.index?.size).toBe(40);
    expect(workspace.isCatalogLoaded()).toBe(false);
    await workspace.catalogReady();
    expect(workspace.isCatalogLoaded()).toBe(true);
    expect(workspace.store.size).toBe(40);
    await workspace.close();
  });

  it('is written after changes, so the next start finds it fresh', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const workspace = await openWorkspace(temp.dir);
    await workspace.store.append([toStored(question(1), 'api:enem')]);
    await workspace.close();
    expect((await SummaryIndex.open(join(temp.dir, 'catalog')))?.size).toBe(1);
  });
});
