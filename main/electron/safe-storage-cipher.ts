// safeStorage as the vault's Cipher, with the async API (the sync pair is
// deprecated in Electron 45). Linux basic_text is a hard-coded password: weak.
import { safeStorage } from 'electron';
import type { Cipher, StorageSecurity } from '../core/vault/vault.js';

export const safeStorageCipher: Cipher = {
  async security(): Promise<StorageSecurity> {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) return 'unavailable';
    if (process.platform === 'linux') {
      const backend = safeStorage.getSelectedStorageBackend();
      if (backend === 'basic_text' || backend === 'unknown') return 'weak';
    }
    return 'secure';
  },
  async encrypt(plain) {
    return (await safeStorage.encryptStringAsync(plain)).toString('base64');
  },
  async decrypt(encoded) {
    return (await safeStorage.decryptStringAsync(Buffer.from(encoded, 'base64'))).result;
  },
};
