// One test per rule of ../shared/spec/catalog-api.md, against the fake over real HTTP.
import { parse as parseOpenApi, validate as validateOpenApi } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMS, NATIONAL_EXAM, startFakeApi, type FakeApi } from '../fake-api/server.js';

let api: FakeApi;

async function get(path: string, key?: string) {
  const response = await fetch(`${api.baseUrl}${path}`, { headers: key ? { 'X-API-Key': key } : {} });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as Record<string, unknown> };
}

interface Listing {
  data: { id: string; subject: { id: string }; exam: { id: string; name: string }; year: number; difficulty: string }[];
  meta: { total: number };
}
const listing = (body: unknown) => body as Listing;

beforeAll(async () => {
  api = await startFakeApi({ questions: 300, seed: 7 });
});
afterAll(async () => api.close());

describe('authentication (§5, §7)', () => {
  it('answers 401 {error, message} without statusCode when the header is missing', async () => {
    const r = await get('/v1/enem/questions');
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('Unauthorized');
    expect(typeof r.body.message).toBe('string');
    expect(r.body).not.toHaveProperty('statusCode');
  });

  it.each(['invalid', 'revoked', 'expired'] as const)('answers 401 for a %s key', async (kind) => {
    const key = kind === 'invalid' ? 'not-a-real-key' : api.keys[kind];
    const r = await get('/v1/enem/questions', key);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'Unauthorized', message: expect.any(String) });
  });

  it('answers 403 for the other product’s key, both ways', async () => {
    const a = await get('/v1/vestibulares/questions', api.keys.enem);
    const b = await get('/v1/enem/questions', api.keys.vestibulares);
    for (const r of [a, b]) {
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ error: 'Forbidden', message: expect.any(String) });
    }
  });

  it('answers 403 for an organization without an active subscription', async () => {
    const r = await get('/v1/enem/questions', api.keys.noSubscription);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('Forbidden');
  });
});

describe('products and envelopes (§1, §2.4, §4)', () => {
  it('lists exams as {data} without meta, institution and type possibly null', async () => {
    const r = await get('/v1/vestibulares/exams', api.keys.vestibulares);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['data']);
    const exams = r.body.data as { institution: unknown; type: unknown }[];
    expect(exams).toHaveLength(EXAMS.length);
    expect(exams.some((e) => e.institution === null)).toBe(true);
    expect(exams.some((e) => e.type === null)).toBe(true);
  });

  it('has no exam list on the national product', async () => {
    expect((await get('/v1/enem/exams', api.keys.enem)).status).toBe(404);
  });

  it('lists questions as {data, meta:{total}} where total counts the whole filtered set', async () => {
    const r = await get('/v1/enem/questions?limit=5', api.keys.enem);
    const body = listing(r.body);
    expect(body.data).toHaveLength(5);
    const national = api.catalog().filter((q) => q.national).length;
    expect(body.meta.total).toBe(national);
  });

  it('covers every exam, the national one included, in the vestibulares listing without examId', async () => {
    const r = await get('/v1/vestibulares/questions?limit=1', api.keys.vestibulares);
    expect(listing(r.body).meta.total).toBe(300);
    const enemOnly = await get(`/v1/vestibulares/questions?limit=1&examId=${NATIONAL_EXAM.id}`, api.keys.vestibulares);
    expect(listing(enemOnly.body).meta.total).toBeGreaterThan(0);
  });

  it('returns one question bare, without envelope, with 5 alternatives and exactly one correct', async () => {
    const id = api.catalog().find((q) => q.national)?.id ?? '';
    const r = await get(`/v1/enem/questions/${id}`, api.keys.enem);
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(id);
    expect(r.body).not.toHaveProperty('data');
    const alternatives = r.body.alternatives as { letter: string; isCorrect: boolean }[];
    expect(alternatives.map((a) => a.letter)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(alternatives.filter((a) => a.isCorrect)).toHaveLength(1);
    expect(r.body.correctAlternative).toBe(alternatives.find((a) => a.isCorrect)?.letter);
  });

  it('answers 404 {"error":"Questão não encontrada"} for a vestibular question asked through /v1/enem', async () => {
    const id = api.catalog().find((q) => !q.national)?.id ?? '';
    expect((await get(`/v1/vestibulares/questions/${id}`, api.keys.vestibulares)).status).toBe(200);
    const r = await get(`/v1/enem/questions/${id}`, api.keys.enem);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Questão não encontrada' });
  });

  it('answers 404 with the same body for an absent question', async () => {
    const r = await get('/v1/enem/questions/00000000-0000-4000-8000-000000000000', api.keys.enem);
    expect(r).toMatchObject({ status: 404, body: { error: 'Questão não encontrada' } });
  });
});

describe('filters and pagination (§4.1)', () => {
  it('defaults to page 1 and limit 20', async () => {
    const r = listing((await get('/v1/vestibulares/questions', api.keys.vestibulares)).body);
    expect(r.data).toHaveLength(20);
    expect(r.data[0]?.id).toBe(api.catalog()[0]?.id);
  });

  it('reads the whole set in ceil(total/limit) pages of limit=100 with no duplicates', async () => {
    const ids = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      const r = listing((await get(`/v1/vestibulares/questions?limit=100&page=${page}`, api.keys.vestibulares)).body);
      r.data.forEach((q) => ids.add(q.id));
    }
    expect(ids.size).toBe(300);
    const after = listing((await get('/v1/vestibulares/questions?limit=100&page=4', api.keys.vestibulares)).body);
    expect(after.data).toEqual([]);
    expect(after.meta.total).toBe(300);
  });

  it('combines examId, year, subjectId and difficulty', async () => {
    const sample = api.catalog().find((q) => !q.national);
    if (!sample) throw new Error('no vestibular question');
    const query = `examId=${sample.exam.id}&year=${sample.year}&subjectId=${sample.subject.id}&difficulty=${sample.difficulty}`;
    const r = listing((await get(`/v1/vestibulares/questions?limit=100&${query}`, api.keys.vestibulares)).body);
    expect(r.data.map((q) => q.id)).toContain(sample.id);
    for (const q of r.data) {
      expect(q).toMatchObject({ exam: { id: sample.exam.id }, year: sample.year, difficulty: sample.difficulty });
      expect(q.subject.id).toBe(sample.subject.id);
    }
    expect(r.meta.total).toBe(r.data.length);
  });

  it.each([['limit=0'], ['limit=101'], ['page=0'], ['limit=abc'], ['subjectId=not-a-uuid'], ['difficulty=extreme']])(
    'answers 400 {error, message} for an invalid %s (documented choice)',
    async (query) => {
      const r = await get(`/v1/vestibulares/questions?${query}`, api.keys.vestibulares);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error: 'Bad Request', message: expect.any(String) });
    },
  );

  it('rejects examId on the national product, which has no exams', async () => {
    const r = await get(`/v1/enem/questions?examId=${NATIONAL_EXAM.id}`, api.keys.enem);
    expect(r.status).toBe(400);
  });
});

describe('OpenAPI documents (§1, §9)', () => {
  it.each(['vestibulares', 'enem'] as const)(
    'publishes a valid OpenAPI 3.1 document for %s without a key',
    async (p) => {
      const r = await get(`/v1/${p}/openapi.json`);
      expect(r.status).toBe(200);
      expect(r.body.openapi).toBe('3.1.0');
      const result = await validateOpenApi(structuredClone(r.body) as never);
      expect(result.valid ? [] : result.errors).toEqual([]);
      const parsed = (await parseOpenApi(structuredClone(r.body) as never)) as { paths: Record<string, unknown> };
      expect(Object.keys(parsed.paths).every((path) => path.startsWith(`/v1/${p}/`))).toBe(true);
      expect(Object.keys(parsed.paths).includes('/v1/vestibulares/exams')).toBe(p === 'vestibulares');
    },
  );
});

describe('limits (§8)', () => {
  it('carries X-RateLimit-Limit and X-RateLimit-Remaining on every /v1 response, errors included', async () => {
    for (const [path, key] of [
      ['/v1/enem/questions?limit=1', api.keys.enem],
      ['/v1/enem/questions', undefined],
      ['/v1/enem/questions', api.keys.vestibulares],
      ['/v1/enem/openapi.json', undefined],
    ] as const) {
      const r = await get(path, key);
      expect(r.headers.get('x-ratelimit-limit'), path).toMatch(/^\d+$/);
      expect(r.headers.get('x-ratelimit-remaining'), path).toMatch(/^\d+$/);
    }
  });

  it('refuses the request past the per-minute limit with 429, Retry-After and {error, message}, then recovers', async () => {
    const limited = await startFakeApi({ questions: 20, ratePerMinute: 3, windowMs: 300, retryAfter: 0.3 });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await fetch(`${limited.baseUrl}/v1/enem/questions`, { headers: { 'X-API-Key': limited.keys.enem } });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last?.headers.get('retry-after')).toBe('0.3');
      expect(last?.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(await last?.json()).toEqual({ error: 'Too Many Requests', message: expect.any(String) });
      await new Promise((r) => setTimeout(r, 320));
      const again = await fetch(`${limited.baseUrl}/v1/enem/questions`, {
        headers: { 'X-API-Key': limited.keys.enem },
      });
      expect(again.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers Retry-After: 60 by default', async () => {
    const limited = await startFakeApi({ questions: 5, ratePerMinute: 1 });
    try {
      const headers = { 'X-API-Key': limited.keys.enem };
      await fetch(`${limited.baseUrl}/v1/enem/questions`, { headers });
      const r = await fetch(`${limited.baseUrl}/v1/enem/questions`, { headers });
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBe('60');
    } finally {
      await limited.close();
    }
  });

  it('counts the daily limit independently: 429 while the minute budget is still available', async () => {
    const limited = await startFakeApi({ questions: 5, ratePerMinute: 100, dailyLimit: 2 });
    try {
      const headers = { 'X-API-Key': limited.keys.enem };
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await fetch(`${limited.baseUrl}/v1/enem/questions`, { headers }));
      expect(statuses.map((r) => r.status)).toEqual([200, 200, 429]);
      expect(Number(statuses[2]?.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('does not consume the monthly quota with refused requests', async () => {
    const limited = await startFakeApi({ questions: 5, ratePerMinute: 2, windowMs: 200, monthlyQuota: 3 });
    try {
      const headers = { 'X-API-Key': limited.keys.enem };
      const call = async () => (await fetch(`${limited.baseUrl}/v1/enem/questions`, { headers })).status;
      expect([await call(), await call(), await call(), await call()]).toEqual([200, 200, 429, 429]);
      await new Promise((r) => setTimeout(r, 220));
      // Two 429s above did not count: exactly one request of the quota is left.
      expect([await call(), await call()]).toEqual([200, 429]);
      const body = (await (await fetch(`${limited.baseUrl}/v1/enem/questions`, { headers })).json()) as {
        message: string;
      };
      expect(body.message).toMatch(/upgrade/i);
    } finally {
      await limited.close();
    }
  });
});

describe('data, images and faults', () => {
  it('generates the same catalog for the same seed, and subjects with stable ids', async () => {
    const twin = await startFakeApi({ questions: 300, seed: 7 });
    const other = await startFakeApi({ questions: 300, seed: 8 });
    try {
      expect(twin.catalog().map((q) => q.id)).toEqual(api.catalog().map((q) => q.id));
      expect(other.catalog()[0]?.id).not.toBe(api.catalog()[0]?.id);
      expect(new Set(other.catalog().map((q) => q.subject.id))).toEqual(
        new Set(api.catalog().map((q) => q.subject.id)),
      );
    } finally {
      await Promise.all([twin.close(), other.close()]);
    }
  });

  it('serves real PNG and SVG bytes from the CDN origin and a few from the API origin', async () => {
    const urls = api
      .catalog()
      .flatMap((q) => [q.imageUrl, ...q.alternatives.map((a) => a.imageUrl)])
      .filter((u): u is string => u !== null);
    expect(urls.some((u) => u.startsWith(api.cdnUrl))).toBe(true);
    expect(urls.some((u) => u.startsWith(api.baseUrl))).toBe(true);
    const png = urls.find((u) => u.endsWith('.png')) ?? '';
    const bytes = new Uint8Array(await (await fetch(png)).arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svg = urls.find((u) => u.endsWith('.svg')) ?? '';
    expect(await (await fetch(svg)).text()).toMatch(/^<svg /);
  });

  it('omits fields on request (--omit-fields)', async () => {
    const bare = await startFakeApi({ questions: 10, omitFields: ['year', 'difficulty'] });
    try {
      const r = await fetch(`${bare.baseUrl}/v1/enem/questions?limit=1`, { headers: { 'X-API-Key': bare.keys.enem } });
      const question = ((await r.json()) as Listing).data[0];
      expect(question).not.toHaveProperty('year');
      expect(question).not.toHaveProperty('difficulty');
      const filtered = await fetch(`${bare.baseUrl}/v1/enem/questions?year=2015`, {
        headers: { 'X-API-Key': bare.keys.enem },
      });
      expect(filtered.status).toBe(200); // the filter still works server-side
    } finally {
      await bare.close();
    }
  });

  it('sends only the fields the spec shows (shape: minimum), and its OpenAPI document claims no type the spec does not', async () => {
    const bare = await startFakeApi({ questions: 10, shape: 'minimum' });
    try {
      const headers = { 'X-API-Key': bare.keys.enem };
      const r = await fetch(`${bare.baseUrl}/v1/enem/questions?limit=1`, { headers });
      const question = ((await r.json()) as { data: Record<string, unknown>[] }).data[0] ?? {};
      expect(Object.keys(question).sort()).toEqual(
        ['alternatives', 'correctAlternative', 'exam', 'id', 'imageUrl', 'statement', 'subject'].sort(),
      );
      expect(question.subject).toEqual({ id: expect.any(String) as unknown });
      const document = (await (await fetch(`${bare.baseUrl}/v1/enem/openapi.json`)).json()) as {
        components: { schemas: { Question: { properties: Record<string, { type?: unknown }> } } };
      };
      const { properties } = document.components.schemas.Question;
      expect(Object.keys(properties)).not.toContain('year');
      expect(Object.keys(properties)).not.toContain('difficulty');
      expect(properties.correctAlternative?.type).toBeUndefined();
    } finally {
      await bare.close();
    }
  });

  it('grows the catalog during a listing, moving total and shifting ids between pages', async () => {
    const growing = await startFakeApi({ questions: 250, faults: { growAfterListRequests: 2, growBy: 7 } });
    try {
      const headers = { 'X-API-Key': growing.keys.vestibulares };
      const page = async (n: number) =>
        (await (
          await fetch(`${growing.baseUrl}/v1/vestibulares/questions?limit=100&page=${n}`, { headers })
        ).json()) as Listing;
      const first = await page(1);
      const second = await page(2);
      expect(first.meta.total).toBe(250);
      expect(second.meta.total).toBe(257);
      expect(second.data[0]?.id).toBe(first.data[93]?.id);
    } finally {
      await growing.close();
    }
  });

  it('injects 500s, dropped connections and truncated bodies, and logs every request', async () => {
    const faulty = await startFakeApi({ questions: 10 });
    try {
      const headers = { 'X-API-Key': faulty.keys.enem };
      const url = `${faulty.baseUrl}/v1/enem/questions`;
      faulty.setFaults({ errorRate: 1 });
      expect((await fetch(url, { headers })).status).toBe(500);
      faulty.setFaults({ errorRate: 0, truncateRate: 1 });
      await expect((await fetch(url, { headers })).json()).rejects.toThrow();
      faulty.setFaults({ truncateRate: 0, dropRate: 1 });
      await expect(fetch(url, { headers })).rejects.toThrow();
      faulty.setFaults({ dropRate: 0 });
      await fetch(`${faulty.baseUrl}/v1/enem/questions?limit=2`);
      expect(faulty.log.at(-1)).toEqual({
        origin: 'api',
        method: 'GET',
        path: '/v1/enem/questions',
        query: { limit: '2' },
        hasApiKey: false,
        status: 401,
      });
      expect(faulty.log.map((entry) => entry.status)).toEqual([500, 200, 0, 401]);
    } finally {
      await faulty.close();
    }
  });
});
