import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient, normalizeBaseUrl } from '../../main/core/api/client.js';
import { ApiError } from '../../main/core/api/errors.js';
import { RateGovernor } from '../../main/core/api/governor.js';
import { startFakeApi, type FakeApi } from '../fake-api/server.js';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi({ questions: 120, seed: 3 });
});
afterAll(() => api.close());

const client = (
  product: 'enem' | 'vestibulares',
  apiKey: string,
  extra: Partial<ConstructorParameters<typeof CatalogClient>[0]> = {},
) => new CatalogClient({ baseUrl: api.baseUrl, product, apiKey, retryBaseMs: 1, ...extra });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof ApiError ? error.code : `unexpected ${String(error)}`;
  }
}

describe('CatalogClient', () => {
  it('lists exams and questions, validated, keeping unknown extra fields', async () => {
    const c = client('vestibulares', api.keys.vestibulares);
    const exams = await c.listExams();
    expect(exams.length).toBeGreaterThan(3);
    const page = await c.listQuestions({}, 1, 100);
    expect(page.total).toBe(120);
    expect(page.questions).toHaveLength(100);
    // `year` and `difficulty` are not in the spec's field table: they are extra fields and survive.
    expect(page.questions[0]).toHaveProperty('year');
    const one = await c.getQuestion(page.questions[0]?.id ?? '');
    expect(one.id).toBe(page.questions[0]?.id);
  });

  it('types errors by status: 401, 403, 404', async () => {
    expect(await codeOf(client('enem', api.keys.revoked).listQuestions({}, 1, 1))).toBe('unauthorized');
    expect(await codeOf(client('enem', 'nonsense').listQuestions({}, 1, 1))).toBe('unauthorized');
    expect(await codeOf(client('enem', api.keys.vestibulares).listQuestions({}, 1, 1))).toBe('forbidden');
    expect(await codeOf(client('enem', api.keys.noSubscription).listQuestions({}, 1, 1))).toBe('forbidden');
    const vestibular = api.catalog().find((q) => !q.national)?.id ?? '';
    expect(await codeOf(client('enem', api.keys.enem).getQuestion(vestibular))).toBe('not-found');
  });

  it('never puts the key in an error message', async () => {
    try {
      await client('enem', api.keys.vestibulares).listQuestions({}, 1, 1);
    } catch (error) {
      expect(String(error)).not.toContain(api.keys.vestibulares);
      expect(JSON.stringify(error)).not.toContain(api.keys.vestibulares);
    }
  });

  it('retries 500s, dropped connections and truncated bodies, then succeeds', async () => {
    for (const fault of [{ errorRate: 0.3 }, { dropRate: 0.3 }, { truncateRate: 0.3 }]) {
      api.setFaults(fault);
      const c = client('enem', api.keys.enem, { maxAttempts: 8 });
      for (let i = 0; i < 4; i++) expect((await c.listQuestions({}, 1, 5)).questions).toHaveLength(5);
      expect(c.stats.retries).toBeGreaterThan(0);
    }
    api.setFaults({ errorRate: 0, dropRate: 0, truncateRate: 0 });
  });

  it('gives up after a bounded number of attempts', async () => {
    api.setFaults({ errorRate: 1 });
    const c = client('enem', api.keys.enem, { maxAttempts: 3 });
    expect(await codeOf(c.listQuestions({}, 1, 1))).toBe('server');
    expect(c.stats.requests).toBe(3);
    api.setFaults({ errorRate: 0 });
  });

  it('times out and can be cancelled', async () => {
    api.setFaults({ latencyMs: 300 });
    expect(await codeOf(client('enem', api.keys.enem, { timeoutMs: 50, maxAttempts: 1 }).listQuestions({}, 1, 1))).toBe(
      'timeout',
    );
    const controller = new AbortController();
    const pending = client('enem', api.keys.enem).listQuestions({}, 1, 1, controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect(await codeOf(pending)).toBe('cancelled');
    api.setFaults({ latencyMs: 0 });
  });

  it('accepts a base URL pasted with a trailing slash or /v1 path', () => {
    expect(normalizeBaseUrl(' https://api.example.com/v1/enem/ ')).toBe('https://api.example.com');
    expect(normalizeBaseUrl('https://api.example.com/catalog/')).toBe('https://api.example.com/catalog');
    expect(() => normalizeBaseUrl('ftp://x')).toThrow();
  });
});

describe('the API key stays on its origin', () => {
  let seen: { host: string; key: string | undefined }[] = [];
  let redirector: ReturnType<typeof createServer>;
  let target: ReturnType<typeof createServer>;
  let redirectorUrl = '';
  let targetUrl = '';

  beforeAll(async () => {
    target = createServer((req, res) => {
      seen.push({ host: 'target', key: req.headers['x-api-key'] as string | undefined });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[],"meta":{"total":0}}');
    });
    redirector = createServer((req, res) => {
      seen.push({ host: 'redirector', key: req.headers['x-api-key'] as string | undefined });
      const sameOrigin = req.url?.startsWith('/v1/enem/questions/');
      const location = sameOrigin ? '/v1/enem/moved' : `${targetUrl}/v1/enem/questions`;
      if (req.url?.startsWith('/v1/enem/moved')) {
        const question = { id: 'q1', statement: 'S', subject: { id: 's' }, correctAlternative: 'A' };
        const alternatives = [{ id: 'a', letter: 'A', text: 'x', isCorrect: true }];
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ...question, alternatives }));
        return;
      }
      res.writeHead(302, { Location: location }).end();
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    target.closeAllConnections();
    redirector.closeAllConnections();
    await Promise.all([new Promise((r) => target.close(r)), new Promise((r) => redirector.close(r))]);
  });

  it('refuses a redirect to another origin without sending the key there', async () => {
    seen = [];
    const c = new CatalogClient({ baseUrl: redirectorUrl, product: 'enem', apiKey: 'secret-key-123' });
    expect(await codeOf(c.listQuestions({}, 1, 1))).toBe('redirect-refused');
    expect(seen).toEqual([{ host: 'redirector', key: 'secret-key-123' }]);
  });

  it('follows a same-origin redirect', async () => {
    seen = [];
    const c = new CatalogClient({ baseUrl: redirectorUrl, product: 'enem', apiKey: 'secret-key-123' });
    expect((await c.getQuestion('q1')).id).toBe('q1');
    expect(seen).toEqual([
      { host: 'redirector', key: 'secret-key-123' },
      { host: 'redirector', key: 'secret-key-123' },
    ]);
  });
});

describe('rate limits', () => {
  it('paces itself on X-RateLimit-Remaining: many requests, zero 429', async () => {
    const limited = await startFakeApi({ questions: 50, ratePerMinute: 4, windowMs: 200, retryAfter: 0.2 });
    try {
      const c = new CatalogClient({
        baseUrl: limited.baseUrl,
        product: 'enem',
        apiKey: limited.keys.enem,
        governor: new RateGovernor({ windowMs: 200 }),
      });
      for (let i = 0; i < 10; i++) await c.listQuestions({}, 1, 1);
      expect(limited.log.filter((r) => r.status === 429)).toEqual([]);
      expect(limited.log).toHaveLength(10);
      expect(c.governor.waits).toBeGreaterThanOrEqual(2);
    } finally {
      await limited.close();
    }
  });

  it('honours Retry-After when another client used the budget, then continues', async () => {
    const limited = await startFakeApi({ questions: 50, ratePerMinute: 3, windowMs: 300, retryAfter: 0.3 });
    try {
      const headers = { 'X-API-Key': limited.keys.enem };
      const c = new CatalogClient({ baseUrl: limited.baseUrl, product: 'enem', apiKey: limited.keys.enem });
      for (let i = 0; i < 3; i++) await fetch(`${limited.baseUrl}/v1/enem/questions`, { headers });
      const started = Date.now();
      expect((await c.listQuestions({}, 1, 1)).total).toBeGreaterThan(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(280);
      expect(c.stats.rateLimitWaits).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('tells an exhausted daily quota from the minute limit, and stops instead of waiting', async () => {
    const limited = await startFakeApi({ questions: 50, dailyLimit: 2, retryAfter: 60 });
    try {
      const c = new CatalogClient({ baseUrl: limited.baseUrl, product: 'enem', apiKey: limited.keys.enem });
      await c.listQuestions({}, 1, 1);
      await c.listQuestions({}, 2, 1);
      const started = Date.now();
      expect(await codeOf(c.listQuestions({}, 3, 1))).toBe('quota-exhausted');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await limited.close();
    }
  });

  it('stops before the local daily budget is spent', async () => {
    const c = new CatalogClient({
      baseUrl: api.baseUrl,
      product: 'enem',
      apiKey: api.keys.enem,
      governor: new RateGovernor({ usage: { day: new Date().toISOString().slice(0, 10), used: 10_000 } }),
    });
    const before = api.log.length;
    expect(await codeOf(c.listQuestions({}, 1, 1))).toBe('quota-exhausted');
    expect(api.log.length).toBe(before);
  });
});
