// The sync screen's count of today's requests: the app saves it at most once a second, and the screen
// read the saved count, so right after a sync it said fewer requests than were made (the
// noninterference game saw two identical profiles disagree on it under load).
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeApi } from '../fake-api/server.js';
import { callValue } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe('today’s requests on the sync screen', () => {
  it('count every request made, at once, not when the count is next saved', async () => {
    const api = await startFakeApi({ questions: 120, seed: 9 });
    const temp = await tempDir();
    cleanups.push(temp.cleanup, () => api.close());
    const services = await nodeServices({ dataDir: temp.dir });
    cleanups.push(() => services.close());
    const sentBy = () =>
      api.log.filter((r) => r.origin === 'api' && r.hasApiKey && r.path.startsWith('/v1/enem')).length;
    // Connecting checks the key with a request: the screen counts it at once.
    await callValue(services, 'keys:connect', { baseUrl: api.baseUrl, apiKey: api.keys.enem });
    await api.idle();
    expect(sentBy()).toBeGreaterThan(0);
    expect((await callValue(services, 'sync:overview', {})).dailyUsed.enem).toBe(sentBy());
    await callValue(services, 'sync:start', { scope: { product: 'enem' } });
    // Again: nothing new, a request or two, over in well under the second the count waits to be saved.
    await callValue(services, 'sync:start', { scope: { product: 'enem' } });
    await api.idle();
    const sent = sentBy();
    expect(sent).toBeGreaterThan(1);
    // Asked at once: well inside the second before the count is saved.
    const overview = await callValue(services, 'sync:overview', {});
    expect(overview.dailyUsed.enem).toBe(sent);
  });
});
