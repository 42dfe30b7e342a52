import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyRanges, layChunk, readBodies, type Chunk } from '../../../../main/core/catalog/chunk-file.js';
import { toStored } from '../../../../main/core/catalog/store.js';
import { tempDir } from '../../../support/temp.js';

let cleanup = () => Promise.resolve();
afterEach(() => cleanup());

const question = (n: number) =>
  toStored(
    {
      id: `q${n}`,
      // Line breaks, quotes and non-ASCII inside the text: a body is still one line of the file.
      statement: `Linha 1\nLinha 2 "citação" ${'é'.repeat(n)} ${n}`,
      subject: { id: 's', name: 'História' },
      alternatives: [{ id: `a${n}`, letter: 'A', text: 'ç\r\n', isCorrect: true }],
      correctAlternative: 'A',
    },
    'api:enem',
  );

describe('a chunk file', () => {
  it('is plain JSON, and every question can be read alone by its byte range', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const chunk: Chunk = {
      seq: 7,
      run: 'r',
      pages: [{ listing: 'l', page: 1, total: 3, count: 3 }],
      questions: [1, 2, 3].map(question),
    };
    const { bytes, at } = layChunk(chunk);
    const text = bytes.toString('utf8');
    expect(JSON.parse(text)).toEqual(chunk);
    const path = join(temp.dir, 'chunk.json');
    await writeFile(path, text);
    expect(at.every((range) => range.offset > 0)).toBe(true);
    const wanted = [2, 0].map((i) => ({ id: `q${i + 1}`, at: at[i] ?? { seq: 7, offset: -1, length: 0 } }));
    expect((await readBodies(path, wanted)).map((read) => read.body)).toEqual([question(3), question(1)]);
  });

  it('of the older one-line layout has no ranges, and is read whole', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const chunk: Chunk = { seq: 1, run: null, pages: [], questions: [1, 2].map(question) };
    const text = JSON.stringify(chunk);
    const path = join(temp.dir, 'old.json');
    await writeFile(path, text);
    const ranges = bodyRanges(Buffer.from(text), 1, 2);
    expect(ranges.every((r) => r.offset === -1)).toBe(true);
    expect(
      (await readBodies(path, [{ id: 'q2', at: ranges[1] ?? { seq: 1, offset: -1, length: 0 } }])).map(
        (read) => read.body,
      ),
    ).toEqual([question(2)]);
  });

  it('a range holding another question, a line that does not parse, or one past the end is that question’s damage alone', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const { bytes: text, at } = layChunk({ seq: 1, run: null, pages: [], questions: [1, 2, 3].map(question) });
    const path = join(temp.dir, 'c.json');
    const bytes = Buffer.from(text);
    // q3's line: one byte flipped inside its JSON.
    const q3 = at[2] ?? { seq: 1, offset: 0, length: 0 };
    bytes[q3.offset + 2] = 0x7b;
    await writeFile(path, bytes);
    const none = { seq: 1, offset: -1, length: 0 };
    const read = await readBodies(path, [
      { id: 'q1', at: at[1] ?? none }, // q2's line
      { id: 'q2', at: at[1] ?? none },
      { id: 'q3', at: q3 },
      { id: 'q1', at: { seq: 1, offset: bytes.length - 2, length: 50 } }, // past the end
    ]);
    expect(read.map((r) => r.body?.id ?? null)).toEqual([null, 'q2', null, null]);
  });
});
