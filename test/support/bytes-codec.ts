// Playwright bindings carry JSON: the harness transport wraps byte arrays as
// base64 on the way in and out, so the contract itself can use Uint8Array.
export type Encoded = { __bytes: string };

const isEncoded = (value: unknown): value is Encoded =>
  typeof value === 'object' && value !== null && typeof (value as Encoded).__bytes === 'string';

export function encodeBytes(value: unknown, toBase64: (bytes: Uint8Array) => string): unknown {
  if (value instanceof Uint8Array) return { __bytes: toBase64(value) };
  if (Array.isArray(value)) return value.map((item) => encodeBytes(item, toBase64));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encodeBytes(item, toBase64)]));
  }
  return value;
}

export function decodeBytes(value: unknown, fromBase64: (text: string) => Uint8Array): unknown {
  if (isEncoded(value)) return fromBase64(value.__bytes);
  if (Array.isArray(value)) return value.map((item) => decodeBytes(item, fromBase64));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decodeBytes(item, fromBase64)]));
  }
  return value;
}
