// A sync stores each question as the API wrote it: what is read back must be the question the
// client parsed, whatever the answer's spacing, escapes, extra fields or invalid items.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataItemSpans } from '../../../../main/core/api/item-spans.js';
import { atOf, chunkHead, readBodies, type Chunk } from '../../../../main/core/catalog/chunk-file.js';
import { arrivedPage, type RawPage } from '../../../../main/core/catalog/arrived-page.js';
import { layPages } from '../../../../main/core/catalog/page-layout.js';
import { searchTextOf } from '../../../../main/core/catalog/entry.js';
import { toStored } from '../../../../main/core/catalog/store.js';
import { questionSchema, type ApiQuestion } from '../../../../main/core/api/schemas.js';
import { tempDir } from '../../../support/temp.js';

let cleanup = () => Promise.resolve();
afterEach(() => cleanup());

const item = (n: number) => ({
  id: `q${n}`,
  // Quotes, escaped backslashes before quotes, braces and brackets inside strings, non-ASCII.
  statement: `Linha 1\nLinha 2 "citação" {não} [é] \\" ${'é'.repeat(n)} ${n}\\`,
  subject: { id: 's', name: 'História' },
  exam: n % 2 ? null : { id: 'e', name: 'ENEM "2020"' },
  year: n % 3 ? 2020 : null,
  alternatives: [
    { id: `a${n}`, letter: 'A', text: 'ç\r\n', isCorrect: true },
    { id: `b${n}`, letter: 'B', text: '}]', imageUrl: null },
  ],
  correctAlternative: 'A',
  extra: { nested: [[], {}, [1, { deep: '"}' }]], flag: false, count: -1.5e3 },
});

/** What the client does with an answer: parse, validate each item, keep the valid ones' places. */
function asClient(text: string): { questions: ApiQuestion[]; raw: RawPage } {
  const data = (JSON.parse(text) as { data: unknown[] }).data;
  const questions: ApiQuestion[] = [];
  const kept: number[] = [];
  data.forEach((value, index) => {
    if (questionSchema.safeParse(value).success) {
      questions.push(value as ApiQuestion);
      kept.push(index);
    }
  });
  return { questions, raw: { text, kept, items: data.length } };
}

async function readBack(chunk: Chunk, raws: RawPage[]) {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  const { questions, ...envelope } = chunk;
  // What a sync keeps of each page from its arrival to its write.
  let first = 0;
  const arrived = raws.map((raw, n) => {
    const count = chunk.pages[n]?.count ?? 0;
    first += count;
    return arrivedPage(raw, questions.slice(first - count, first));
  });
  const lean = arrived.flatMap((page) => page.questions);
  const laid = layPages(
    chunkHead(envelope),
    arrived.map((page) => page.items),
    lean,
  );
  if (!laid) throw new Error('not laid out');
  const path = join(temp.dir, 'chunk.json');
  await writeFile(path, laid.bytes);
  const at = atOf(chunk.seq, laid);
  const bodies = await readBodies(
    path,
    questions.map((q, i) => ({ id: q.id, at: at[i] ?? { seq: chunk.seq, offset: -1, length: 0 } })),
  );
  return {
    whole: JSON.parse(laid.bytes.toString('utf8')) as Chunk,
    bodies: bodies.map((b) => b.body),
    lean,
  };
}

describe('a chunk laid out from the answers’ text', () => {
  const answers = {
    compact: JSON.stringify({ data: [1, 2, 3].map(item), meta: { total: 3 } }),
    pretty: JSON.stringify({ meta: { total: 3 }, data: [1, 2, 3].map(item) }, null, 2),
    'escaped and spaced': ` { "meta" : { "total" : 3, "data": "not this" } , "data" : [ ${[1, 2, 3]
      .map((n) => JSON.stringify(item(n)).replace(/é/g, '\\u00e9').replace(/ç/g, '\\u00e7'))
      .join(' ,\r\n\t')} ] } `,
    'with invalid items': JSON.stringify({
      data: [item(1), { id: 'bad' }, 7, 'text', null, item(2), [item(9)], item(3)],
      meta: { total: 8 },
    }),
  };

  for (const [name, text] of Object.entries(answers)) {
    it(`reads back as the parsed questions: ${name}`, async () => {
      const first = asClient(text);
      const second = asClient(JSON.stringify({ data: [item(4)], meta: { total: 1 } }));
      const questions = [...first.questions, ...second.questions].map((q) => toStored(q, 'api:enem', { year: 1999 }));
      const chunk: Chunk = {
        seq: 3,
        run: 'r',
        pages: [
          { listing: 'l', page: 1, total: 4, count: first.questions.length },
          { listing: 'l', page: 2, total: 4, count: 1 },
        ],
        questions,
      };
      const { whole, bodies, lean } = await readBack(chunk, [first.raw, second.raw]);
      expect(questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
      expect(whole).toEqual(chunk);
      expect(bodies).toEqual(questions);
      // What the sync kept for the entries and the search index is what the whole questions give.
      expect(lean.map(({ searchText: t }) => t.bytes.toString('utf8', t.start, t.end))).toEqual(
        questions.map(searchTextOf),
      );
      expect(lean.map(({ searchText: _, q, ...meta }) => ({ ...meta, subject: q.subject, exam: q.exam }))).toEqual(
        questions.map(({ q, ...meta }) => ({ ...meta, subject: q.subject, exam: q.exam })),
      );
    });
  }

  it('finds each item of `data`, or says it cannot', () => {
    const text = answers['with invalid items'];
    const spans = dataItemSpans(answers.compact, 3);
    expect(spans && [...spans.starts].map((s, i) => JSON.parse(answers.compact.slice(s, spans.ends[i])))).toEqual(
      [1, 2, 3].map(item),
    );
    // Items that are not objects, `data` named twice, a count that differs: not found.
    expect(dataItemSpans(text, 8)).toBeNull();
    expect(dataItemSpans('{"data":[{"a":1}],"data":[{"a":2}]}', 1)).toBeNull();
    expect(dataItemSpans(answers.compact, 2)).toBeNull();
    expect(dataItemSpans('[{"a":1}]', 1)).toBeNull();
  });

  it('is refused when the questions are not the pages’ kept items', () => {
    const { questions, raw } = asClient(answers.compact);
    const { questions: lean, items } = arrivedPage(
      raw,
      questions.map((q) => toStored(q, 'api:enem')),
    );
    expect(layPages('{"questions":[\n', [items], lean.slice(1))).toBeNull();
    expect(layPages('{"questions":[\n', [items, items], lean)).toBeNull();
  });
});
