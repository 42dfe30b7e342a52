// The saved index (catalog/index.json) is a copy of the chunks, never the truth: a damaged copy —
// a key changed, two rows' byte ranges swapped, one id on two rows, a length past the file, a row
// naming a chunk that is not there — can neither change a grade nor lose a question whose chunk
// line is whole. Only a line that is itself damaged costs its question, and that is said.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiQuestion } from '../../../main/core/api/schemas.js';
import { CatalogStore, toStored } from '../../../main/core/catalog/store.js';
import { writeCatalogIndex } from '../../../main/core/catalog/summary-index.js';
import type { StorageContext } from '../../../main/core/util/storage.js';
import { tempDir } from '../../support/temp.js';

let cleanup: () => Promise<void> = () => Promise.resolve();
afterEach(() => cleanup());

const LETTERS = ['A', 'B', 'C', 'D', 'E'];
/** An alternative's id as the API writes it (a UUID: the index keeps it as 16 bytes). */
const altId = (n: number, i: number) => `00000000-0000-4000-8000-${String(n * 10 + i).padStart(12, '0')}`;

const question = (n: number): ApiQuestion => ({
  id: `q${n}`,
  statement: `Enunciado ${n}`,
  imageUrl: null,
  subject: { id: `s${n % 3}`, name: ['Física', 'História', 'Biologia'][n % 3] },
  alternatives: LETTERS.map((letter, i) => ({
    id: altId(n, i),
    letter,
    text: `${letter} ${n}`,
    isCorrect: i === n % 5,
  })),
  correctAlternative: LETTERS[n % 5],
});

const QUESTIONS = 30;

interface Told {
  notices: { kind: string }[];
  context: StorageContext;
}

function listener(): Told {
  const notices: { kind: string }[] = [];
  return { notices, context: { readOnly: false, notices: { report: (notice) => void notices.push(notice) } } };
}

/** A catalog of two chunks with its saved index, and the index as JSON to damage. */
async function saved() {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  const dir = join(temp.dir, 'catalog');
  const store = await CatalogStore.open(dir);
  await store.append(Array.from({ length: 20 }, (_, n) => toStored(question(n), 'api:enem')));
  await store.append(Array.from({ length: QUESTIONS - 20 }, (_, n) => toStored(question(n + 20), 'api:enem')));
  await writeCatalogIndex(store);
  const path = join(dir, 'index.json');
  const index = JSON.parse(await readFile(path, 'utf8')) as { columns: Record<string, unknown[] | string> };
  const write = (columns: Record<string, unknown>) =>
    writeFile(path, JSON.stringify({ ...index, columns: { ...index.columns, ...columns } }));
  const column = (name: string) => [...(index.columns[name] as number[])];
  const rowOf = (id: string) => (index.columns.ids as string[]).indexOf(id);
  return { dir, index, write, column, rowOf };
}

/** Every question's key as the catalog gives it to an exam, by id. */
async function keys(store: CatalogStore): Promise<Record<string, string | null>> {
  const all = await store.loadAll();
  return Object.fromEntries(all.map((q) => [q.id, q.correctId]));
}

const truth = Object.fromEntries(Array.from({ length: QUESTIONS }, (_, n) => [`q${n}`, altId(n, n % 5)]));

describe('a damaged saved index', () => {
  it('a key changed in the index: grading takes the line’s key, and the entries are made again from the chunks', async () => {
    const { dir, index, write, rowOf } = await saved();
    const keys16 = Buffer.from(index.columns.keys as string, 'base64');
    const row = rowOf('q7');
    // q7's key is its C; the index says D.
    Buffer.from(altId(7, 3).replaceAll('-', ''), 'hex').copy(keys16, row * 16);
    await write({ keys: keys16.toString('base64') });
    const told = listener();
    const store = await CatalogStore.open(dir, told.context);
    expect(store.fromIndex).toBe(true);
    expect(store.get('q7')?.correctId).toBe(altId(7, 3)); // the copy, before any body is read
    const [q7] = await store.load(['q7']);
    expect(q7?.correctId).toBe(altId(7, 2));
    expect(store.indexRebuilds).toBe(1);
    expect(store.get('q7')?.correctId).toBe(altId(7, 2));
    expect(await keys(store)).toEqual(truth);
    expect(told.notices).toEqual([]);
  });

  it('two rows’ byte ranges swapped: both questions are read where their lines are, none is dropped, on this start and the next', async () => {
    const { dir, write, column, rowOf } = await saved();
    const [a, b] = [rowOf('q3'), rowOf('q4')];
    const offset = column('offset');
    const length = column('length');
    [offset[a], offset[b]] = [offset[b] ?? 0, offset[a] ?? 0];
    [length[a], length[b]] = [length[b] ?? 0, length[a] ?? 0];
    await write({ offset, length });
    const told = listener();
    const store = await CatalogStore.open(dir, told.context);
    expect(store.fromIndex).toBe(true);
    expect(await keys(store)).toEqual(truth);
    expect(store.damagedDropped).toBe(0);
    expect(told.notices).toEqual([]);
    expect(await keys(await CatalogStore.open(dir))).toEqual(truth);
  });

  it('one id written on two rows: the question the copy lost is found in its chunk, and none is deleted', async () => {
    const { dir, write, index, rowOf } = await saved();
    const ids = [...(index.columns.ids as string[])];
    ids[rowOf('q5')] = 'q6';
    await write({ ids });
    const told = listener();
    const store = await CatalogStore.open(dir, told.context);
    // The first read makes the map of ids, which finds the id twice: the entries are made again.
    const first = await keys(store);
    expect(Object.keys(first).length).toBeGreaterThanOrEqual(QUESTIONS - 1);
    await store.indexChecked();
    expect(store.indexRebuilds).toBe(1);
    expect(await keys(store)).toEqual(truth);
    expect(store.size).toBe(QUESTIONS);
    expect(told.notices).toEqual([]);
    // The workspace writes the index after the change (onChange): the next start reads it whole.
    await writeCatalogIndex(store);
    const again = await CatalogStore.open(dir);
    expect(again.fromIndex).toBe(true);
    expect(again.size).toBe(QUESTIONS);
    expect(await keys(again)).toEqual(truth);
  });

  it('reads, a write and a search sent at once over a damaged index: every question whole, the new one kept, none dropped', async () => {
    const { dir, write, column, rowOf } = await saved();
    const [a, b] = [rowOf('q3'), rowOf('q24')];
    const offset = column('offset');
    const length = column('length');
    const seq = column('seq');
    // Two rows of two chunks point at each other's lines: the first read of either rebuilds.
    [offset[a], offset[b]] = [offset[b] ?? 0, offset[a] ?? 0];
    [length[a], length[b]] = [length[b] ?? 0, length[a] ?? 0];
    [seq[a], seq[b]] = [seq[b] ?? 0, seq[a] ?? 0];
    await write({ offset, length, seq });
    const store = await CatalogStore.open(dir);
    expect(store.fromIndex).toBe(true);
    const [both, all, , found] = await Promise.all([
      store.load(['q3', 'q24']),
      keys(store),
      store.append([toStored(question(QUESTIONS), 'api:enem')]),
      store.matchWords(['enunciado']),
    ]);
    expect(both.map((q) => q.id)).toEqual(['q3', 'q24']);
    expect(both.map((q) => q.correctId)).toEqual([truth.q3, truth.q24]);
    // Read while the write ran: every earlier question, whatever the write's place in the queue.
    for (const [id, key] of Object.entries(truth)) expect(all[id], id).toBe(key);
    expect(found?.size).toBeGreaterThanOrEqual(QUESTIONS);
    expect(store.indexRebuilds).toBe(1);
    expect(store.damagedDropped).toBe(0);
    expect(await keys(store)).toEqual({ ...truth, [`q${QUESTIONS}`]: altId(QUESTIONS, QUESTIONS % 5) });
  });

  it('a length of 2 GB, or a row naming a chunk that does not exist: the index is not used, the library and its bodies answer', async () => {
    const { dir, write, column, rowOf } = await saved();
    const length = column('length');
    length[rowOf('q2')] = 2 ** 31;
    await write({ length });
    const long = await CatalogStore.open(dir);
    expect(long.fromIndex).toBe(false);
    expect(await keys(long)).toEqual(truth);
    const seq = column('seq');
    seq[rowOf('q9')] = 77;
    await write({ seq });
    const missing = await CatalogStore.open(dir);
    expect(missing.fromIndex).toBe(false);
    expect(await keys(missing)).toEqual(truth);
  });

  it('a line that is itself damaged costs only its question, said once, and the index is not blamed again', async () => {
    const { dir, rowOf, column } = await saved();
    const chunk = join(dir, 'chunks', '00000001.json');
    const bytes = await readFile(chunk);
    const row = rowOf('q11');
    const at = (column('offset')[row] ?? 0) + 5;
    bytes[at] = 0x7b; // '{' inside the line: it no longer parses
    await writeFile(chunk, bytes);
    const told = listener();
    // The chunk's size is unchanged, so the index is used; the line's damage is found when read.
    const store = await CatalogStore.open(dir, told.context);
    expect(store.fromIndex).toBe(true);
    const read = await keys(store);
    const { q11: _lost, ...rest } = truth;
    expect(read).toEqual(rest);
    expect(store.damagedDropped).toBe(1);
    expect(told.notices.map((n) => n.kind)).toEqual(['catalog-chunk']);
  });
});
