// Where each item of an answer's `data` list lies in the answer's text, so a question can be stored
// as the API wrote it instead of written out again (JSON.stringify was a tenth of a 50,000-question
// sync's time on main). Only for text JSON.parse has accepted; anything unexpected answers null and
// the caller writes the items out itself.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The index just past the string whose opening quote is at `start`; -1 if it never closes. */
function stringEnd(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let slashes = 0;
    for (let k = quote - 1; text.charCodeAt(k) === BACKSLASH; k--) slashes += 1;
    if (slashes % 2 === 0) return quote + 1;
  }
  return -1;
}

/** The first index at or after `from` that is not white space. */
function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i += 1;
  return i;
}

export interface ItemSpans {
  starts: Int32Array;
  ends: Int32Array;
}

/**
 * The spans of the top-level object's `data` items, when every item is an object and `data` is
 * named once; else null. `text` must be JSON that parsed.
 */
export function dataItemSpans(text: string, expected: number): ItemSpans | null {
  const starts = new Int32Array(expected);
  const ends = new Int32Array(expected);
  let found = 0;
  let depth = 0;
  let dataKeys = 0;
  /** Depth 1: the last key was "data" (its value, if a list, is the one). */
  let afterDataKey = false;
  let inData = false;
  let itemStart = -1;
  for (let i = skipSpace(text, 0); i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return null;
      if (inData && depth === 2) return null; // an item that is a string
      if (depth === 1) {
        const isKey = text.charCodeAt(skipSpace(text, end)) === COLON;
        if (isKey) {
          afterDataKey = end - i === 6 && text.startsWith('data', i + 1);
          if (afterDataKey) dataKeys += 1;
        }
      }
      i = end - 1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (depth === 0 && code !== OPEN_BRACE) return null;
      if (depth === 1 && afterDataKey) {
        if (code !== OPEN_BRACKET) return null;
        inData = true;
      } else if (inData && depth === 2) {
        if (code !== OPEN_BRACE || found === expected) return null;
        itemStart = i;
      }
      depth += 1;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      if (inData && depth === 2) {
        starts[found] = itemStart;
        ends[found] = i + 1;
        found += 1;
      } else if (inData && depth === 1) inData = false;
      if (depth === 1) afterDataKey = false;
    } else if (inData && depth === 2 && code !== COMMA && !isSpace(code)) {
      return null; // an item that is a number, true, false or null
    } else if (depth === 1 && code === COMMA) {
      afterDataKey = false;
    }
  }
  return dataKeys === 1 && found === expected ? { starts, ends } : null;
}
