// Where the app may send requests. The API key travels only over https (or to
// loopback, for the fake and local testing); images are fetched from public
// http(s) hosts only, never loopback or private ranges, unless the configured
// API itself is on loopback (development and tests).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Loopback, private, link-local, unspecified and unique-local addresses (IPv4 and IPv6). */
export function isNonPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (isIP(ip) === 6) {
    return ip === '::' || ip === '::1' || /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip) || ip.startsWith('ff');
  }
  return false;
}

export class InsecureUrlError extends Error {
  constructor(readonly reason: 'not-https' | 'not-public' | 'scheme') {
    super(reason);
    this.name = 'InsecureUrlError';
  }
}

/** The API base: https, or plain http only to loopback (the key must never cross a network in clear). */
export function assertSecureBaseUrl(url: URL): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return;
  throw new InsecureUrlError('not-https');
}

export interface ImageHostPolicy {
  /** Allow loopback and private hosts (only when the configured API itself is on loopback). */
  allowLocal: boolean;
}

/** Throws unless the image URL may be fetched: http(s) to a public host (resolved, every address checked). */
export async function assertFetchableImageUrl(
  url: URL,
  policy: ImageHostPolicy,
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true })).map((entry) => entry.address),
): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InsecureUrlError('scheme');
  if (policy.allowLocal) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLoopbackHost(host)) throw new InsecureUrlError('not-public');
  const addresses = isIP(host) ? [host] : await resolve(host);
  if (addresses.length === 0 || addresses.some(isNonPublicAddress)) throw new InsecureUrlError('not-public');
}
