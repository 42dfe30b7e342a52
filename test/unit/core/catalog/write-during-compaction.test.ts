// Compaction runs after a sync while the student may be importing or removing a pack: a question
// written again, or removed, while the chunks are rewritten must stay as written — in memory, and
// when the catalog is read again from its chunks.
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogStore, toStored } from '../../../../main/core/catalog/store.js';
import { tempDir } from '../../../support/temp.js';

let cleanup = () => Promise.resolve();
afterEach(() => cleanup());

const question = (n: number, version = 1) =>
  toStored(
    {
      id: `q${n}`,
      statement: `Enunciado ${n} v${version}`,
      subject: { id: 's', name: 'Física' },
      alternatives: [
        { id: `q${n}-v${version}-a`, letter: 'A', text: 'Sim', isCorrect: true },
        { id: `q${n}-v${version}-b`, letter: 'B', text: 'Não', isCorrect: false },
      ],
      correctAlternative: 'A',
    },
    'api:enem',
  );

/** A catalog in a scratch folder with `pages` chunks of 100 questions (q0, q1, …). */
async function catalogOf(pages: number): Promise<{ dir: string; store: CatalogStore }> {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  const store = await CatalogStore.open(temp.dir);
  for (let page = 0; page < pages; page++)
    await store.append(Array.from({ length: 100 }, (_, i) => question(page * 100 + i)));
  return { dir: temp.dir, store };
}

describe('reads and writes that overlap', () => {
  it('a question written again and one removed meanwhile stay so, in memory and read back from the chunks', async () => {
    // 12,000 questions in 120 chunks: compaction rewrites them in three groups.
    const { dir, store } = await catalogOf(120);

    const compaction = store.compact();
    await Promise.all([compaction, store.append([question(5, 2)]), store.replace([], ['q11000'])]);

    const check = async (catalog: CatalogStore, when: string) => {
      const [again] = await catalog.load(['q5'], { cache: false });
      expect(again?.q.statement, when).toBe('Enunciado 5 v2');
      // The key and the body are of the same version: the correct alternative is one of the body's.
      expect(
        again?.q.alternatives.map((a) => a.id),
        when,
      ).toContain(catalog.get('q5')?.correctId);
      expect(catalog.get('q11000'), when).toBeUndefined();
      expect(catalog.size, when).toBe(11_999);
    };
    await check(store, 'in memory');
    // The next start without a saved index reads the chunks in order: the later write must still win.
    await check(await CatalogStore.open(dir), 'read again from the chunks');
  }, 60_000);

  it('a body read while a newer version is written is never paired with the newer key, nor kept', async () => {
    const { store } = await catalogOf(60);
    // q5's chunk is read last: the newer version lands while the read goes through the other 59.
    const ids = [
      ...Array.from({ length: 5_900 }, (_, n) => `q${n + 100}`),
      ...Array.from({ length: 100 }, (_, n) => `q${n}`),
    ];
    const [read] = await Promise.all([store.load(ids), store.append([question(5, 2)])]);
    const q5 = read.find((q) => q.id === 'q5');
    expect(q5?.q.alternatives.map((a) => a.id)).toContain(q5?.correctId);
    expect(read).toHaveLength(6_000);
    // And what the next reader gets (the kept bodies included) is the newer version.
    const [again] = await store.load(['q5']);
    expect(again?.q.statement).toBe('Enunciado 5 v2');
    expect(again?.q.alternatives.map((a) => a.id)).toContain(again?.correctId);
  }, 60_000);

  it('a pack removed while a sync brings one of its questions keeps that question, from the sync', async () => {
    const { dir, store } = await catalogOf(0);
    await store.append([
      { ...question(1), sources: ['pack:p'] },
      { ...question(2), sources: ['pack:p'] },
    ]);
    await Promise.all([store.append([question(1)]), store.removeSources(['pack:p'])]);
    expect(store.get('q1')?.sources).toEqual(['api:enem']);
    expect(store.get('q2')).toBeUndefined();
    const reopened = await CatalogStore.open(dir);
    expect(reopened.get('q1')?.sources).toEqual(['api:enem']);
  });
});
