// The renderer's one way to read main (renderer/src/lib/queries.ts), over the real services: main's
// change events mark stale the reads they concern (an open screen reads again), and that read shows
// main's truth.
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, INVALIDATED_BY, invalidateOnEvents, queryKeyOf } from '../../renderer/src/lib/queries.js';
import { EVENTS, KEY_BEARING_CHANNELS, type Channel } from '../../preload/contract.js';
import { CHANNEL_KEY_POLICY } from '../../preload/channels/index.js';
import { CHANNELS } from '../../preload/channels/index.js';
import { callValue as value } from '../support/bridge-call.js';
import { servicesWithBridge } from '../support/node-bridge.js';
import { tempDir } from '../support/temp.js';
import { startFakeApi } from '../fake-api/server.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Main's services on a fresh profile, the bridge a window has, and a query cache that hears main's events. */
async function cachedApp() {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const { services, bridge } = await servicesWithBridge(temp.dir);
  cleanups.push(() => services.close());
  const client = createQueryClient();
  cleanups.push(invalidateOnEvents(bridge, client));
  return { services, bridge, client };
}

describe('the query cache', () => {
  it('main’s events mark the notebook’s figures and the history stale, and the next read shows main’s new truth', async () => {
    const { services, bridge, client } = await cachedApp();
    await value(services, 'packs:import-demo', {});
    const overviewKey = queryKeyOf('notebook:overview', {});
    const historyKey = queryKeyOf('exam:history', {});
    const read = () =>
      Promise.all([
        client.fetchQuery({ queryKey: overviewKey, queryFn: () => bridge['notebook:overview']({}) }),
        client.fetchQuery({ queryKey: historyKey, queryFn: () => bridge['exam:history']({}) }),
      ]);
    const [before, historyBefore] = await read();
    expect(before.total).toBe(0);
    expect(historyBefore).toEqual([]);

    // A mock exam all wrong, handed in: its misses go to the notebook and main says so.
    const exam = await value(services, 'exam:start', {
      request: { count: 4 },
      settings: { title: 'Simulado', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 2 },
    });
    // exam:running: the history can name the running questions' keys, so it is forgotten outright.
    expect(client.getQueryData(historyKey)).toBeUndefined();
    for (const q of exam.questions)
      await value(services, 'exam:answer', { attemptId: exam.attemptId, index: q.index, choice: 0 });
    const result = await value(services, 'exam:submit', { attemptId: exam.attemptId });
    const misses = result.questions.filter((q) => q.chosen !== q.correctChoice).length;
    expect(misses).toBeGreaterThan(0);
    expect(client.getQueryState(overviewKey)?.isInvalidated).toBe(true);

    const [after, historyAfter] = await read();
    expect(after.total).toBe(misses);
    expect(historyAfter.map((h) => h.attemptId)).toEqual([exam.attemptId]);
  });

  it('a pack imported anywhere marks the packs list stale (the packs screen and every source label), and the next read lists it', async () => {
    const { services, bridge, client } = await cachedApp();
    const packsKey = queryKeyOf('packs:list', {});
    const read = () => client.fetchQuery({ queryKey: packsKey, queryFn: () => bridge['packs:list']({}) });
    expect(await read()).toEqual([]);
    await value(services, 'packs:import-demo', {});
    await expect.poll(() => client.getQueryState(packsKey)?.isInvalidated).toBe(true); // catalog:changed
    expect((await read()).map((pack) => pack.id)).toEqual(['demo-pack']);
  });

  it('a sync that ends marks the sync screen’s overview and the library’s facets stale, and the next reads show its requests and questions', async () => {
    const fake = await startFakeApi({ questions: 120, seed: 21 });
    cleanups.push(() => fake.close());
    const { services, bridge, client } = await cachedApp();
    await value(services, 'keys:connect', { baseUrl: fake.baseUrl, apiKey: fake.keys.enem });
    const overviewKey = queryKeyOf('sync:overview', {});
    const facetsKey = queryKeyOf('catalog:facets', {});
    const read = () =>
      Promise.all([
        client.fetchQuery({ queryKey: overviewKey, queryFn: () => bridge['sync:overview']({}) }),
        client.fetchQuery({ queryKey: facetsKey, queryFn: () => bridge['catalog:facets']({}) }),
      ]);
    const [overviewBefore, facetsBefore] = await read();
    expect(facetsBefore.total).toBe(0);
    const report = await bridge['sync:start']({ scope: { product: 'enem' } });
    expect(client.getQueryState(overviewKey)?.isInvalidated).toBe(true); // sync:done
    expect(client.getQueryState(facetsKey)?.isInvalidated).toBe(true); // sync:done, catalog:changed
    const [overviewAfter, facetsAfter] = await read();
    expect(report.questions).toBeGreaterThan(0);
    expect(facetsAfter.total).toBe(report.questions);
    expect((overviewAfter.dailyUsed.enem ?? 0) - (overviewBefore.dailyUsed.enem ?? 0)).toBe(report.requests);
  });

  it('an exam that starts over an earlier result’s questions leaves no key of them in the cache: the result, the history and the notebook’s cards are forgotten, a read under way is dropped, and the result read again is main’s hidden answer', async () => {
    const { services, bridge, client } = await cachedApp();
    await value(services, 'packs:import-demo', {});
    const settings = { title: 'A', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 9 } as const;
    const examA = await value(services, 'exam:start', { request: { count: 10 }, settings });
    for (const q of examA.questions)
      await value(services, 'exam:answer', { attemptId: examA.attemptId, index: q.index, choice: 0 });
    await value(services, 'exam:submit', { attemptId: examA.attemptId });
    // What the student read after handing A in: its result, the history, the notebook's cards.
    const resultKey = queryKeyOf('exam:result', { attemptId: examA.attemptId });
    const cardsKey = queryKeyOf('notebook:list', { filter: {} });
    const historyKey = queryKeyOf('exam:history', {});
    const readResult = () =>
      client.fetchQuery({ queryKey: resultKey, queryFn: () => bridge['exam:result']({ attemptId: examA.attemptId }) });
    const before = await readResult();
    await client.fetchQuery({ queryKey: cardsKey, queryFn: () => bridge['notebook:list']({ filter: {} }) });
    await client.fetchQuery({ queryKey: historyKey, queryFn: () => bridge['exam:history']({}) });
    expect(before.questions.filter((q) => q.correctChoice !== null)).toHaveLength(10);
    expect(client.getQueryData<{ id: string }[]>(cardsKey)?.length).toBeGreaterThan(0);
    // A read of the result is under way when B starts: its answer was made before the lock.
    let release = () => {};
    const slow = client.fetchQuery({
      queryKey: resultKey,
      queryFn: async () => {
        const answer = await bridge['exam:result']({ attemptId: examA.attemptId });
        await new Promise<void>((resolve) => (release = resolve));
        return answer;
      },
      staleTime: 0,
    });
    void slow.catch(() => undefined);

    // B: the same seed, so the same ten questions run.
    const examB = await value(services, 'exam:start', {
      request: { count: 10 },
      settings: { ...settings, title: 'B' },
    });
    expect(examB.questions.map((q) => q.statement).sort()).toEqual(examA.questions.map((q) => q.statement).sort());
    release();
    await slow.catch(() => undefined);
    const running = new Set(examB.questions.map((q) => q.statement));
    // Everything the renderer holds now: no key-bearing answer from before B is there.
    const held = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.data !== undefined)
      .map((query) => query.queryKey[0] as Channel);
    expect(held.filter((channel) => KEY_BEARING_CHANNELS.has(channel))).toEqual([]);
    expect(client.getQueryData(resultKey)).toBeUndefined();
    expect(client.getQueryData(cardsKey)).toBeUndefined();
    // Opened again from History during B: main's answer, every running question hidden.
    const during = await readResult();
    const shown = during.questions.filter(
      (q) => running.has(q.statement) && (q.correctChoice !== null || q.isCorrect !== null),
    );
    expect(shown).toEqual([]);
    expect(during.questions.every((q) => q.hidden)).toBe(true);
  });

  it('forgets exactly the channels whose key policy is not no-key', () => {
    const declared = Object.entries(CHANNEL_KEY_POLICY)
      .filter(([, policy]) => policy !== 'no-key')
      .map(([channel]) => channel)
      .sort();
    expect([...KEY_BEARING_CHANNELS].sort()).toEqual(declared);
  });

  it('names only events and channels that exist', () => {
    for (const [event, channels] of Object.entries(INVALIDATED_BY)) {
      expect(EVENTS).toContain(event);
      for (const channel of channels ?? []) expect(CHANNELS).toContain(channel);
    }
  });
});
