// A real cipher (AES-256-GCM) standing in for Electron's safeStorage, which only
// exists inside Electron. Used by unit tests (random key) and the harness (key file).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Cipher, StorageSecurity } from '../../main/core/vault/vault.js';

export function aesCipher(key: Buffer, security: StorageSecurity): Cipher {
  return {
    security: () => Promise.resolve(security),
    encrypt: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Promise.resolve(Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'));
    },
    decrypt: (encoded) => {
      const bytes = Buffer.from(encoded, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Promise.resolve(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'));
    },
  };
}

export const testCipher = (security: StorageSecurity = 'secure') => aesCipher(randomBytes(32), security);
