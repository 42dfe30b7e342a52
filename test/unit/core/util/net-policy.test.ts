import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from '../../../../main/core/api/client.js';
import {
  assertFetchableImageUrl,
  InsecureUrlError,
  isLoopbackHost,
  isNonPublicAddress,
} from '../../../../main/core/util/net-policy.js';

describe('where the API key may travel', () => {
  it.each(['https://api.example.com', 'http://localhost:8080', 'http://127.0.0.1:9', 'http://[::1]:3000'])(
    'accepts %s',
    (url) => expect(() => normalizeBaseUrl(url)).not.toThrow(),
  );
  it.each(['http://api.example.com', 'http://10.0.0.2', 'http://192.168.1.10:8080', 'http://localhost.evil.com'])(
    'refuses %s: the key would travel in clear text',
    (url) => expect(() => normalizeBaseUrl(url)).toThrow(InsecureUrlError),
  );
});

describe('which hosts images may come from', () => {
  it('tells loopback, private, link-local and unique-local addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('cdn.localhost')).toBe(true);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
  });

  it('refuses a public-looking name that resolves to a private address, and any non-http scheme', async () => {
    const resolvesTo = (addresses: string[]) => () => Promise.resolve(addresses);
    const url = new URL('https://cdn.example.com/a.png');
    await expect(assertFetchableImageUrl(url, { allowLocal: false }, resolvesTo(['10.0.0.5']))).rejects.toThrow(
      'not-public',
    );
    await expect(
      assertFetchableImageUrl(url, { allowLocal: false }, resolvesTo(['93.184.216.34', '127.0.0.1'])),
    ).rejects.toThrow('not-public');
    await expect(
      assertFetchableImageUrl(url, { allowLocal: false }, resolvesTo(['93.184.216.34'])),
    ).resolves.toBeUndefined();
    await expect(assertFetchableImageUrl(new URL('http://127.0.0.1:8/a.png'), { allowLocal: false })).rejects.toThrow();
    await expect(assertFetchableImageUrl(new URL('file:///etc/passwd'), { allowLocal: true })).rejects.toThrow(
      'scheme',
    );
    await expect(
      assertFetchableImageUrl(new URL('http://127.0.0.1:8/a.png'), { allowLocal: true }),
    ).resolves.toBeUndefined();
  });
});
