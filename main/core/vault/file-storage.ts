// Vault storage as an atomic JSON file (harness and tests; the app uses electron-store).
import { JsonFile, type NoticeSink } from '../util/json-file.js';
import { vaultRecordSchema, type VaultRecord, type VaultStorage } from './vault.js';

export function fileVaultStorage(path: string, notices?: NoticeSink): VaultStorage {
  const file = new JsonFile(path, vaultRecordSchema, { kind: 'vault', backup: true, ...(notices && { notices }) });
  return {
    read: async () => (await file.read()) ?? {},
    write: (record: VaultRecord) => file.write(record),
  };
}
