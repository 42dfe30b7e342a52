// Connecting a key: check the base URL is the catalog API (its public OpenAPI
// document), then find the key's product with at most two limit=1 requests.
import { CatalogClient, normalizeBaseUrl } from '../core/api/client.js';
import { ApiError } from '../core/api/errors.js';
import type { RateGovernor } from '../core/api/governor.js';
import type { Product } from '../core/api/schemas.js';
import { BridgeError } from '../../preload/contract.js';
import { InsecureUrlError } from '../core/util/net-policy.js';
import type { Logger } from '../core/util/logger.js';
import type { KeyVault } from '../core/vault/vault.js';
import type { Workspace } from '../core/workspace.js';
import type { Handlers, KeysOverview } from './types.js';

export async function checkBaseUrl(input: string, fetcher: typeof fetch = fetch): Promise<string> {
  let baseUrl: string;
  try {
    baseUrl = normalizeBaseUrl(input);
  } catch (error) {
    if (error instanceof InsecureUrlError) throw new BridgeError('insecure-url');
    throw new BridgeError('invalid-argument', { field: 'baseUrl' });
  }
  try {
    // Public document: requested without the key.
    const response = await fetcher(`${baseUrl}/v1/vestibulares/openapi.json`, {
      redirect: 'error',
      signal: AbortSignal.timeout(15_000),
    });
    const document = (await response.json()) as { openapi?: unknown };
    if (!response.ok || typeof document.openapi !== 'string') throw new Error('not an OpenAPI document');
  } catch (error) {
    if (error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')) {
      throw new BridgeError('network');
    }
    throw new BridgeError('not-an-api');
  }
  return baseUrl;
}

/**
 * 200 on a product's listing means the key belongs to it. 401 ends the search; a
 * 403 on one product may mean the key is the other product's, so that one is tried;
 * 403 on both is a key without an active subscription.
 */
export async function detectProduct(
  baseUrl: string,
  apiKey: string,
  governorFor?: (product: Product) => RateGovernor,
): Promise<Product> {
  let forbidden = false;
  for (const product of ['vestibulares', 'enem'] as const) {
    // The product's governor: detection requests count toward today's budget like any other.
    const governor = governorFor?.(product);
    const client = new CatalogClient({ baseUrl, product, apiKey, maxAttempts: 2, ...(governor && { governor }) });
    try {
      await client.listQuestions({}, 1, 1);
      return product;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'forbidden') {
        forbidden = true;
        continue;
      }
      throw error;
    }
  }
  throw new ApiError(forbidden ? 'forbidden' : 'unauthorized', 'The key reaches neither product');
}

export interface KeyDeps {
  vault: KeyVault;
  workspace: Workspace;
  logger: Logger;
  /** Rate-limit window for fakes with short windows (tests); the real API's is a minute. */
  rateWindowMs?: number;
}

/** The keys' channels, and a client for a product's key (the sync's only way to the API). */
export function createKeys({ vault, workspace, logger, rateWindowMs }: KeyDeps) {
  const governorOptions = () => (rateWindowMs ? { windowMs: rateWindowMs } : {});
  const overview = async (): Promise<KeysOverview> => ({
    keys: (await vault.status()).map(({ addedAt: _addedAt, ...rest }) => rest),
    storageSecurity: await vault.security(),
  });
  const handlers: Pick<Handlers, 'keys:status' | 'keys:connect' | 'keys:remove'> = {
    'keys:status': overview,
    'keys:connect': async ({ baseUrl, apiKey, sessionOnly }) => {
      logger.addSecret(apiKey);
      const normalized = await checkBaseUrl(baseUrl);
      const product = await detectProduct(normalized, apiKey, (p) => workspace.governor(p, governorOptions()));
      await vault.set(product, apiKey, normalized, sessionOnly ? { sessionOnly } : {});
      logger.info('key connected', { product, sessionOnly: Boolean(sessionOnly) });
      return { product, keys: await overview() };
    },
    'keys:remove': async ({ product }) => {
      await vault.remove(product);
      return overview();
    },
  };
  return {
    handlers,
    clientFor: async (product: Product): Promise<CatalogClient> => {
      const { key, baseUrl } = await vault.use(product);
      logger.addSecret(key);
      return workspace.client({ product, baseUrl, apiKey: key, governor: governorOptions() });
    },
  };
}
