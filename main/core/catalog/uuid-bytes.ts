// A UUID's 36 characters as its 16 bytes and back: the catalog holds 50,000 answer keys, which the
// API sends as UUIDs, in 0.8 MB instead of 2.8 MB of strings (entry-columns.ts).
const HEX = '0123456789abcdef';

/** A lower-case hex digit's value; -1 for any other character code. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/**
 * Writes a lower-case UUID's 16 bytes at `at` and says true; false for any other string (what it
 * wrote then is overwritten or never read). Character by character: 50,000 keys at every start.
 */
export function uuidInto(text: string, bytes: Uint8Array, at: number): boolean {
  if (text.length !== 36) return false;
  let byte = 0;
  for (let i = 0; i < 36; i++) {
    const code = text.charCodeAt(i);
    // The dashes; every group between them has an even number of digits, so a pair never spans one.
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 45) return false;
      continue;
    }
    const high = hexValue(code);
    const low = hexValue(text.charCodeAt(++i));
    if (high < 0 || low < 0) return false;
    bytes[at + byte++] = high * 16 + low;
  }
  return true;
}

/** Each byte's two hex digits. */
const BYTE_HEX = Array.from({ length: 256 }, (_, byte) => (HEX[byte >> 4] ?? '') + (HEX[byte & 15] ?? ''));

export function uuidOf(bytes: Uint8Array, at: number): string {
  let text = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text += '-';
    text += BYTE_HEX[bytes[at + i] ?? 0] ?? '';
  }
  return text;
}
