// A sync's chunk laid out from the API's answers as they came: each question's `q` is its item's
// text in the answer (found by item-spans.ts), not the parsed item written out again. Reading it
// back gives the same question (the text is what JSON.parse read); a page whose items cannot be
// found that way is written out as `layChunk` does. (On a worker thread it made the sync slower
// here: docs/performance.md.)
import { dataItemSpans } from '../api/item-spans.js';
import { ChunkWriter, type LaidLines, type StoredQuestion } from './chunk-file.js';

/** One page of a listing: the answer's text and the places in its `data` of the items kept. */
export interface RawPage {
  text: string;
  kept: readonly number[];
  /** How many items its `data` held, as parsed. */
  items: number;
}

/** What a chunk's lines hold besides the items' text: each question's `{"id":…,"q":` and `,"correctId":…}`. */
export interface LineParts {
  heads: string[];
  tails: string[];
}

/** JSON of a string or null. */
const jsonOf = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/**
 * Each question's line around its item, written out by hand: JSON.stringify of a small object for
 * each question cost 40 ms a sync. Null when the questions are not as many as the pages kept.
 */
export function linePartsOf(questions: readonly StoredQuestion[], pages: readonly RawPage[]): LineParts | null {
  let kept = 0;
  for (const page of pages) kept += page.kept.length;
  if (kept !== questions.length) return null;
  const heads: string[] = [];
  const tails: string[] = [];
  let sources = '';
  let sourcesKey: string | null = null;
  for (const question of questions) {
    // A sync's questions share their page's source list: written once a run of them.
    const key = question.sources.join('\u0000');
    if (key !== sourcesKey) {
      sourcesKey = key;
      sources = JSON.stringify(question.sources);
    }
    const year = question.year === null ? 'null' : String(question.year);
    heads.push(`{"id":${JSON.stringify(question.id)},"q":`);
    tails.push(
      `,"correctId":${jsonOf(question.correctId)},"year":${year},"difficulty":${jsonOf(question.difficulty)},"sources":${sources}}`,
    );
  }
  return { heads, tails };
}

/**
 * The chunk's bytes from its first line, its pages' answers and each line's parts. A page whose
 * items cannot be found is written out from `questions` (the stored forms, in the chunk's order);
 * without them, null.
 */
export function layPages(
  head: string,
  pages: readonly RawPage[],
  parts: LineParts,
  questions?: readonly StoredQuestion[],
): LaidLines | null {
  let chars = 0;
  for (const page of pages) chars += page.text.length;
  // Each line's own fields, over what the answer's text holds of it.
  const writer = new ChunkWriter(head, parts.heads.length, chars + 256 * parts.heads.length);
  let line = 0;
  for (const page of pages) {
    const spans = dataItemSpans(page.text, page.items);
    if (!spans && !questions) return null;
    // Line breaks between an item's tokens (a pretty-printed answer) would split its line.
    const multiline = page.text.includes('\n');
    for (const index of page.kept) {
      const start = spans?.starts[index];
      const end = spans?.ends[index];
      const question = questions?.[line];
      if (start === undefined || end === undefined) {
        if (!question) return null;
        writer.put(JSON.stringify(question));
      } else {
        const item = page.text.slice(start, end);
        writer.put(parts.heads[line] ?? '');
        writer.put(multiline ? item.replace(/[\r\n]/g, ' ') : item);
        writer.put(parts.tails[line] ?? '');
      }
      writer.endLine();
      line += 1;
    }
  }
  return writer.done();
}
