// A real cipher (AES-256-GCM) standing in for Electron's safeStorage in unit tests (random key).
import { randomBytes } from 'node:crypto';
import { aesCipher } from '../../main/core/vault/file-key-cipher.js';
import type { StorageSecurity } from '../../main/core/vault/vault.js';

export { aesCipher };
export const testCipher = (security: StorageSecurity = 'secure') => aesCipher(randomBytes(32), security);
