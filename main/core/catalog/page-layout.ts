// A sync's chunk laid out from the API's answers as they came: each question's `q` is its item's
// text in the answer (found by item-spans.ts), not the parsed item written out again. Reading it
// back gives the same question (the text is what JSON.parse read); a page whose items cannot be
// found that way is written out as `layChunk` does. (On a worker thread it made the sync slower
// here: docs/performance.md.)
//
// The items are taken out of the answer as UTF-8 bytes when the page arrives (`arrivedPage`), so
// neither the answer's text nor its parse waits for the chunk's write: held through a group commit,
// every young collection of a sync copied them (docs/performance.md).
import { dataItemSpans } from '../api/item-spans.js';
import { ChunkWriter, type LaidLines, type StoredQuestion } from './chunk-file.js';
import type { EntryHead, QuestionMeta } from './entry.js';
import type { EncodedText } from './search-index.js';

/** One page of a listing: the answer's text and the places in its `data` of the items kept. */
export interface RawPage {
  text: string;
  kept: readonly number[];
  /** How many items its `data` held, as parsed. */
  items: number;
}

/** A page's kept items as the answer wrote them (or, when they were not found, as whole lines), ready for its chunk. */
export interface PageItems {
  /** How many questions the page kept. */
  count: number;
  /** Their UTF-8 bytes one after another. */
  bytes: Uint8Array;
  /** Where each one ends in `bytes` (each starts where the one before it ends). */
  ends: Int32Array;
  /** The items were not found in the answer: `bytes` holds each stored question's whole line. */
  lines: boolean;
}

/**
 * What a sync keeps of a question from its page's arrival to its chunk's write: its entry's fields
 * and its search text. The parsed item is not kept: held through a group commit, every young
 * collection of a sync copied it (docs/performance.md); its body is in `PageItems`.
 */
export interface LeanQuestion extends QuestionMeta {
  q: EntryHead;
  /** Its statement and alternatives, as `searchTextOf` joins them, in UTF-8. */
  searchText: EncodedText;
}

const SPACE = 0x20;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** A page as a sync keeps it until its write: the answer's text and the parsed items die young. */
export function arrivedPage(
  raw: RawPage,
  stored: readonly StoredQuestion[],
): { questions: LeanQuestion[]; items: PageItems } {
  const { bytes, ends } = searchTextsOf(stored);
  const start = (n: number) => (n === 0 ? 0 : (ends[n - 1] ?? 0));
  return {
    questions: stored.map((question, n) => leanOf(question, { bytes, start: start(n), end: ends[n] ?? 0 })),
    items: pageItemsOf(raw, stored),
  };
}

/** Where a page's search texts are written before they are copied out at their size. */
let scratch = Buffer.allocUnsafeSlow(1 << 20);

/** Each question's search text (`searchTextOf`), as UTF-8 in one buffer for the page. */
function searchTextsOf(stored: readonly StoredQuestion[]): { bytes: Buffer; ends: Int32Array } {
  let units = 0;
  for (const { q } of stored) {
    units += q.statement.length;
    for (const alternative of q.alternatives) units += alternative.text.length + 1;
  }
  if (scratch.length < 3 * units) scratch = Buffer.allocUnsafeSlow(3 * units);
  const ends = new Int32Array(stored.length);
  let at = 0;
  stored.forEach(({ q }, n) => {
    at += scratch.write(q.statement, at);
    for (const alternative of q.alternatives) {
      scratch[at++] = LINE_FEED;
      at += scratch.write(alternative.text, at);
    }
    ends[n] = at;
  });
  return { bytes: Buffer.from(scratch.subarray(0, at)), ends };
}

function leanOf(question: StoredQuestion, searchText: EncodedText): LeanQuestion {
  const { q } = question;
  const head: EntryHead = { id: q.id, subject: q.subject, exam: q.exam, imageUrl: q.imageUrl, alternatives: [] };
  for (const alternative of q.alternatives)
    if (alternative.imageUrl) head.alternatives.push({ imageUrl: alternative.imageUrl });
  const extra = q as { sealedAnswer?: unknown; enemOrigin?: unknown };
  if (extra.sealedAnswer !== undefined) head.sealedAnswer = extra.sealedAnswer;
  if (extra.enemOrigin !== undefined) head.enemOrigin = extra.enemOrigin;
  return {
    id: question.id,
    q: head,
    correctId: question.correctId,
    year: question.year,
    difficulty: question.difficulty,
    sources: question.sources,
    searchText,
  };
}

/** The kept items' bytes, taken from the answer's text as it arrives; whole lines when not found. */
function pageItemsOf(raw: RawPage, stored: readonly StoredQuestion[]): PageItems {
  const count = stored.length;
  const spans = raw.kept.length === count ? dataItemSpans(raw.text, raw.items) : null;
  const parts: string[] = [];
  for (let n = 0; n < count && spans; n++) {
    const index = raw.kept[n] ?? -1;
    const start = spans.starts[index];
    const end = spans.ends[index];
    if (start === undefined || end === undefined) break;
    parts.push(raw.text.slice(start, end));
  }
  const lines = parts.length !== count;
  const texts = lines ? stored.map((question) => JSON.stringify(question)) : parts;
  let units = 0;
  for (const text of texts) units += text.length;
  // The items are most of the answer: its size in UTF-8 bounds theirs.
  const bytes = Buffer.allocUnsafe(lines ? 3 * units : Buffer.byteLength(raw.text));
  const ends = new Int32Array(count);
  let at = 0;
  texts.forEach((text, n) => {
    at += bytes.write(text, at);
    ends[n] = at;
  });
  // Line breaks between an item's tokens (a pretty-printed answer) would split its line; JSON
  // strings cannot hold them raw, so every such byte is white space between tokens.
  if (!lines && (raw.text.includes('\n') || raw.text.includes('\r')))
    for (let i = 0; i < at; i++) if (bytes[i] === LINE_FEED || bytes[i] === CARRIAGE_RETURN) bytes[i] = SPACE;
  return { count, bytes: bytes.subarray(0, at), ends, lines };
}

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
    size += page.bytes.length;
    kept += page.count;
  }
  if (kept !== questions.length) return null;
  // Each line's own fields, about 200 bytes, around what the answer held of it.
  const writer = new ChunkWriter(head, questions.length, size + 256 * questions.length);
  let line = 0;
  let sources = '';
  let sourcesKey: string | null = null;
  for (const page of pages) {
    let start = 0;
    for (let n = 0; n < page.count; n++) {
      const question = questions[line++];
      if (!question) return null;
      const end = page.ends[n] ?? 0;
      const bytes = page.bytes.subarray(start, end);
      start = end;
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
