// Overlapping calls on the same data: the exam screen fires visits and answers
// without waiting while main's ticker saves; identical images arrive at once;
// two imports start together; `stats` reads while `sync` writes.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogStore, toStored } from '../../main/core/catalog/store.js';
import { ExamEngine } from '../../main/core/exams/engine.js';
import { attemptSchema } from '../../main/core/exams/model.js';
import { ImageCache } from '../../main/core/images/cache.js';
import { importPack, listPacks } from '../../main/core/packs/registry.js';
import { buildPack } from '../../main/core/packs/writer.js';
import { runSync } from '../../main/core/sync/engine.js';
import { openWorkspace } from '../../main/core/workspace.js';
import { startFakeApi } from '../fake-api/server.js';
import { sampleQuestion } from '../support/questions.js';
import { runCli } from '../support/run-node.js';
import { scratchDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});
const scratch = () => scratchDir(cleanups);

// A tiny valid PNG: the signature is all the cache checks.
const png = (n: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, n)]);

describe('overlapping calls', () => {
  it('100 overlapping answer/flag/eliminate/visit calls with the ticker running fast: all succeed, the file stays valid, a restart shows exactly the acknowledged state', async () => {
    const dir = await scratch();
    const store = await CatalogStore.open(join(dir, 'catalog'));
    await store.append(Array.from({ length: 30 }, (_, n) => toStored(sampleQuestion(n), 'api:enem')));
    const images = await ImageCache.open(join(dir, 'images'));
    const deps = {
      dir: join(dir, 'attempts'),
      store: () => store,
      images: () => images,
      imageUrl: (sha: string) => sha,
      clock: { now: () => Date.now(), speed: 1 },
    };
    const engine = await ExamEngine.open(deps);
    const ticker = setInterval(() => void engine.tick(), 1);
    cleanups.push(async () => clearInterval(ticker));
    const { attemptId } = await engine.start(
      { count: 20 },
      { title: 't', mode: 'timed', timeLimitMinutes: 600, strict: true, warnings: [], seed: 7 },
    );
    const file = join(dir, 'attempts', `${attemptId}.json`);
    const valid = async () => attemptSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    const calls = Array.from({ length: 100 }, (_, n) => {
      const index = n % 20;
      const call =
        n % 4 === 0
          ? engine.answer(attemptId, index, n % 5)
          : n % 4 === 1
            ? engine.flag(attemptId, index, n % 3 === 0)
            : n % 4 === 2
              ? engine.eliminate(attemptId, index, n % 5, true)
              : engine.visit(attemptId, index);
      return call.then(valid);
    });
    const settled = await Promise.allSettled(calls);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    clearInterval(ticker);
    const before = await engine.current();
    const after = await (await ExamEngine.open(deps)).current();
    expect(after?.answers).toEqual(before?.answers);
    expect(after?.flags).toEqual(before?.flags);
    expect(after?.eliminated).toEqual(before?.eliminated);
    expect(after?.current).toBe(before?.current);
    // Calls on one question landed in call order: the last answer of question i is the last call's value.
    for (let i = 0; i < 20; i++) {
      const answers = Array.from({ length: 100 }, (_, n) => n).filter((n) => n % 20 === i && n % 4 === 0);
      const last = answers.at(-1);
      if (last !== undefined) expect(after?.answers[i]).toBe(last % 5);
    }
  });

  it('the same image bytes under many URLs at once: every put succeeds and one file holds them', async () => {
    const dir = await scratch();
    const cache = await ImageCache.open(dir);
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, n) => cache.put(`https://cdn.example/${n}.png`, png(n % 3))),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(new Set(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).size).toBe(3);
    expect((await readdir(dir)).filter((n) => /^[0-9a-f]{64}$/.test(n))).toHaveLength(3);
    for (let n = 0; n < 60; n++) expect(cache.resolve(`https://cdn.example/${n}.png`)).not.toBeNull();
  });

  it('two pack imports at once: both are listed, with all their questions', async () => {
    const source = await openWorkspace(await scratch());
    await source.store.append(Array.from({ length: 60 }, (_, n) => toStored(sampleQuestion(n), 'api:enem')));
    const all = await source.store.loadAll();
    const a = await buildPack(all.slice(0, 30), source.store, source.images, { title: 'A', appVersion: '0.1.0' });
    const b = await buildPack(all.slice(30), source.store, source.images, { title: 'B', appVersion: '0.1.0' });
    await source.close();
    const target = await openWorkspace(await scratch());
    await Promise.all([importPack(target, a.bytes), importPack(target, b.bytes)]);
    expect((await listPacks(target)).map((p) => p.title)).toEqual(['A', 'B']);
    expect(target.store.size).toBe(60);
    await target.close();
    const reopened = await openWorkspace(target.dataDir);
    expect((await listPacks(reopened)).map((p) => p.title)).toEqual(['A', 'B']);
    expect(reopened.store.size).toBe(60);
    await reopened.close();
  });

  it('a read-only open (`stats`) never deletes the writer’s file in flight', async () => {
    const dir = await scratch();
    const writer = await openWorkspace(dir);
    const inFlight = join(dir, 'catalog', 'chunks', `.00000009.json.${process.pid}.1.abcdef12.tmp`);
    await writeFile(inFlight, '{"half');
    const reader = await openWorkspace(dir, { readOnly: true });
    await reader.close();
    expect(await readFile(inFlight, 'utf8')).toBe('{"half');
    await writer.close();
  });

  it('a sync-state write still in flight when the folder closes lands before the next opening sweeps temp files (the restart after a cancelled sync)', async () => {
    const dir = await scratch();
    for (let round = 0; round < 20; round++) {
      const workspace = await openWorkspace(dir);
      // Started and not awaited, as the daily-usage timer's own flush is.
      const inFlight = workspace.state.update((data) => ({
        ...data,
        usage: { ...data.usage, enem: { day: '2026-11-23', used: round + 1 } },
      }));
      await workspace.close();
      // The next opening sweeps leftover temp files: the write above must be done by now.
      const again = await openWorkspace(dir);
      await expect(inFlight).resolves.toBeUndefined();
      expect(again.state.state.usage.enem?.used).toBe(round + 1);
      await again.close();
    }
  });

  it('`cli stats` running again and again during a sync: the sync stores every page', async () => {
    const api = await startFakeApi({ questions: 800, seed: 4, faults: { latencyMs: 10 } });
    cleanups.push(() => api.close());
    const dir = await scratch();
    const workspace = await openWorkspace(dir);
    const client = workspace.client({ product: 'vestibulares', baseUrl: api.baseUrl, apiKey: api.keys.vestibulares });
    let done = false;
    const sync = runSync(
      { product: 'vestibulares' },
      { client, store: workspace.store, images: workspace.images, state: workspace.state, currentYear: 2026 },
    ).finally(() => (done = true));
    const stats: number[] = [];
    while (!done) {
      const run = await runCli(['stats', '--data-dir', dir, '--json']);
      expect(run.code).toBe(0);
      stats.push((JSON.parse(run.stdout) as { total: number }).total);
    }
    const report = await sync;
    expect(report.status).toBe('done');
    expect(workspace.store.size).toBe(800);
    expect(stats.length).toBeGreaterThan(0);
    await workspace.close();
    const reopened = await openWorkspace(dir);
    expect(reopened.store.size).toBe(800);
    await reopened.close();
  });
});
