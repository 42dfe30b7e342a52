// A sync's chunk laid out from the API's answers as they came: each question's `q` is its item's
// text in the answer (found by item-spans.ts), not the parsed item written out again. Reading it
// back gives the same question (the text is what JSON.parse read); a page whose items cannot be
// found that way is written out as `layChunk` does.
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
 * The fields a stored question adds to the API's item, as JSON after `"q":…` (`,"correctId":…}`),
 * written out by hand: JSON.stringify of a small object for each question cost 40 ms a sync.
 * `sources` is the page's, the same for each of its questions.
 */
function storedTail(question: StoredQuestion, sources: string): string {
  const year = question.year === null ? 'null' : String(question.year);
  return `,"correctId":${jsonOf(question.correctId)},"year":${year},"difficulty":${jsonOf(question.difficulty)},"sources":${sources}}`;
}

/**
 * The chunk's bytes: `questions` are the stored forms of the pages' kept items, page after page
 * (what the chunk holds). Null when they are not as many as the pages kept: the caller writes them out.
 */
export function layPages(
  head: string,
  questions: readonly StoredQuestion[],
  pages: readonly RawPage[],
): LaidLines | null {
  let chars = 0;
  let kept = 0;
  for (const page of pages) {
    chars += page.text.length;
    kept += page.kept.length;
  }
  if (kept !== questions.length) return null;
  // Each line's own fields, over what the answer's text holds of it (its id twice at most).
  const writer = new ChunkWriter(head, questions.length, chars + 256 * questions.length);
  let next = 0;
  for (const page of pages) {
    const spans = dataItemSpans(page.text, page.items);
    // Line breaks between an item's tokens (a pretty-printed answer) would split its line.
    const multiline = page.text.includes('\n');
    let sources = '';
    let sourcesKey: string | null = null;
    for (const index of page.kept) {
      const question = questions[next++];
      if (!question) return null;
      const key = question.sources.join('\u0000');
      if (key !== sourcesKey) {
        sourcesKey = key;
        sources = JSON.stringify(question.sources);
      }
      const start = spans?.starts[index];
      const end = spans?.ends[index];
      if (start === undefined || end === undefined) writer.put(JSON.stringify(question));
      else {
        const item = page.text.slice(start, end);
        writer.put(`{"id":${JSON.stringify(question.id)},"q":`);
        writer.put(multiline ? item.replace(/[\r\n]/g, ' ') : item);
        writer.put(storedTail(question, sources));
      }
      writer.endLine();
    }
  }
  return writer.done();
}
