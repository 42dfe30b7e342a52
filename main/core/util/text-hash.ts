// FNV-1a over a string's UTF-16 units: a stable, well-spread 32-bit number for an id (which cards
// are held out of a fit, a forecast's fixed draws). Not for security.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** The text's FNV-1a hash, started from `salt` mixed into the offset (0: plain FNV-1a). */
export function textHash(text: string, salt = 0): number {
  let hash = FNV_OFFSET ^ salt;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}
