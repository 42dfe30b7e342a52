// The transport rules end to end: a key never goes over plain http to a real
// network, and image downloads never reach loopback or private hosts unless the
// configured API itself is local.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { handle } from '../../main/app/handle.js';
import { ImageCache } from '../../main/core/images/cache.js';
import { startFakeApi } from '../fake-api/server.js';
import { nodeServices } from '../support/node-services.js';
import { runCli } from '../support/run-node.js';
import { scratchDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});
const scratch = () => scratchDir(cleanups);

describe('transport rules', () => {
  it('connecting a key over plain http to a non-loopback host is refused with a reason, and nothing is sent', async () => {
    const services = await nodeServices({ dataDir: await scratch() });
    cleanups.push(() => services.close());
    const result = await handle(services.handlers, 'keys:connect', {
      baseUrl: 'http://api.example.com',
      apiKey: 'k-123',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'insecure-url' } });
  });

  it('the CLI refuses it too (exit 2, with the reason)', async () => {
    const run = await runCli(
      ['sync', '--base-url', 'http://api.example.com', '--product', 'enem', '--data-dir', await scratch()],
      { EXAM_API_KEY: 'k-123' },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/https/);
  });

  it('image downloads skip loopback hosts unless the API is local, without sending them a request', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.end('x');
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    cleanups.push(() => new Promise((ok) => server.close(ok)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret.png`;
    const cache = await ImageCache.open(await scratch());
    const refused = await cache.download([url], { hosts: { allowLocal: false } });
    expect(refused).toMatchObject({ downloaded: 0, failed: 1 });
    expect(hits).toBe(0);
  });

  it('a sync against a local API (the fake) still downloads its local images', async () => {
    const api = await startFakeApi({ questions: 30, seed: 1 });
    cleanups.push(() => api.close());
    const services = await nodeServices({ dataDir: await scratch() });
    cleanups.push(() => services.close());
    await handle(services.handlers, 'keys:connect', { baseUrl: api.baseUrl, apiKey: api.keys.vestibulares });
    const report = await handle(services.handlers, 'sync:start', { scope: { product: 'vestibulares' } });
    expect(report).toMatchObject({ ok: true, value: { images: { failed: 0 } } });
    expect(report.ok && report.value.images.downloaded).toBeGreaterThan(0);
  });
});
