// The harness stands in for safeStorage with AES-256-GCM under a key kept in the
// profile folder, so keys survive a harness restart like they do in the app.
// The reported security level is a launch option, to drive the weak-storage UI.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cipher, StorageSecurity } from '../../main/core/vault/vault.js';
import { aesCipher } from './test-cipher.js';

export function harnessCipher(dataDir: string, security: StorageSecurity): Cipher {
  const keyFile = join(dataDir, '.harness-cipher-key');
  let key: Buffer;
  try {
    key = readFileSync(keyFile);
  } catch {
    key = randomBytes(32);
    writeFileSync(keyFile, key, { mode: 0o600 });
  }
  return aesCipher(key, security);
}
