// The harness stands in for safeStorage with the file-key cipher (keys survive a harness restart
// like they do in the app). The reported security level is a launch option, to drive the
// weak-storage UI.
import { fileKeyCipher } from '../../main/core/vault/file-key-cipher.js';
import type { Cipher, StorageSecurity } from '../../main/core/vault/vault.js';

export function harnessCipher(dataDir: string, security: StorageSecurity): Cipher {
  return fileKeyCipher(dataDir, security);
}
