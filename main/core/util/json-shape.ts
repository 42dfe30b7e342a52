/**
 * What would make JSON cost far more memory than its size suggests (millions of tiny values, deep
 * nesting), found before JSON.parse builds it: one pass over the bytes, counting tokens outside
 * strings. Null when the shape is within the limits.
 */
export function jsonShapeProblem(bytes: Uint8Array, maxTokens: number, maxDepth: number): 'depth' | 'tokens' | null {
  let tokens = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
      continue;
    }
    if (b === 0x22) {
      inString = true;
      tokens++;
    } else if (b === 0x7b || b === 0x5b) {
      tokens++;
      if (++depth > maxDepth) return 'depth';
    } else if (b === 0x7d || b === 0x5d) depth--;
    else if (b === 0x2c || b === 0x3a) tokens++;
    if (tokens > maxTokens) return 'tokens';
  }
  return null;
}
