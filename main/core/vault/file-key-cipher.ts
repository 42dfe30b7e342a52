// AES-256-GCM under a key kept in a file of the profile: the stand-in for the OS keychain where
// there is none to use (the e2e harness, and Electron's e2e test mode on CI machines without a
// keyring). Never the app's choice for a student: `main/test-mode.ts` decides when it may be used.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cipher, StorageSecurity } from './vault.js';

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

/** The key lives in `<dataDir>/.test-cipher-key` (0600), so keys survive a restart. */
export function fileKeyCipher(dataDir: string, security: StorageSecurity = 'secure'): Cipher {
  const keyFile = join(dataDir, '.test-cipher-key');
  let key: Buffer;
  try {
    key = readFileSync(keyFile);
  } catch {
    key = randomBytes(32);
    writeFileSync(keyFile, key, { mode: 0o600 });
  }
  return aesCipher(key, security);
}
