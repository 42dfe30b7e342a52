import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiQuestion } from '../../../main/core/api/schemas.js';
import { catalogQuerySchema, queryCatalog } from '../../../main/core/catalog/query.js';
import { CatalogStore, toStored } from '../../../main/core/catalog/store.js';
import { writeCatalogIndex } from '../../../main/core/catalog/summary-index.js';
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
  await store.examLists.set('vestibulares', [{ id: 'e1', name: 'FUVEST', institution: 'USP', type: null }]);
  // Pack p is registered: records of an unregistered pack are an import cut short, rolled back at start.
  const entry = { id: 'p', title: 'P', description: '', author: '', createdAt: '2026-01-01', importedAt: 0 };
  await writeFile(
    join(temp.dir, 'packs.json'),
    JSON.stringify({ packs: [{ ...entry, questionCount: 15, products: ['enem'] }] }),
  );
  return { dir, root: temp.dir, store };
}

/** Everything a screen can ask of the catalog, as plain data: the two ways of opening must agree. */
async function answers(store: CatalogStore, root: string) {
  const images = await ImageCache.open(join(root, 'images'));
  const library = new Library(
    () => store,
    () => images,
    (sha) => sha,
  );
  const pages: unknown[] = [];
  for (const raw of [
    {},
    { year: 2016 },
    { subjectId: 's1', difficulty: 'medium' },
    { product: 'enem' },
    { source: 'api' },
    { source: 'pack:p' },
    { examId: 'e1' },
    { text: 'enunciado 3' },
    { text: 'NUMERO 1' },
    { text: '"numero 12"' },
    { text: 'long', year: 2015 },
  ]) {
    pages.push(await library.query(catalogQuerySchema.parse(raw), 0, 1000));
  }
  return {
    facets: library.facets(),
    pages,
    bodies: await store.loadAll(),
    keys: [...store.all()].map((entry) => [entry.id, entry.correctId]),
  };
}

describe('the catalog index (entries, chunks and search saved together)', () => {
  it('a start from the saved index answers exactly as one from the chunks: facets, filters, words, bodies, keys', async () => {
    const { dir, root, store } = await filled();
    const fromChunks = await CatalogStore.open(dir);
    expect(fromChunks.fromIndex).toBe(false);
    await writeCatalogIndex(store);
    const fromIndex = await CatalogStore.open(dir);
    expect(fromIndex.fromIndex).toBe(true);
    const expected = await answers(fromChunks, root);
    expect(await answers(fromIndex, root)).toEqual(expected);
    // And what the words found is right: a prefix, accents and case aside; a phrase as written.
    const words = expected.pages.slice(7, 10) as { items: { id: string }[] }[];
    expect(words[0]?.items.map((i) => i.id).sort()).toEqual(
      ['q3', 'q30', 'q31', 'q32', 'q33', 'q34', 'q35', 'q36', 'q37', 'q38', 'q39'].sort(),
    );
    expect(words[1]?.items.map((i) => i.id).sort()).toEqual(
      ['q1', 'q10', 'q11', 'q12', 'q13', 'q14', 'q15', 'q16', 'q17', 'q18', 'q19'].sort(),
    );
    expect(words[2]?.items.map((i) => i.id)).toEqual(['q12']);
  });

  it('a start and a search by words read only the bodies of the rows shown; a quoted phrase, its candidates', async () => {
    const { dir, root, store } = await filled();
    await writeCatalogIndex(store);
    const opened = await CatalogStore.open(dir);
    const images = await ImageCache.open(join(root, 'images'));
    const library = new Library(
      () => opened,
      () => images,
      (sha) => sha,
    );
    // The saved words wait until something needs them: a start and a page without words leave them unread.
    const first = await library.query(catalogQuerySchema.parse({}), 0, 10);
    expect(opened.search.decoded).toBe(false);
    const readForFirst = opened.bodyReads;
    expect(readForFirst).toBe(first.items.length);
    const page = await library.query(catalogQuerySchema.parse({ text: 'enunciado 12' }), 0, 10);
    expect(opened.search.decoded).toBe(true);
    expect(page.items.map((item) => item.id)).toEqual(['q12']);
    expect(page.items[0]?.excerpt).toMatch(/^Enunciado número 12 /);
    expect(opened.bodyReads - readForFirst).toBe(first.items.some((item) => item.id === 'q12') ? 0 : 1);
    // The phrase's one candidate is read to check it, then for its row: nothing else is.
    const phrase = await library.query(catalogQuerySchema.parse({ text: '"numero 13"' }), 0, 10);
    expect(phrase.items.map((item) => item.id)).toEqual(['q13']);
    expect(opened.bodyReads - readForFirst).toBe(first.items.some((item) => item.id === 'q12') ? 2 : 3);
  });

  it('is ignored when the chunks on disk are not the ones it was made from; damaged words are read again', async () => {
    const { dir, root, store } = await filled();
    await writeCatalogIndex(store);
    await store.append([toStored(question(99), 'api:enem')]);
    const stale = await CatalogStore.open(dir);
    expect(stale.fromIndex).toBe(false);
    expect(stale.size).toBe(41);
    await writeCatalogIndex(stale);
    expect((await CatalogStore.open(dir)).fromIndex).toBe(true);
    const expected = await answers(stale, root);
    // A search file that is not whole: the entries still come from the index; the words are read
    // again from the bodies before any search answers (checked after the first page, not before it).
    await writeFile(join(dir, 'search.bin'), Buffer.from([1, 2, 3]));
    const rebuilt = await CatalogStore.open(dir);
    expect(rebuilt.fromIndex).toBe(true);
    expect(await answers(rebuilt, root)).toEqual(expected);
    // One flipped byte anywhere in the words is seen (their hash) before a search answers; the
    // next index write makes the file whole again.
    await writeCatalogIndex(stale);
    const saved = await readFile(join(dir, 'search.bin'));
    const flipped = Buffer.from(saved);
    const at = saved.length - 200;
    flipped[at] = (flipped[at] ?? 0) ^ 0x01;
    await writeFile(join(dir, 'search.bin'), flipped);
    const rejected = await CatalogStore.open(dir);
    let told = 0;
    rejected.onChange = () => (told += 1);
    expect(await answers(rejected, root)).toEqual(expected);
    expect(told).toBe(1);
    await writeCatalogIndex(rejected);
    expect(await readFile(join(dir, 'search.bin'))).toEqual(saved);
    expect(await answers(await CatalogStore.open(dir), root)).toEqual(expected);
    await rm(join(dir, 'chunks', '00000001.json'));
    expect((await CatalogStore.open(dir)).fromIndex).toBe(false);
  });

  it('an index of the earlier row layout, or one whose columns do not hold together, is rebuilt and answers the same', async () => {
    const { dir, root, store } = await filled();
    await writeCatalogIndex(store);
    const expected = await answers(store, root);
    const path = join(dir, 'index.json');
    const saved = JSON.parse(await readFile(path, 'utf8')) as { version: number; columns: Record<string, unknown> };
    // Version 4 (a row per question), as the release before this one wrote it.
    await writeFile(path, JSON.stringify({ ...saved, version: 4, rows: [], columns: undefined }));
    const older = await CatalogStore.open(dir);
    expect(older.fromIndex).toBe(false);
    expect(await answers(older, root)).toEqual(expected);
    // A subject column pointing past its table: not ours, so not trusted.
    const subject = (saved.columns.subject as number[]).map(() => 999);
    await writeFile(path, JSON.stringify({ ...saved, columns: { ...saved.columns, subject } }));
    const broken = await CatalogStore.open(dir);
    expect(broken.fromIndex).toBe(false);
    expect(await answers(broken, root)).toEqual(expected);
    await writeCatalogIndex(broken);
    expect((await CatalogStore.open(dir)).fromIndex).toBe(true);
  });

  it('words saved whole or damaged: a write and searches sent at once after a start all see the old words and the new', async () => {
    for (const damaged of [false, true]) {
      const { dir, store } = await filled();
      await writeCatalogIndex(store);
      if (damaged) await writeFile(join(dir, 'search.bin'), Buffer.from([9, 9, 9]));
      const opened = await CatalogStore.open(dir);
      const ids = async (text: string) =>
        (await queryCatalog(opened, catalogQuerySchema.parse({ text }))).map((entry) => entry.id).sort();
      // A write first, before anything asked for the words: it waits for their check, so the saved
      // words are taken before its own are added.
      await opened.append([toStored({ ...question(77), statement: 'Zircônio e háfnio' }, 'api:enem')]);
      expect(await ids('enunciado 12')).toEqual(['q12']);
      expect(await ids('zirconio')).toEqual(['q77']);
      expect(await ids('hafnio enunciado')).toEqual([]);
      // A search and a write sent together: the search answers from the words as they stand.
      const [, before] = await Promise.all([
        opened.append([toStored({ ...question(78), statement: 'Nióbio' }, 'api:enem')]),
        ids('enunciado 13'),
      ]);
      expect(before).toEqual(['q13']);
      expect(await ids('niobio')).toEqual(['q78']);
      await writeCatalogIndex(opened);
      const again = await CatalogStore.open(dir);
      expect(await queryCatalog(again, catalogQuerySchema.parse({ text: 'zirconio hafnio' }))).toHaveLength(1);
      expect(await queryCatalog(again, catalogQuerySchema.parse({ text: 'enunciado 12' }))).toHaveLength(1);
    }
  });

  it('is written after changes, so the next start finds it fresh', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const workspace = await openWorkspace(temp.dir);
    await workspace.store.append([toStored(question(1), 'api:enem')]);
    await workspace.close();
    const store = await CatalogStore.open(join(temp.dir, 'catalog'));
    expect(store.fromIndex).toBe(true);
    expect((await store.loadOne('q1'))?.q.statement).toBe(question(1).statement);
  });

  it('a catalog of chunks written before bodies were read alone is rewritten once, and reads the same', async () => {
    const { dir, root, store } = await filled();
    const expected = await answers(store, root);
    // The older layout: each chunk one line of JSON.
    for (const name of await readdir(join(dir, 'chunks'))) {
      const path = join(dir, 'chunks', name);
      await writeFile(path, JSON.stringify(JSON.parse(await readFile(path, 'utf8'))));
    }
    const migrated = await CatalogStore.open(dir);
    expect(await answers(migrated, root)).toEqual(expected);
    for (const name of await readdir(join(dir, 'chunks'))) {
      expect((await readFile(join(dir, 'chunks', name), 'utf8')).split('\n').length).toBeGreaterThan(2);
    }
  });
});
