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

/** JSON of a string or null. */
const jsonOf = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/**
 * The chunk's bytes from its first line and its pages' answers: `questions` are the stored forms of
 * the pages' kept items, page after page. A line's own fields are written by hand around its item's
 * text (JSON.stringify of a small object for each question cost 40 ms a sync). A page whose items
 * cannot be found is written out whole; null when the questions are not as many as the pages kept.
 */
export function layPages(
  head: string,
  pages: readonly RawPage[],
  questions: readonly StoredQuestion[],
): LaidLines | null {
  let chars = 0;
  let kept = 0;
  for (const page of pages) {
    chars += page.text.length;
    kept += page.kept.length;
  }
  if (kept !== questions.length) return null;
  // Each line's own fields, over what the answer's text holds of it.
  const writer = new ChunkWriter(head, questions.length, chars + 256 * questions.length);
  let line = 0;
  let sources = '';
  let sourcesKey: string | null = null;
  for (const page of pages) {
    const spans = dataItemSpans(page.text, page.items);
    // Line breaks between an item's tokens (a pretty-printed answer) would split its line.
    const multiline = page.text.includes('\n');
    for (const index of page.kept) {
      const question = questions[line++];
      if (!question) return null;
      const start = spans?.starts[index];
      const end = spans?.ends[index];
      if (start === undefined || end === undefined) {
        writer.put(JSON.stringify(question));
        writer.endLine();
        continue;
      }
      // A sync's questions share their page's source list: written out once a run of them.
      const key = question.sources.join('\u0000');
      if (key !== sourcesKey) {
        sourcesKey = key;
        sources = JSON.stringify(question.sources);
      }
      const item = page.text.slice(start, end);
      const year = question.year === null ? 'null' : String(question.year);
      writer.put(`{"id":${JSON.stringify(question.id)},"q":`);
      writer.put(multiline ? item.replace(/[\r\n]/g, ' ') : item);
      writer.put(
        `,"correctId":${jsonOf(question.correctId)},"year":${year},"difficulty":${jsonOf(question.difficulty)},"sources":${sources}}`,
      );
      writer.endLine();
    }
  }
  return writer.done();
}
