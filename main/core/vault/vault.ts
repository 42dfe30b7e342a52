// One API key per product, encrypted at rest through a Cipher (Electron's
// safeStorage in the app; tests pass their own). Keys leave this module only
// through `use()`, for the API client in main; the renderer sees status only.
import { z } from 'zod';
import type { KeyStatus as ContractKeyStatus, StorageSecurity } from '../../../preload/contract.js';
import { productSchema, type Product } from '../api/schemas.js';

export type { StorageSecurity };

export interface Cipher {
  /** 'weak' = encryption with a hard-coded password (Linux basic_text). */
  security(): Promise<StorageSecurity>;
  encrypt(plain: string): Promise<string>;
  decrypt(encoded: string): Promise<string>;
}

export const vaultRecordSchema = z.partialRecord(
  productSchema,
  z.object({ cipherText: z.string(), baseUrl: z.string(), addedAt: z.number(), hint: z.string() }),
);
export type VaultRecord = z.infer<typeof vaultRecordSchema>;

export interface VaultStorage {
  read(): Promise<VaultRecord>;
  write(record: VaultRecord): Promise<void>;
}

/** The bridge's key status, plus when the key was added (kept in main). */
export type KeyStatus = ContractKeyStatus & { addedAt: number | null };

export class VaultError extends Error {
  constructor(readonly code: 'insecure-storage' | 'no-key' | 'unreadable') {
    super(code);
    this.name = 'VaultError';
  }
}

export function maskKey(key: string): string {
  return `••••${key.slice(-4)}`;
}

export class KeyVault {
  private readonly session = new Map<Product, { key: string; baseUrl: string; addedAt: number }>();

  constructor(
    private readonly cipher: Cipher,
    private readonly storage: VaultStorage,
    private readonly now: () => number = Date.now,
  ) {}

  security(): Promise<StorageSecurity> {
    return this.cipher.security();
  }

  /** Stores a key. On weak or no secure storage it is kept for this session only, when asked to. */
  async set(product: Product, key: string, baseUrl: string, options: { sessionOnly?: boolean } = {}): Promise<void> {
    const security = await this.cipher.security();
    if (options.sessionOnly || security !== 'secure') {
      if (!options.sessionOnly) throw new VaultError('insecure-storage');
      this.session.set(product, { key, baseUrl, addedAt: this.now() });
      return;
    }
    const record = await this.storage.read();
    record[product] = { cipherText: await this.cipher.encrypt(key), baseUrl, addedAt: this.now(), hint: key.slice(-4) };
    await this.storage.write(record);
    this.session.delete(product);
  }

  async remove(product: Product): Promise<void> {
    this.session.delete(product);
    const record = await this.storage.read();
    const { [product]: _removed, ...rest } = record;
    await this.storage.write(rest);
  }

  async status(): Promise<KeyStatus[]> {
    const record = await this.storage.read();
    return productSchema.options.map((product) => {
      const session = this.session.get(product);
      const stored = record[product];
      return {
        product,
        present: Boolean(session ?? stored),
        masked: session ? maskKey(session.key) : stored ? `••••${stored.hint}` : null,
        baseUrl: session?.baseUrl ?? stored?.baseUrl ?? null,
        sessionOnly: Boolean(session),
        addedAt: session?.addedAt ?? stored?.addedAt ?? null,
      };
    });
  }

  /** Main-process only: the decrypted key and its base URL, for the API client. */
  async use(product: Product): Promise<{ key: string; baseUrl: string }> {
    const session = this.session.get(product);
    if (session) return { key: session.key, baseUrl: session.baseUrl };
    const stored = (await this.storage.read())[product];
    if (!stored) throw new VaultError('no-key');
    try {
      return { key: await this.cipher.decrypt(stored.cipherText), baseUrl: stored.baseUrl };
    } catch {
      throw new VaultError('unreadable');
    }
  }
}
