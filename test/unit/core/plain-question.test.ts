// The client's fast yes (plain-question.ts) must never accept an item the spec's wire schema refuses,
// nor one the normaliser would change or note (the fast path stores the item as it came): every way an
// item can differ from a good one, field by field (the fields read from the schemas themselves, so a
// field added there is tried here too), is checked against zod and normal-question.ts.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isPlainlyValidQuestion } from '../../../main/core/api/plain-question.js';
import { normalQuestion } from '../../../main/core/api/normal-question.js';
import { alternativeSchema, questionSchema, wireQuestionSchema } from '../../../main/core/api/schemas.js';

/** What the slow path makes of an item: refused (null), or its kept form and notes. */
function slowPath(item: unknown) {
  const wire = wireQuestionSchema.safeParse(item);
  return wire.success ? normalQuestion(wire.data) : null;
}

/** As JSON carries it (an `undefined` field is no field). */
const asSent = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

/** The slow path keeps the item exactly as it came, noting nothing. */
function slowPathKeepsAsIs(item: unknown): boolean {
  const normal = slowPath(item);
  return normal !== null && normal.unreadable.length === 0 && isDeepStrictEqual(asSent(normal.question), asSent(item));
}

type Item = Record<string, unknown>;

const good = (): Item => ({
  id: '2f1c6a1e-4a7b-4d0e-9a53-0c6f7a1b2c3d',
  statement: 'Qual é a capital do Brasil?',
  imageUrl: null,
  subject: { id: 'geo', name: 'Geografia', area: 'humanas' },
  exam: { id: 'enem-2020', name: 'ENEM 2020' },
  year: 2020,
  difficulty: 'easy',
  alternatives: [
    { id: 'a', letter: 'A', text: 'Brasília', imageUrl: null, isCorrect: true },
    { id: 'b', letter: 'B', text: 'Rio de Janeiro', isCorrect: false },
  ],
  correctAlternative: 'A',
  source: { extra: ['fields', 'kept'] },
});

const VALUES: unknown[] = [undefined, null, '', 'x', 0, -1, 1.5, 2 ** 60, Number.NaN, true, [], {}, [{}], ['x']];

/** The item with `path` set to each value, and with it removed. */
function variants(base: () => Item, path: (item: Item) => Item, key: string): Item[] {
  const made: Item[] = [];
  for (const value of VALUES) {
    const item = base();
    path(item)[key] = value;
    made.push(item);
  }
  const removed = base();
  Reflect.deleteProperty(path(removed), key);
  made.push(removed);
  return made;
}

const top = (item: Item) => item;
const nested = (key: string) => (item: Item) => item[key] as Item;
const firstAlternative = (item: Item) => (item.alternatives as Item[])[0] as Item;

function everyVariant(): Item[] {
  const all: Item[] = [];
  const shape = questionSchema.shape;
  for (const key of [...Object.keys(shape), 'unknown']) all.push(...variants(good, top, key));
  for (const key of [...Object.keys(shape.subject.shape), 'unknown'])
    all.push(...variants(good, nested('subject'), key));
  for (const key of ['id', 'name', 'unknown']) all.push(...variants(good, nested('exam'), key));
  for (const key of [...Object.keys(alternativeSchema.shape), 'unknown'])
    all.push(...variants(good, firstAlternative, key));
  // Whole parts of other kinds, and an item that is not an object.
  for (const key of ['subject', 'exam', 'alternatives'])
    for (const value of VALUES) all.push({ ...good(), [key]: value });
  all.push({ ...good(), alternatives: [] }, { ...good(), alternatives: [good().alternatives, 'x'] });
  for (const value of VALUES) all.push(value as Item);
  return all;
}

describe('the client’s fast check of a question', () => {
  it('says yes to a good item, with or without its optional parts, so the fast path is taken', () => {
    expect(isPlainlyValidQuestion(good())).toBe(true);
    const bare = good();
    for (const key of ['imageUrl', 'exam', 'year', 'difficulty', 'source']) Reflect.deleteProperty(bare, key);
    expect(isPlainlyValidQuestion(bare)).toBe(true);
    expect(isPlainlyValidQuestion({ ...good(), exam: null, year: null, correctAlternative: null })).toBe(true);
    expect(slowPathKeepsAsIs(good())).toBe(true);
  });

  it('never says yes to an item the wire schema refuses or the normaliser would change', () => {
    const all = everyVariant();
    expect(all.length).toBeGreaterThan(300);
    const wrong = all.filter(
      (item) => isPlainlyValidQuestion(item) && !(slowPathKeepsAsIs(item) && questionSchema.safeParse(item).success),
    );
    expect(wrong).toEqual([]);
    // And it is not a check that says no to everything: most single changes the slow path keeps as
    // they came, it accepts.
    const bothYes = all.filter((item) => isPlainlyValidQuestion(item)).length;
    const slowYes = all.filter(slowPathKeepsAsIs).length;
    expect(bothYes).toBeGreaterThan(slowYes * 0.9);
  });

  it('leaves to the slow path the forms a faithful server may send, which it keeps', () => {
    const variants: Item[] = [
      { ...good(), year: '2020' },
      { ...good(), year: { value: 2020 } },
      { ...good(), difficulty: 3 },
      { ...good(), difficulty: 'HARD' },
      { ...good(), subject: { id: 'geo', name: null } },
      { ...good(), exam: { id: 17, name: 'ENEM 2020' } },
      { ...good(), imageUrl: 42 },
    ];
    for (const item of variants) {
      expect(isPlainlyValidQuestion(item)).toBe(false);
      expect(slowPath(item)?.question.id).toBe(good().id);
    }
  });
});
