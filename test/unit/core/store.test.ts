import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiQuestion } from '../../../main/core/api/schemas.js';
import { catalogStats, matchesQuestion, queryCatalog, type CatalogQuery } from '../../../main/core/catalog/query.js';
import { CatalogStore, toStored } from '../../../main/core/catalog/store.js';
import { tempDir } from '../../support/temp.js';

let cleanup: () => Promise<void> = () => Promise.resolve();
afterEach(() => cleanup());

const q = (n: number, extra: Partial<ApiQuestion> = {}): ApiQuestion => ({
  id: `q${n}`,
  statement: n % 2 ? `Questão sobre a função ${n}` : `Pergunta de história ${n}`,
  subject: { id: n % 2 ? 'mat' : 'his', name: n % 2 ? 'Matemática' : 'História' },
  exam: { id: 'enem', name: 'ENEM' },
  year: 2010 + (n % 3),
  difficulty: n % 2 ? 'easy' : 'hard',
  alternatives: [
    { id: `a${n}`, letter: 'A', text: 'Sim', isCorrect: true },
    { id: `b${n}`, letter: 'B', text: 'Não', isCorrect: false },
  ],
  correctAlternative: 'A',
  ...extra,
});

async function open() {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  return { dir: temp.dir, store: await CatalogStore.open(temp.dir) };
}

describe('CatalogStore', () => {
  it('persists pages and loads them back identical', async () => {
    const { dir, store } = await open();
    await store.append(
      [1, 2, 3, 4].map((n) => toStored(q(n), 'api:enem')),
      'r',
      [
        { listing: 'l', page: 1, total: 4, count: 3 },
        { listing: 'l', page: 2, total: 4, count: 1 },
      ],
    );
    const reopened = await CatalogStore.open(dir);
    // Entries are views over columns: compared as the plain data they read.
    const plain = (of: CatalogStore) => JSON.parse(JSON.stringify([...of.all()])) as unknown[];
    expect(plain(reopened)).toHaveLength(4);
    expect(plain(reopened)).toEqual(plain(store));
    expect(reopened.pagesOf('r').get('l')?.get(1)).toEqual({ total: 4, ids: ['q1', 'q2', 'q3'] });
    expect(reopened.pagesOf('r').get('l')?.get(2)).toEqual({ total: 4, ids: ['q4'] });
    expect(reopened.pagesOf('other').size).toBe(0);
  });

  it('merges the same question from two products and fills learned fields', async () => {
    const { store } = await open();
    await store.append([toStored(q(1, { year: null }), 'api:vestibulares')]);
    await store.append([toStored(q(1, { year: null }), 'api:enem', { year: 2019 })]);
    expect(store.size).toBe(1);
    expect(store.get('q1')).toMatchObject({ year: 2019, sources: ['api:vestibulares', 'api:enem'] });
  });

  it('compacts many page chunks into few, keeping every question', async () => {
    const { dir, store } = await open();
    for (let page = 0; page < 12; page++) {
      await store.append([toStored(q(page), 'api:enem')], 'r', [{ listing: 'l', page, total: 12, count: 1 }]);
    }
    await store.append([toStored(q(0), 'api:enem')]);
    expect(store.needsCompaction()).toBe(false);
    await store.compact();
    expect(await readdir(join(dir, 'chunks'))).toHaveLength(1);
    expect((await CatalogStore.open(dir)).size).toBe(12);
  });

  it('a query on the columns keeps exactly the questions whose own fields pass the filters', async () => {
    const { store } = await open();
    const exams = [null, { id: 'enem', name: 'ENEM' }, { name: 'FUVEST' }, { id: 'unicamp' }];
    const sources = ['api:enem', 'api:vestibulares', 'pack:p1', 'pack:p2'];
    for (let n = 0; n < 60; n++) {
      const record = toStored(
        q(n, { exam: exams[n % 4], year: n % 5 === 0 ? undefined : 2010 + (n % 3), difficulty: undefined }),
        sources[n % 4] ?? '',
        n % 7 === 0 ? {} : { difficulty: (['easy', 'medium', 'hard'] as const)[n % 3] },
      );
      await store.append([record]);
      // Some questions come from two sources (a pack holding a synced question).
      if (n % 6 === 0) await store.append([toStored(q(n, { exam: exams[n % 4] }), 'pack:p2')]);
    }
    const queries: CatalogQuery[] = [
      {},
      { product: 'enem' },
      { product: 'vestibulares', year: 2011 },
      { source: 'api' },
      { source: 'pack:p2' },
      { examId: 'enem' },
      { examId: 'FUVEST' },
      { examId: 'unicamp', subjectId: 'mat' },
      { examId: 'nope' },
      { year: 2012, difficulty: 'hard' },
      { difficulty: 'medium', source: 'pack:p1' },
      { subjectId: 'his', text: 'historia' },
    ];
    for (const query of queries) {
      const hits = query.text ? new Set((await queryCatalog(store, { text: query.text })).map((e) => e.id)) : null;
      const expected = [...store.all()]
        .filter((entry) => matchesQuestion(entry, query) && (!hits || hits.has(entry.id)))
        .map((e) => e.id);
      expect(
        (await queryCatalog(store, query)).map((e) => e.id),
        JSON.stringify(query),
      ).toEqual(expected);
    }
    expect((await queryCatalog(store, { examId: 'FUVEST' })).length).toBe(15);
  });

  it('counts the catalog from its columns as the entries themselves would be counted', async () => {
    const { store } = await open();
    const exam = (n: number) => (n % 4 === 0 ? null : n % 4 === 1 ? { id: 'e1', name: 'FUVEST' } : { name: 'UNICAMP' });
    await store.append(
      Array.from({ length: 30 }, (_, n) =>
        toStored(
          q(n, {
            exam: exam(n),
            year: n % 5 === 0 ? null : 2000 + (n % 3),
            difficulty: n % 7 === 0 ? 'unknown-level' : q(n).difficulty,
            // Some without a key; a subject whose name changes later.
            correctAlternative: n % 6 === 1 ? 'Z' : 'A',
            alternatives: n % 6 === 1 ? [{ id: `a${n}`, letter: 'A', text: 'Sim' }] : q(n).alternatives,
          }),
          n % 3 === 0 ? 'pack:p1' : 'api:enem',
        ),
      ),
    );
    // Questions arriving again from another product, renamed, and a pack removed.
    await store.append(
      [1, 2, 3].map((n) => toStored(q(n, { subject: { id: 'mat', name: 'Matemática II' } }), 'api:vestibulares')),
    );
    await store.removeSources(['pack:p1']);
    // The reference: one entry at a time, as `cli stats` counted before it read the columns.
    const reference: Record<string, Record<string, number>> = {};
    let total = 0;
    let notGradable = 0;
    const add = (kind: string, key: string) => {
      const record = (reference[kind] ??= {});
      record[key] = (record[key] ?? 0) + 1;
    };
    for (const entry of store.all()) {
      total += 1;
      for (const source of entry.sources) {
        add('bySource', source);
        if (source.startsWith('api:')) add('byProduct', source.slice(4));
      }
      add('byExam', entry.q.exam?.name ?? 'unknown');
      add('bySubject', store.subjectName(entry.q.subject.id));
      add('byYear', entry.year === null ? 'unknown' : String(entry.year));
      add('byDifficulty', entry.difficulty ?? 'unknown');
      if (!entry.keyed) notGradable += 1;
    }
    expect(total).toBeGreaterThan(15);
    expect(notGradable).toBeGreaterThan(0);
    expect(catalogStats(store)).toEqual({ total, notGradable, ...reference });
  });

  it('queries by product, year, subject, difficulty, source and accent-insensitive text', async () => {
    const { store } = await open();
    await store.append(Array.from({ length: 10 }, (_, n) => toStored(q(n), n < 5 ? 'api:enem' : 'pack:p1')));
    expect(await queryCatalog(store, { product: 'enem' })).toHaveLength(5);
    expect(await queryCatalog(store, { source: 'pack:p1' })).toHaveLength(5);
    expect(await queryCatalog(store, { source: 'api' })).toHaveLength(5);
    expect(await queryCatalog(store, { subjectId: 'mat', difficulty: 'easy' })).toHaveLength(5);
    expect((await queryCatalog(store, { year: 2010 })).map((x) => x.id)).toEqual(['q0', 'q3', 'q6', 'q9']);
    expect(await queryCatalog(store, { text: 'HISTORIA' })).toHaveLength(5);
    expect((await queryCatalog(store, { text: 'funcao 7' })).map((x) => x.id)).toEqual(['q7']);
    expect(await queryCatalog(store, { text: '"sobre a funcao"' })).toHaveLength(5);
    expect(await queryCatalog(store, { text: '"funcao sobre"' })).toHaveLength(0);
    expect(catalogStats(store)).toMatchObject({
      total: 10,
      byProduct: { enem: 5 },
      bySubject: { Matemática: 5, História: 5 },
    });
    expect(store.subjects()).toEqual([
      { id: 'his', name: 'História' },
      { id: 'mat', name: 'Matemática' },
    ]);
  });
});
