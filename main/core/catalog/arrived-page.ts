// What a sync keeps of a page from its arrival to its chunk's write (page-layout.ts lays the chunk
// out of it): each kept item's bytes as the answer sent them, and per question a lean form, its
// entry's fields and its search text as UTF-8 off the heap. Neither the answer's text nor its parse
// outlives the arrival: held through a group commit (about 20 pages), every young collection of a
// sync copied them (docs/performance.md).
import { dataItemSpans, type ItemSpans } from '../api/item-spans.js';
import type { StoredQuestion } from './chunk-file.js';
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
  /** Their UTF-8 bytes. */
  bytes: Uint8Array;
  /** Where each one starts and ends in `bytes`. */
  starts: Int32Array;
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

/** The kept items' bytes, found as the page arrives; whole lines when not found. */
function pageItemsOf(raw: RawPage, stored: readonly StoredQuestion[]): PageItems {
  const spans = raw.kept.length === stored.length ? dataItemSpans(raw.text, raw.items) : null;
  const items = spans && itemsOf(raw, spans);
  if (!items) return wholeLines(stored);
  // Line breaks between an item's tokens (a pretty-printed answer) would split its line; JSON
  // strings cannot hold them raw, so every such byte is white space between tokens.
  if (raw.text.includes('\n') || raw.text.includes('\r'))
    for (let i = 0; i < items.bytes.length; i++)
      if (items.bytes[i] === LINE_FEED || items.bytes[i] === CARRIAGE_RETURN) items.bytes[i] = SPACE;
  return items;
}

/** The kept items' text in UTF-8 (null if one was not found). */
function itemsOf(raw: RawPage, spans: ItemSpans): PageItems | null {
  const parts: string[] = [];
  for (const index of raw.kept) {
    const start = spans.starts[index];
    const end = spans.ends[index];
    if (start === undefined || end === undefined) return null;
    parts.push(raw.text.slice(start, end));
  }
  // The items are most of the answer: its size in UTF-8 bounds theirs.
  return encoded(parts, Buffer.byteLength(raw.text));
}

/** Each stored question's whole line (its items were not found in the answer). */
function wholeLines(stored: readonly StoredQuestion[]): PageItems {
  const lines = stored.map((question) => JSON.stringify(question));
  let units = 0;
  for (const line of lines) units += line.length;
  return { ...encoded(lines, 3 * units), lines: true };
}

function encoded(texts: readonly string[], size: number): PageItems {
  const bytes = Buffer.allocUnsafe(size);
  const starts = new Int32Array(texts.length);
  const ends = new Int32Array(texts.length);
  let at = 0;
  texts.forEach((text, n) => {
    starts[n] = at;
    at += bytes.write(text, at);
    ends[n] = at;
  });
  return { count: texts.length, bytes: bytes.subarray(0, at), starts, ends, lines: false };
}
