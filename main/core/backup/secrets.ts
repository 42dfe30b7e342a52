// An export's API keys, encrypted with the student's passphrase: scrypt derives the key, AES-256-GCM
// seals the JSON (salt, IV and tag stored beside it). Without a passphrase no key leaves the machine.
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { z } from 'zod';
import { productSchema } from '../api/schemas.js';
import { BackupError } from './format.js';

export const exportedKeySchema = z.object({ product: productSchema, key: z.string().min(1), baseUrl: z.string() });
export type ExportedKey = z.infer<typeof exportedKeySchema>;

/** scrypt's cost: N = 2^15 takes ~100 ms and 32 MiB, once per export or restore. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
const MAX_MEM = 64 * 1024 * 1024;

const b64 = z
  .string()
  .max(1_000_000)
  .regex(/^[A-Za-z0-9+/=]*$/);
const sealedSchema = z.object({
  kdf: z.literal('scrypt'),
  N: z.literal(SCRYPT.N),
  r: z.literal(SCRYPT.r),
  p: z.literal(SCRYPT.p),
  cipher: z.literal('aes-256-gcm'),
  salt: b64,
  iv: b64,
  tag: b64,
  data: b64,
});

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(passphrase.normalize('NFC'), salt, 32, { ...SCRYPT, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function sealKeys(keys: ExportedKey[], passphrase: string): Promise<Buffer> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(keys), 'utf8'), cipher.final()]);
  const sealed: z.infer<typeof sealedSchema> = {
    kdf: 'scrypt',
    ...SCRYPT,
    cipher: 'aes-256-gcm',
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
  return Buffer.from(JSON.stringify(sealed));
}

/** The keys, or `wrong-passphrase` (GCM's tag does not hold: a wrong passphrase or altered bytes). */
export async function openKeys(bytes: Buffer, passphrase: string): Promise<ExportedKey[]> {
  let sealed: z.infer<typeof sealedSchema>;
  try {
    sealed = sealedSchema.parse(JSON.parse(bytes.toString('utf8')));
  } catch {
    throw new BackupError('secrets-invalid');
  }
  const iv = Buffer.from(sealed.iv, 'base64');
  const tag = Buffer.from(sealed.tag, 'base64');
  if (iv.length !== 12 || tag.length !== 16) throw new BackupError('secrets-invalid');
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, Buffer.from(sealed.salt, 'base64')), iv);
  decipher.setAuthTag(tag);
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
  } catch {
    throw new BackupError('wrong-passphrase');
  }
  const parsed = z.array(exportedKeySchema).safeParse(JSON.parse(plain.toString('utf8')));
  if (!parsed.success) throw new BackupError('secrets-invalid');
  return parsed.data;
}
