import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GovernorOptions } from '../../main/core/api/governor.js';
import type { Product } from '../../main/core/api/schemas.js';
import { runSync, estimateSync, type SyncProgress } from '../../main/core/sync/engine.js';
import type { SyncScope } from '../../main/core/sync/scope.js';
import { openWorkspace, type Workspace } from '../../main/core/workspace.js';
import { queryCatalog } from '../../main/core/catalog/query.js';
import { startFakeApi, type FakeApi, type FakeApiOptions } from '../fake-api/server.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setup(options: Partial<FakeApiOptions> = {}) {
  const api = await startFakeApi({ questions: 450, seed: 11, ...options });
  const { dir, cleanup } = await tempDir();
  cleanups.push(cleanup, () => api.close());
  return { api, dir };
}

async function sync(
  api: FakeApi,
  dir: string,
  scope: SyncScope,
  extra: { governor?: GovernorOptions; signal?: AbortSignal; progress?: SyncProgress[] } = {},
) {
  const workspace = await openWorkspace(dir);
  const progress: SyncProgress[] = extra.progress ?? [];
  try {
    const client = workspace.client({
      product: scope.product,
      baseUrl: api.baseUrl,
      apiKey: api.keys[scope.product],
      ...(extra.governor && { governor: extra.governor }),
    });
    const report = await runSync(scope, {
      client,
      store: workspace.store,
      images: workspace.images,
      state: workspace.state,
      onProgress: (p) => progress.push(p),
      currentYear: 2026,
      ...(extra.signal && { signal: extra.signal }),
    });
    return { report, progress, workspace };
  } finally {
    await workspace.close();
  }
}

const expectedIds = (api: FakeApi, product: Product) =>
  api
    .catalog()
    .filter((q) => product === 'vestibulares' || q.national)
    .map((q) => q.id)
    .sort();

/** Waits for a state, not for a time (the test's own timeout bounds it). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const storedIds = (workspace: Workspace) => [...workspace.store.all()].map((q) => q.id).sort();
const questionRequests = (api: FakeApi) => api.log.filter((r) => r.origin === 'api' && r.path.endsWith('/questions'));

describe('sync', () => {
  it('reads a whole product with 1 exam list + ceil(total/100) pages, and caches its images without the key', async () => {
    const { api, dir } = await setup();
    const { report, workspace, progress } = await sync(api, dir, { product: 'vestibulares' });
    expect(report).toMatchObject({
      status: 'done',
      total: 450,
      questions: 450,
      requests: 1 + 5,
      retries: 0,
      missing: 0,
    });
    expect(storedIds(workspace)).toEqual(expectedIds(api, 'vestibulares'));
    expect(questionRequests(api).every((r) => r.query.limit === '100')).toBe(true);
    const imageRequests = api.log.filter((r) => r.path.startsWith('/img/') || r.path.startsWith('/static/'));
    expect(imageRequests.length).toBe(report.images.downloaded);
    expect(imageRequests.some((r) => r.origin === 'api')).toBe(true);
    expect(api.log.filter((r) => r.hasApiKey).every((r) => r.path.startsWith('/v1/'))).toBe(true);
    const urls = new Set(
      api
        .catalog()
        .flatMap((q) => [q.imageUrl, ...q.alternatives.map((a) => a.imageUrl)])
        .filter(Boolean),
    );
    expect(report.images.downloaded).toBe(urls.size); // each distinct URL once
    for (const url of urls) expect(workspace.images.resolve(url as string)).not.toBeNull();
    // progress: monotonic question count that ends at the total
    const counts = progress.map((p) => p.questions);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ phase: 'done', questions: 450, total: 450 });
  });

  it('reads the national product without an exam list', async () => {
    const { api, dir } = await setup();
    const { report, workspace } = await sync(api, dir, { product: 'enem' });
    const n = expectedIds(api, 'enem').length;
    expect(report.requests).toBe(Math.ceil(n / 100));
    expect(api.log.some((r) => r.path.endsWith('/exams'))).toBe(false);
    expect(storedIds(workspace)).toEqual(expectedIds(api, 'enem'));
    expect([...workspace.store.all()].every((q) => q.sources.includes('api:enem'))).toBe(true);
  });

  it('finds synced questions by their words, accents and all, and a newer copy replaces the words and body read before', async () => {
    const { api, dir } = await setup();
    const target = api.catalog()[7];
    if (!target) throw new Error('no question');
    // The sync keeps each question's search text as UTF-8 until the index reads it: non-Latin-1 too.
    (target as { statement: string }).statement = 'Sobre a tração “ímpar” — conjugação ℵ0';
    const search = async (workspace: Workspace, text: string) =>
      (await queryCatalog(workspace.store, { text })).map((entry) => entry.id);
    const first = await sync(api, dir, { product: 'vestibulares' });
    expect(await search(first.workspace, 'TRACAO impar ℵ0')).toEqual([target.id]);
    expect(await search(first.workspace, target.alternatives[2]?.text ?? '?')).toContain(target.id);

    const workspace = await openWorkspace(dir);
    try {
      expect((await workspace.store.loadOne(target.id))?.q.statement).toBe(target.statement);
      (target as { statement: string }).statement = 'Enunciado revisado: zimurgia ôntica';
      const client = workspace.client({ product: 'vestibulares', baseUrl: api.baseUrl, apiKey: api.keys.vestibulares });
      await runSync(
        { product: 'vestibulares' },
        { client, store: workspace.store, images: workspace.images, state: workspace.state, downloadImages: false },
      );
      // The body read before the newer copy arrived is not served again.
      expect((await workspace.store.loadOne(target.id))?.q.statement).toBe('Enunciado revisado: zimurgia ôntica');
      expect(await search(workspace, 'zimurgia ONTICA')).toEqual([target.id]);
      expect(await search(workspace, 'ímpar ℵ0')).toEqual([]);
    } finally {
      await workspace.close();
    }
  });

  it('syncs a filtered scope only', async () => {
    const { api, dir } = await setup();
    const sample = api.catalog().find((q) => q.national);
    if (!sample) throw new Error('no national question');
    const { report, workspace } = await sync(api, dir, {
      product: 'enem',
      year: sample.year,
      difficulty: sample.difficulty,
    });
    const expected = api
      .catalog()
      .filter((q) => q.national && q.year === sample.year && q.difficulty === sample.difficulty);
    expect(report.questions).toBe(expected.length);
    expect(storedIds(workspace)).toEqual(expected.map((q) => q.id).sort());
  });

  it('estimates questions and requests with one limit=1 call', async () => {
    const { api, dir } = await setup();
    const workspace = await openWorkspace(dir);
    cleanups.push(() => workspace.close());
    const client = workspace.client({ product: 'vestibulares', baseUrl: api.baseUrl, apiKey: api.keys.vestibulares });
    expect(await estimateSync(client, { product: 'vestibulares' })).toMatchObject({ total: 450, requests: 6 });
    expect(api.log).toHaveLength(1);
    expect(api.log[0]?.query.limit).toBe('1');
  });

  it('learns year and difficulty from filtered listings when questions lack them', async () => {
    const { api, dir } = await setup({ omitFields: ['year', 'difficulty'] });
    const { report, workspace } = await sync(api, dir, { product: 'enem' });
    const truth = new Map(api.catalog().map((q) => [q.id, q]));
    expect(storedIds(workspace)).toEqual(expectedIds(api, 'enem'));
    for (const question of workspace.store.all()) {
      expect(question.q).not.toHaveProperty('year');
      expect(question.year).toBe(truth.get(question.id)?.year);
      expect(question.difficulty).toBe(truth.get(question.id)?.difficulty);
    }
    // Cost: first page + 1 probe per year from 2027 down to the oldest year + per-(year, difficulty) pages.
    const n = expectedIds(api, 'enem').length;
    expect(report.requests).toBeLessThanOrEqual(1 + 19 + n / 100 + 16 * 3);
  });

  it('learns difficulty alone with three partitions when only it is missing', async () => {
    const { api, dir } = await setup({ omitFields: ['difficulty'] });
    const { report, workspace } = await sync(api, dir, { product: 'vestibulares' });
    const truth = new Map(api.catalog().map((q) => [q.id, q]));
    for (const question of workspace.store.all()) expect(question.difficulty).toBe(truth.get(question.id)?.difficulty);
    const pages = api
      .catalog()
      .reduce((acc, q) => acc.set(q.difficulty, (acc.get(q.difficulty) ?? 0) + 1), new Map<string, number>());
    const partitionPages = [...pages.values()].reduce((sum, count) => sum + Math.ceil(count / 100), 0);
    expect(report.requests).toBe(1 + 1 + partitionPages); // exams + first page + partitions
  });

  it.each([
    ['500s', { errorRate: 0.15 }],
    ['dropped connections', { dropRate: 0.15 }],
    ['truncated bodies', { truncateRate: 0.15 }],
    ['unstable page order', { unstableOrder: true }],
    ['a catalog growing mid-listing', { growAfterListRequests: 3, growBy: 7 }],
  ])('loses and duplicates nothing under %s', async (_name, faults) => {
    const { api, dir } = await setup({ faults });
    const { report, workspace } = await sync(api, dir, { product: 'vestibulares' });
    expect(report.status).toBe('done');
    expect(storedIds(workspace)).toEqual(expectedIds(api, 'vestibulares'));
    expect(report.questions).toBe(api.catalog().length);
  });

  it('repairs a growing catalog with few extra requests', async () => {
    const { api, dir } = await setup({ faults: { growAfterListRequests: 3, growBy: 7 } });
    const { report } = await sync(api, dir, { product: 'vestibulares' });
    expect(report.total).toBe(457);
    // minimum for 457 is 1 + 5; the shift costs one repair page
    expect(report.requests).toBeLessThanOrEqual(1 + 5 + 1);
  });

  it('never triggers a 429 under a tight per-minute limit', async () => {
    const { api, dir } = await setup({ ratePerMinute: 2, windowMs: 150, retryAfter: 0.15, questions: 600 });
    const { report } = await sync(api, dir, { product: 'vestibulares' }, { governor: { windowMs: 150 } });
    expect(report.status).toBe('done');
    expect(api.log.filter((r) => r.status === 429)).toEqual([]);
    expect(report.rateLimitWaits).toBeGreaterThan(0);
  });

  it('stops cleanly when the daily quota runs out, keeps what it has, and resumes without re-fetching', async () => {
    const { api, dir } = await setup({ dailyLimit: 3 });
    const first = await sync(api, dir, { product: 'vestibulares' });
    expect(first.report.status).toBe('quota-exhausted');
    expect(first.workspace.store.size).toBe(200);
    const firstPages = questionRequests(api)
      .filter((r) => r.status === 200)
      .map((r) => r.query.page);
    expect(firstPages).toEqual(['1', '2']);
    api.resetLimits();
    api.log.length = 0;
    const second = await sync(api, dir, { product: 'vestibulares' });
    expect(second.report).toMatchObject({ status: 'done', resumed: true, questions: 450 });
    expect(questionRequests(api).map((r) => r.query.page)).toEqual(['3', '4', '5']);
    expect(api.log.some((r) => r.path.endsWith('/exams'))).toBe(false);
    expect(storedIds(second.workspace)).toEqual(expectedIds(api, 'vestibulares'));
  });

  it('a cancel keeps the pages that arrived and aborts only the unanswered: the resume asks exactly those', async () => {
    const { api, dir } = await setup({ questions: 1000 });
    const gate = api.holdPages([3]);
    const controller = new AbortController();
    const progress: SyncProgress[] = [];
    const first = sync(api, dir, { product: 'vestibulares' }, { signal: controller.signal, progress });
    await gate.reached(3);
    // Pages 4 and 5 were asked ahead while 2 was stored; wait until the engine has them in hand.
    await until(() => progress.some((p) => p.received >= 4));
    controller.abort();
    const cancelled = await first;
    expect(cancelled.report.status).toBe('cancelled');
    const answered = questionRequests(api).filter((r) => r.status === 200 && r.query.limit === '100');
    expect(answered.map((r) => r.query.page).sort()).toEqual(['1', '2', '4', '5']);
    api.log.length = 0;
    const second = await sync(api, dir, { product: 'vestibulares' });
    expect(second.report).toMatchObject({ status: 'done', resumed: true, questions: 1000 });
    expect(
      questionRequests(api)
        .map((r) => Number(r.query.page))
        .sort((a, b) => a - b),
    ).toEqual([3, 6, 7, 8, 9, 10]);
    expect(storedIds(second.workspace)).toEqual(expectedIds(api, 'vestibulares'));
  });

  it('can be cancelled and resumed', async () => {
    const { api, dir } = await setup({ faults: { latencyMs: 30 } });
    const controller = new AbortController();
    const first = sync(api, dir, { product: 'vestibulares' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect((await first).report.status).toBe('cancelled');
    const second = await sync(api, dir, { product: 'vestibulares' });
    expect(second.report.status).toBe('done');
    expect(storedIds(second.workspace)).toEqual(expectedIds(api, 'vestibulares'));
  });

  it('retries failed images on the next sync', async () => {
    const { api, dir } = await setup({ faults: { missingImages: ['.svg'] } });
    const first = await sync(api, dir, { product: 'vestibulares' });
    expect(first.report.images.failed).toBeGreaterThan(0);
    api.setFaults({ missingImages: [] });
    const second = await sync(api, dir, { product: 'vestibulares' });
    expect(second.report.images).toEqual({ downloaded: first.report.images.failed, failed: 0 });
  });

  it('survives kill -9 at any moment: the next run re-fetches no stored page and ends complete', async () => {
    const { api, dir } = await setup({ questions: 1500, faults: { latencyMs: 15 } });
    const env = { ...process.env, EXAM_API_KEY: api.keys.vestibulares };
    const args = [
      '--import',
      'tsx',
      'main/cli.ts',
      'sync',
      '--base-url',
      api.baseUrl,
      '--product',
      'vestibulares',
      '--data-dir',
      dir,
      '--json',
    ];
    const child = spawn(process.execPath, args, { env, stdio: 'ignore' });
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (questionRequests(api).length >= 6) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // Requests the child sent before dying may still be handled (and logged) by the server.
    await api.idle();
    const answeredBefore = new Set(
      questionRequests(api)
        .filter((r) => r.status === 200 && r.query.limit === '100')
        .map((r) => r.query.page ?? ''),
    );
    const chunkFiles = await readdir(join(dir, 'catalog', 'chunks'));
    const storedPages = new Set<string>();
    // Only finished chunks count: a temp file cut by the kill was never visible to the store.
    for (const name of chunkFiles.filter((file) => /^\d{8}\.json$/.test(file))) {
      const chunk = JSON.parse(await readFile(join(dir, 'catalog', 'chunks', name), 'utf8')) as {
        pages: { page: number }[];
      };
      for (const { page } of chunk.pages) storedPages.add(String(page));
    }
    expect(storedPages.size).toBeGreaterThan(0);
    api.log.length = 0;
    const second = await sync(api, dir, { product: 'vestibulares' });
    expect(second.report.status).toBe('done');
    const resumedPages = questionRequests(api)
      .filter((r) => r.query.limit === '100')
      .map((r) => r.query.page ?? '');
    // Exactly the pages that were paid for but not durably stored are asked again, each once.
    const askedAgain = resumedPages.filter((page) => answeredBefore.has(page)).sort();
    expect(askedAgain).toEqual([...answeredBefore].filter((page) => !storedPages.has(page)).sort());
    expect(resumedPages.length).toBe(new Set(resumedPages).size);
    expect(storedIds(second.workspace)).toEqual(expectedIds(api, 'vestibulares'));
  });
});
