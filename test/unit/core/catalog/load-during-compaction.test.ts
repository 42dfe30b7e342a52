import { afterEach, describe, expect, it } from 'vitest';
import { CatalogStore, toStored } from '../../../../main/core/catalog/store.js';
import { WRITABLE_SILENT } from '../../../../main/core/util/storage.js';
import { tempDir } from '../../../support/temp.js';

let cleanup = () => Promise.resolve();
afterEach(() => cleanup());

const question = (n: number) =>
  toStored(
    {
      id: `q${n}`,
      statement: `Enunciado ${n}`,
      subject: { id: 's', name: 'Física' },
      alternatives: [{ id: `a${n}`, letter: 'A', text: `Alternativa ${n}`, isCorrect: true }],
      correctAlternative: 'A',
    },
    'api:enem',
  );

describe('bodies read after compaction rewrote the chunks', () => {
  it('a read-only view opened before (the CLI beside the app) is refused, never answered with fewer questions', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const writer = await CatalogStore.open(temp.dir);
    for (let n = 0; n < 3; n++) await writer.append([question(n)]);
    const reader = await CatalogStore.open(temp.dir, { ...WRITABLE_SILENT, readOnly: true });
    expect((await reader.load(['q0'], { cache: false }))[0]?.q.statement).toBe('Enunciado 0');
    await writer.compact();
    await expect(reader.load(['q0', 'q1', 'q2'], { cache: false })).rejects.toMatchObject({ code: 'ENOENT' });
    // The writer itself reads them where compaction put them.
    expect((await writer.load(['q0', 'q1', 'q2'], { cache: false })).map((q) => q.q.statement)).toEqual([
      'Enunciado 0',
      'Enunciado 1',
      'Enunciado 2',
    ]);
  });
});
