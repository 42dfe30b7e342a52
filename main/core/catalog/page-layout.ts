// A sync's chunk laid out from the API's answers as they came: each question's `q` is its item's
// bytes in the answer (found when the page arrived: arrived-page.ts), not the parsed item written
// out again. Reading it back gives the same question (the bytes are what JSON.parse read); a page
// whose items were not found holds each question's whole line instead. (On a worker thread it made
// the sync slower here: docs/performance.md.)
import { ChunkWriter, type LaidLines } from './chunk-file.js';
import type { PageItems } from './arrived-page.js';
import type { QuestionMeta } from './entry.js';

/** JSON of a string or null. */
const jsonOf = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));

/**
 * The chunk's bytes from its first line and its pages' items: `questions` are the pages' kept
 * questions, page after page. A line's own fields are written by hand around its item's bytes
 * (JSON.stringify of a small object for each question cost 40 ms a sync). Null when the questions
 * are not as many as the pages kept.
 */
export function layPages(
  head: string,
  pages: readonly PageItems[],
  questions: readonly QuestionMeta[],
): LaidLines | null {
  let size = 0;
  let kept = 0;
  for (const page of pages) {
    for (let n = 0; n < page.count; n++) size += (page.ends[n] ?? 0) - (page.starts[n] ?? 0);
    kept += page.count;
  }
  if (kept !== questions.length) return null;
  // Each line's own fields, about 200 bytes, around what the answer held of it.
  const writer = new ChunkWriter(head, questions.length, size + 256 * questions.length);
  let line = 0;
  let sources = '';
  let sourcesKey: string | null = null;
  for (const page of pages) {
    for (let n = 0; n < page.count; n++) {
      const question = questions[line++];
      if (!question) return null;
      const bytes = page.bytes.subarray(page.starts[n] ?? 0, page.ends[n] ?? 0);
      if (page.lines) {
        writer.putBytes(bytes);
        writer.endLine();
        continue;
      }
      // A sync's questions share their page's source list: written out once a run of them.
      const key = question.sources.join('\u0000');
      if (key !== sourcesKey) {
        sourcesKey = key;
        sources = JSON.stringify(question.sources);
      }
      const year = question.year === null ? 'null' : String(question.year);
      writer.put(`{"id":${JSON.stringify(question.id)},"q":`);
      writer.putBytes(bytes);
      writer.put(
        `,"correctId":${jsonOf(question.correctId)},"year":${year},"difficulty":${jsonOf(question.difficulty)},"sources":${sources}}`,
      );
      writer.endLine();
    }
  }
  return writer.done();
}
