// Sealed answers: a pack's key and worked solutions encrypted with AES-256-GCM under a key derived
// by scrypt from a release code the tutor gives the class when it is done. The code is 12 symbols
// of Crockford's base32 (60 bits), in three groups of four, easy to dictate: no I, L, O or U, and
// what is typed is read leniently (case, spaces, dashes, O for 0, I and L for 1).
// Threat model (docs/pack-format.md): a guess costs one scrypt (~0.1 s, 32 MiB); 2^60 codes make
// guessing hopeless; a student who has the code sees everything, as intended.
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { promisify } from 'node:util';
import { z } from 'zod';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_SYMBOLS = 12;
/** Bits of entropy of a release code: 12 symbols of 32. */
export const CODE_BITS = CODE_SYMBOLS * 5;
const KDF = { N: 2 ** 15, r: 8, p: 1 } as const;

export const sealParamsSchema = z.strictObject({
  kdf: z.literal('scrypt'),
  N: z.literal(KDF.N),
  r: z.literal(KDF.r),
  p: z.literal(KDF.p),
  salt: z.base64(),
  cipher: z.literal('aes-256-gcm'),
  iv: z.base64(),
  tag: z.base64(),
});
export type SealParams = z.infer<typeof sealParamsSchema>;

/** What a sealed pack hides: the key of each question and its worked solution, by the pack's question id. */
export const sealedPayloadSchema = z.strictObject({
  keys: z.record(z.string(), z.string()),
  explanations: z.record(z.string(), z.strictObject({ text: z.string(), imageUrl: z.string().optional() })),
});
export type SealedPayload = z.infer<typeof sealedPayloadSchema>;

export class WrongCodeError extends Error {
  constructor() {
    super('wrong-code');
    this.name = 'WrongCodeError';
  }
}

/** A fresh release code, e.g. `K7QM-3XPD-9HWT`. */
export function newReleaseCode(): string {
  const bytes = randomBytes(CODE_SYMBOLS);
  const symbols = [...bytes].map((b) => ALPHABET[b & 31] ?? '0').join('');
  return symbols.match(/.{4}/g)?.join('-') ?? symbols;
}

/** What the student typed, as the code it means; null when it cannot be one. */
export function normalizeCode(input: string): string | null {
  const symbols = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (symbols.length !== CODE_SYMBOLS || [...symbols].some((c) => !ALPHABET.includes(c))) return null;
  return symbols.match(/.{4}/g)?.join('-') ?? null;
}

async function keyFrom(code: string, salt: Buffer): Promise<Buffer> {
  const normalized = normalizeCode(code);
  if (!normalized) throw new WrongCodeError();
  return scrypt(normalized, salt, 32, { ...KDF, maxmem: 64 * 1024 * 1024 });
}

export async function seal(payload: SealedPayload, code: string): Promise<{ params: SealParams; data: Buffer }> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyFrom(code, salt), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return {
    params: {
      kdf: 'scrypt',
      ...KDF,
      salt: salt.toString('base64'),
      cipher: 'aes-256-gcm',
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
    },
    data,
  };
}

/** The payload, or WrongCodeError: GCM's tag fails at once for any other code (no delay, no partial output). */
export async function unseal(params: SealParams, data: Uint8Array, code: string): Promise<SealedPayload> {
  const key = await keyFrom(code, Buffer.from(params.salt, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(params.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(params.tag, 'base64'));
  let text: string;
  try {
    text = Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new WrongCodeError();
  }
  return sealedPayloadSchema.parse(JSON.parse(text));
}
