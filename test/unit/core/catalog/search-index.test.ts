import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../../../../main/core/catalog/search-index.js';
import { decodeSearchIndex, encodeSearchIndex, openSavedSearch } from '../../../../main/core/catalog/search-file.js';

const texts: Record<string, string> = {
  q1: 'A Revolução Industrial começou na Inglaterra.',
  q2: 'O período colonial e a revolução pernambucana.',
  q3: 'Função afim: f(x) = 2x + 3, no ano de 1989.',
  q4: 'REVOLUÇÃO FRANCESA; Iluminismo.',
  q5: 'The main idea of the text.',
};

function filled() {
  const index = new SearchIndex();
  for (const [id, text] of Object.entries(texts)) index.add(id, text);
  return index;
}

const sorted = (found: Set<string> | null) => (found ? [...found].sort() : null);

describe('the search index', () => {
  it('finds every word as a prefix, accents and case aside, all words required', () => {
    const index = filled();
    expect(sorted(index.match(['revolucao']))).toEqual(['q1', 'q2', 'q4']);
    expect(sorted(index.match(['REVOL', 'industrial']))).toEqual(['q1']);
    expect(sorted(index.match(['funcao']))).toEqual(['q3']);
    expect(sorted(index.match(['198']))).toEqual(['q3']);
    expect(sorted(index.match(['revolução', 'inglês']))).toEqual([]);
    // One-letter words tell nothing: no constraint from them alone.
    expect(index.match(['a'])).toBeNull();
  });

  it('answers the same after freezing, after a save and a load, and after replacing and removing', () => {
    const index = filled();
    const queries = [['revolucao'], ['revol', 'industrial'], ['funcao'], ['the'], ['x'], ['3'], ['colon']];
    const before = queries.map((q) => sorted(index.match(q)));
    const frozen = index.freeze();
    expect(queries.map((q) => sorted(index.match(q)))).toEqual(before);
    const loaded = new SearchIndex(
      decodeSearchIndex(Buffer.from(encodeSearchIndex(frozen, [1, 2])), [1, 2]) ?? undefined,
    );
    expect(queries.map((q) => sorted(loaded.match(q)))).toEqual(before);
    expect(loaded.size, 'a loaded index counts its questions before anything changes it').toBe(5);
    // Changes on top of a loaded index, then frozen again: the same as an index built fresh that way.
    loaded.add('q1', 'Texto novo sobre a Revolução Russa.');
    loaded.remove('q4');
    loaded.add('q6', 'Revolução Industrial, segunda fase.');
    const fresh = new SearchIndex();
    for (const [id, text] of Object.entries({
      ...texts,
      q1: 'Texto novo sobre a Revolução Russa.',
      q6: 'Revolução Industrial, segunda fase.',
    }))
      if (id !== 'q4') fresh.add(id, text);
    const more = [...queries, ['russa'], ['francesa'], ['segunda']];
    const expected = more.map((q) => sorted(fresh.match(q)));
    expect(more.map((q) => sorted(loaded.match(q)))).toEqual(expected);
    expect(loaded.size, 'one replaced, one removed, one added').toBe(5);
    loaded.freeze();
    expect(more.map((q) => sorted(loaded.match(q)))).toEqual(expected);
    expect(loaded.size).toBe(5);
    // Changed again after the freeze: the removed question is gone, the size follows.
    loaded.remove('q6');
    expect(loaded.size).toBe(4);
    expect(sorted(loaded.match(['industrial']))).toEqual([]);
    loaded.add('q6', 'Revolução Industrial, segunda fase.');
    expect(sorted(loaded.match(['industrial']))).toEqual(['q6']);
  });

  it('a saved index made from other chunks, cut short or damaged is not used', () => {
    const bytes = Buffer.from(encodeSearchIndex(filled().freeze(), [1, 2]));
    expect(decodeSearchIndex(bytes, [1, 2])).not.toBeNull();
    expect(decodeSearchIndex(bytes, [1, 2, 3])).toBeNull();
    expect(decodeSearchIndex(bytes.subarray(0, bytes.length - 4), [1, 2])).toBeNull();
    expect(decodeSearchIndex(Buffer.from([255, 255, 255, 255, 1]), [1, 2])).toBeNull();
    const pointsOutside = Buffer.from(bytes);
    pointsOutside.writeUInt32LE(999, pointsOutside.length - 4);
    expect(decodeSearchIndex(pointsOutside, [1, 2])).toBeNull();
  });

  it('a loaded index is read when first needed, and changes on it are never lost', () => {
    const bytes = Buffer.from(encodeSearchIndex(filled().freeze(), [1, 2]));
    const saved = openSavedSearch(bytes, [1, 2]);
    expect(saved).not.toBeNull();
    const lazy = new SearchIndex(saved ?? undefined);
    expect(lazy.decoded).toBe(false);
    expect(lazy.size).toBe(5);
    // A change (a sync's page) reads it first: the replaced question is found by its new words only.
    lazy.add('q2', 'Agora sobre a Guerra do Paraguai.');
    expect(lazy.decoded).toBe(true);
    expect(lazy.size).toBe(5);
    expect(sorted(lazy.match(['revolucao']))).toEqual(['q1', 'q4']);
    expect(sorted(lazy.match(['paraguai']))).toEqual(['q2']);
    // A changed byte in the words, or another chunk list, is refused before anything is decoded.
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 9] = (flipped[flipped.length - 9] ?? 0) ^ 0x10;
    expect(openSavedSearch(flipped, [1, 2])).toBeNull();
    expect(openSavedSearch(bytes, [1])).toBeNull();
  });
});
