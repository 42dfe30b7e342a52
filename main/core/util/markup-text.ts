// Markup as the plain text the app shows (docs/sync.md › "Statements"). The app never renders a
// server's or a file's HTML: a small safe subset becomes text structure — paragraphs and block ends
// a blank line, <br> a line break, entities decoded — and every other tag is dropped, its text kept.
// The renderer shows the result as text (white-space: pre-wrap), so nothing in it is ever live.

/** A tag (`<p>`, `</b>`, `<br/>`, `<img src=…>`) or a comment; a lone `<` ("x < y") is text. */
const TAG = /<\/?[a-zA-Z][^<>]*>|<!--[\s\S]*?-->/g;
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** Accented letters as HTML editors name them (&eacute;, &Atilde;, &ccedil;…): letter + combining mark. */
const MARKS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  tilde: '\u0303',
  uml: '\u0308',
  cedil: '\u0327',
};

function entity(name: string): string | undefined {
  const named = NAMED[name.toLowerCase()];
  if (named) return named;
  const accented = /^([a-zA-Z])(acute|grave|circ|tilde|uml|cedil)$/.exec(name);
  return accented ? `${accented[1] ?? ''}${MARKS[accented[2] ?? ''] ?? ''}`.normalize('NFC') : undefined;
}

const isScalar = (code: number) =>
  Number.isInteger(code) && code >= 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);

/** What a numeric reference that names no character becomes: the replacement character, unless the caller refuses it. */
export type BadReference = (reference: string) => string;
const REPLACE: BadReference = () => '\uFFFD';

/** True when `text` holds a tag or an entity (a quick test first: most statements hold neither). */
export function hasMarkup(text: string): boolean {
  if (!text.includes('<') && !text.includes('&')) return false;
  TAG.lastIndex = 0;
  ENTITY.lastIndex = 0;
  return TAG.test(text) || ENTITY.test(text);
}

/** Markup as plain text: tags out, paragraphs and breaks as new lines, entities decoded. */
export function plainTextOf(markup: string, badReference: BadReference = REPLACE): string {
  return markup
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d|tr|blockquote)>/gi, '\n\n')
    .replace(TAG, '')
    .replace(ENTITY, (match, body: string) => {
      if (!body.startsWith('#')) return entity(body) ?? match;
      const hex = body.startsWith('#x') || body.startsWith('#X');
      const code = hex ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return isScalar(code) ? String.fromCodePoint(code) : badReference(match);
    })
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
