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

describe('writes that overlap a compaction', () => {
  it('a question written again and one removed meanwhile stay so, in memory and read back from the chunks', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const store = await CatalogStore.open(temp.dir);
    // 12,000 questions in 120 chunks: compaction rewrites them in three groups.
    for (let page = 0; page < 120; page++)
      await store.append(Array.from({ length: 100 }, (_, i) => question(page * 100 + i)));

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
    await check(await CatalogStore.open(temp.dir), 'read again from the chunks');
  }, 60_000);
});
