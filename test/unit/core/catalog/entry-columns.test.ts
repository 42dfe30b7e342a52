import { describe, expect, it } from 'vitest';
import type { ApiQuestion } from '../../../../main/core/api/schemas.js';
import { EntryColumns } from '../../../../main/core/catalog/entry-columns.js';
import { toStored, type StoredQuestion } from '../../../../main/core/catalog/store.js';
import type { BodyAt } from '../../../../main/core/catalog/chunk-file.js';

const question = (n: number, extra: Partial<ApiQuestion> = {}): ApiQuestion => ({
  id: `q${n}`,
  statement: `Enunciado ${n}`,
  imageUrl: n % 2 ? `https://cdn.example/${n}.png` : null,
  subject: { id: `s${n % 3}`, name: ['Física', 'História', 'Biologia'][n % 3] },
  exam: n % 5 === 0 ? null : { id: `e${n % 2}`, name: n % 2 ? 'FUVEST' : 'ENEM' },
  year: n % 4 === 0 ? undefined : 2015 + (n % 4),
  difficulty: n % 4 === 0 ? undefined : (['easy', 'medium', 'hard'] as const)[n % 3],
  alternatives: [
    { id: `a${n}`, letter: 'A', text: 'x', isCorrect: true, imageUrl: n % 3 ? null : `https://cdn.example/a${n}.png` },
    { id: `b${n}`, letter: 'B', text: 'y', isCorrect: false },
  ],
  correctAlternative: 'A',
  ...extra,
});

const stored = (n: number, extra: Partial<ApiQuestion> = {}): StoredQuestion =>
  toStored(question(n, extra), n % 2 ? 'api:vestibulares' : 'pack:p');
const at = (n: number) => ({ seq: 1 + (n % 3), offset: n * 100, length: 90 + n });
const plain = (columns: EntryColumns) => JSON.parse(JSON.stringify([...columns.values()])) as unknown[];

/** What the entry of a stored question says, written out by hand from the question. */
function expected(record: StoredQuestion, where: ReturnType<typeof at>) {
  const { q } = record;
  const images = [q.imageUrl, ...q.alternatives.map((a) => a.imageUrl)].filter((u): u is string => Boolean(u));
  return {
    id: record.id,
    q: {
      id: q.id,
      subject: q.subject,
      exam: q.exam ?? null,
      ...(q.imageUrl && { imageUrl: q.imageUrl }),
      ...((q as { sealedAnswer?: unknown }).sealedAnswer !== undefined && { sealedAnswer: true }),
    },
    correctId: record.correctId,
    keyed: record.correctId !== null,
    year: record.year,
    difficulty: record.difficulty,
    sources: record.sources,
    images: [...new Set(images)],
    at: where,
  };
}

/** As the store writes a question: into its own row when the columns have one. */
function put(columns: EntryColumns, record: StoredQuestion, where: BodyAt) {
  columns.set(record, where, columns.rowOf(record.id));
}

describe('the catalog entries as columns', () => {
  it('read back every field a question gave, absent ones as null', () => {
    const columns = new EntryColumns();
    const records = Array.from({ length: 40 }, (_, n) => stored(n, n === 7 ? { sealedAnswer: true } : {}));
    records.forEach((record, n) => put(columns, record, at(n)));
    expect(columns.size).toBe(40);
    expect(plain(columns)).toEqual(records.map((record, n) => expected(record, at(n))));
    expect(columns.get('q4')?.year).toBeNull();
    expect(columns.get('q4')?.difficulty).toBeNull();
    expect(columns.get('q5')?.q.exam).toBeNull();
    expect(columns.get('q7')?.q.sealedAnswer).toBe(true);
    expect(columns.get('nope')).toBeUndefined();
  });

  it('a newer version keeps its place and replaces every field; a removed id is gone from every read', () => {
    const columns = new EntryColumns();
    for (let n = 0; n < 5; n++) put(columns, stored(n), at(n));
    const newer = { ...stored(2, { imageUrl: null }), year: 2024, difficulty: 'hard' as const, correctId: 'b2' };
    put(columns, newer, at(9));
    expect([...columns.keys()]).toEqual(['q0', 'q1', 'q2', 'q3', 'q4']);
    expect(JSON.parse(JSON.stringify(columns.get('q2')))).toEqual(expected(newer, at(9)));
    expect(columns.delete('q1')).toBe(true);
    expect([...columns.keys()]).toEqual(['q0', 'q2', 'q3', 'q4']);
    expect(columns.has('q1')).toBe(false);
    expect(columns.size).toBe(4);
    columns.move('q3', { seq: 7, offset: 5, length: 6 });
    expect(columns.get('q3')?.at).toEqual({ seq: 7, offset: 5, length: 6 });
    expect(columns.get('q3')?.year).toBe(stored(3).year);
  });

  it('keeps every form of key exactly: UUIDs (held as bytes), other strings, none', () => {
    const keys = [
      '0f8e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '00000000-0000-0000-0000-000000000000',
      '0F8E2D3C-4B5A-4978-8A6B-5C4D3E2F1A0B',
      '0f8e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0', // 35 characters
      '0f8e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0bb',
      '0f8e2d3c+4b5a-4978-8a6b-5c4d3e2f1a0b',
      '0f8e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0g',
      'A',
      '',
      null,
    ];
    const columns = new EntryColumns();
    keys.forEach((key, n) => put(columns, { ...stored(n), correctId: key }, at(n)));
    expect(keys.map((_, n) => columns.get(`q${n}`)?.correctId)).toEqual(keys);
    expect(keys.map((_, n) => columns.get(`q${n}`)?.keyed)).toEqual(keys.map((key) => key !== null));
    const { tables, columns: saved } = columns.save();
    const restored = EntryColumns.restore(tables, saved);
    expect(keys.map((_, n) => restored?.get(`q${n}`)?.correctId)).toEqual(keys);
  });

  it('saved and restored, reads the same, removed rows left out', () => {
    const columns = new EntryColumns();
    for (let n = 0; n < 3000; n++) put(columns, stored(n, n === 11 ? { sealedAnswer: true } : {}), at(n));
    for (let n = 0; n < 3000; n += 7) columns.delete(`q${n}`);
    const { tables, columns: saved } = columns.save();
    const restored = EntryColumns.restore(
      JSON.parse(JSON.stringify(tables)) as typeof tables,
      JSON.parse(JSON.stringify(saved)) as typeof saved,
    );
    expect(restored?.size).toBe(columns.size);
    expect(restored && plain(restored)).toEqual(plain(columns));
  });

  it('an id saved twice is one entry, its later row, as a later page is in the chunks', () => {
    const columns = new EntryColumns();
    for (let n = 0; n < 4; n++) put(columns, stored(n), at(n));
    const { tables, columns: saved } = columns.save();
    const twice = EntryColumns.restore(tables, { ...saved, ids: ['q0', 'q1', 'q0', 'q3'] });
    expect(twice?.get('q0')?.at).toEqual(at(2));
    expect(twice?.size).toBe(3);
    expect(twice && [...twice.keys()]).toEqual(['q1', 'q0', 'q3']);
  });

  it('refuses saved columns that do not hold together (the index is then rebuilt from the chunks)', () => {
    const columns = new EntryColumns();
    for (let n = 0; n < 10; n++) put(columns, stored(n), at(n));
    const { tables, columns: saved } = columns.save();
    expect(EntryColumns.restore(tables, saved)).not.toBeNull();
    expect(EntryColumns.restore(tables, { ...saved, year: saved.year.slice(1) })).toBeNull();
    expect(EntryColumns.restore(tables, { ...saved, subject: saved.subject.map(() => 99) })).toBeNull();
    expect(EntryColumns.restore(tables, { ...saved, exam: saved.exam.map(() => -2) })).toBeNull();
    expect(EntryColumns.restore(tables, { ...saved, extras: [[10, {}]] })).toBeNull();
    expect(EntryColumns.restore(tables, { ...saved, keys: saved.keys.slice(8) })).toBeNull();
    expect(EntryColumns.restore(tables, { ...saved, otherKeys: saved.otherKeys.slice(1) })).toBeNull();
    expect(
      EntryColumns.restore(tables, { ...saved, year: saved.year.map((y, n) => (n === 3 ? 2015.5 : y)) }),
    ).toBeNull();
    expect(EntryColumns.restore(tables, { ...saved, offset: saved.offset.map(() => 2 ** 40) })).toBeNull();
    expect(EntryColumns.restore(tables, { ...saved, otherKeys: [[0, 'x']] })).toBeNull();
    expect(EntryColumns.restore(tables, { ...saved, extras: [[1, { altImages: [3] }]] as never })).toBeNull();
    expect(EntryColumns.restore(tables, { ...saved, extras: [5] as never })).toBeNull();
    expect(EntryColumns.restore({ ...tables, subjects: [...tables.subjects, ...tables.subjects] }, saved)).toBeNull();
  });
});
