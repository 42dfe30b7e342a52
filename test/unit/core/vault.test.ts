import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileVaultStorage } from '../../../main/core/vault/file-storage.js';
import { KeyVault, VaultError } from '../../../main/core/vault/vault.js';
import { testCipher } from '../../support/test-cipher.js';
import { tempDir } from '../../support/temp.js';

const KEY = 'enem_live_0123456789abcdef0123456789abcdef';
let cleanup: () => Promise<void> = () => Promise.resolve();
afterEach(() => cleanup());

async function vault(security: 'secure' | 'weak' | 'unavailable' = 'secure') {
  const temp = await tempDir();
  cleanup = temp.cleanup;
  const path = join(temp.dir, 'vault.json');
  return { vault: new KeyVault(testCipher(security), fileVaultStorage(path)), path };
}

describe('KeyVault', () => {
  it('stores the key encrypted: the file never holds it in clear', async () => {
    const { vault: v, path } = await vault();
    await v.set('enem', KEY, 'https://api.example.com');
    const file = await readFile(path, 'utf8');
    expect(file).not.toContain(KEY);
    expect(file).not.toContain(KEY.slice(0, 20));
    expect(await v.use('enem')).toEqual({ key: KEY, baseUrl: 'https://api.example.com' });
  });

  it('reports status masked, with no key material beyond the last 4 characters', async () => {
    const { vault: v } = await vault();
    await v.set('enem', KEY, 'https://api.example.com');
    const status = await v.status();
    expect(status.find((s) => s.product === 'enem')).toMatchObject({
      present: true,
      masked: '••••cdef',
      sessionOnly: false,
    });
    expect(status.find((s) => s.product === 'vestibulares')).toMatchObject({ present: false, masked: null });
    expect(JSON.stringify(status)).not.toContain(KEY.slice(0, -4));
  });

  it.each(['weak', 'unavailable'] as const)(
    'refuses to persist on %s storage, but keeps a session-only key when asked',
    async (security) => {
      const { vault: v, path } = await vault(security);
      await expect(v.set('enem', KEY, 'https://x.test')).rejects.toEqual(new VaultError('insecure-storage'));
      await v.set('enem', KEY, 'https://x.test', { sessionOnly: true });
      expect((await v.status()).find((s) => s.product === 'enem')).toMatchObject({ present: true, sessionOnly: true });
      expect(await v.use('enem')).toMatchObject({ key: KEY });
      await expect(readFile(path, 'utf8')).rejects.toThrow(); // nothing written
    },
  );

  it('removes a key', async () => {
    const { vault: v } = await vault();
    await v.set('enem', KEY, 'https://x.test');
    await v.remove('enem');
    expect((await v.status()).every((s) => !s.present)).toBe(true);
    await expect(v.use('enem')).rejects.toEqual(new VaultError('no-key'));
  });
});
