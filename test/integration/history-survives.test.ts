// Results are self-contained: clearing the cache, removing a pack or syncing again
// never changes or breaks a result, its review, its images or the history.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Args, Channel, ExamResult, Responses } from '../../preload/contract.js';
import { type AppServices } from '../../main/app/services.js';
import { handle } from '../../main/app/handle.js';
import { startFakeApi, type FakeApi } from '../fake-api/server.js';
import { nodeServices } from '../support/node-services.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Calls a channel exactly as the renderer would (validation included); throws the bridge error. */
async function call<C extends Channel>(services: AppServices, channel: C, args: Args<C>): Promise<Responses[C]> {
  const result = await handle(services.handlers, channel, args);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

async function setup(): Promise<{ services: AppServices; api: FakeApi }> {
  const api = await startFakeApi({ questions: 120, seed: 21 });
  const temp = await tempDir();
  const services = await nodeServices({ dataDir: temp.dir });
  cleanups.push(
    temp.cleanup,
    () => api.close(),
    () => services.close(),
  );
  await call(services, 'keys:connect', { baseUrl: api.baseUrl, apiKey: api.keys.enem });
  await call(services, 'sync:start', { scope: { product: 'enem' } });
  await call(services, 'packs:import-demo', {});
  return { services, api };
}

/** Takes an exam over synced and demo questions (with figures), answers some, submits. */
async function takeExam(services: AppServices): Promise<ExamResult> {
  const state = await call(services, 'exam:start', {
    request: { count: 30 },
    settings: { title: 'Mix', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 3 },
  });
  for (let i = 0; i < 30; i += 2)
    await call(services, 'exam:answer', { attemptId: state.attemptId, index: i, choice: i % 5 });
  return call(services, 'exam:submit', { attemptId: state.attemptId });
}

const imagesOf = (result: ExamResult) =>
  result.questions.flatMap((q) => [q.image, ...q.alternatives.map((a) => a.image)]).filter((i) => i !== null);

describe('results survive what happens to the catalog', () => {
  it('clearing the cache keeps every result, review and image, and the packs', async () => {
    const { services } = await setup();
    const before = await takeExam(services);
    const history = await call(services, 'exam:history', {});
    const info = await call(services, 'cache:info', {});
    expect(info).toMatchObject({ packs: 1, attempts: 1 });
    expect(info.syncedQuestions).toBeGreaterThan(0);
    const after = await call(services, 'cache:clear', {});
    expect(after).toMatchObject({ syncedQuestions: 0, packQuestions: info.packQuestions, packs: 1 });
    expect(await call(services, 'exam:result', { attemptId: before.attemptId })).toEqual(before);
    expect(await call(services, 'exam:history', {})).toEqual(history);
    // Every image the result shows is still served.
    const images = services.workspace().images;
    expect(imagesOf(before).filter((url) => url !== 'missing').length).toBeGreaterThan(0);
    for (const url of imagesOf(before)) {
      const sha = url.split('/').at(-1) ?? '';
      if (url === 'missing') continue;
      const file = images.fileOf(sha);
      expect(file).not.toBeNull();
      await expect(readFile(file?.path ?? '')).resolves.toBeInstanceOf(Buffer);
    }
  });

  it('removing the packs too, then restarting: the result is still whole', async () => {
    const { services } = await setup();
    const before = await takeExam(services);
    await call(services, 'cache:clear', { removePacks: true });
    expect(await call(services, 'packs:list', {})).toEqual([]);
    const dataDir = (await call(services, 'app:info', {})).dataDir;
    await services.close();
    const again = await nodeServices({ dataDir });
    cleanups.push(() => again.close());
    await again.settled();
    const result = await call(again, 'exam:result', { attemptId: before.attemptId });
    expect(result).toEqual(before);
    expect(result.questions.every((q) => q.statement.length > 0)).toBe(true);
  });

  it('removing the pack alone keeps the result; a re-sync changes nothing in it', async () => {
    const { services } = await setup();
    const before = await takeExam(services);
    await call(services, 'packs:remove', { id: (await call(services, 'packs:list', {}))[0]?.id ?? '' });
    await call(services, 'sync:start', { scope: { product: 'enem' } });
    expect(await call(services, 'exam:result', { attemptId: before.attemptId })).toEqual(before);
  });

  it('clearing the cache is refused while an exam runs, and the exam can still be submitted', async () => {
    const { services } = await setup();
    const state = await call(services, 'exam:start', {
      request: { count: 5 },
      settings: { title: 'Now', mode: 'practice', timeLimitMinutes: null, strict: false },
    });
    await expect(call(services, 'cache:clear', {})).rejects.toThrow('exam-running');
    const result = await call(services, 'exam:submit', { attemptId: state.attemptId });
    expect(result.score.total).toBe(5);
  });
});
