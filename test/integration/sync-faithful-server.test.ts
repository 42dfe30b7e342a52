// A catalog as any server that keeps the spec may send it (test/fake-api/variations.ts): the
// spec's minimum, the varied forms of the fields it leaves unshown, keys that contradict
// themselves, and a listing that never ends. Every valid question is kept, no contradicted key is
// believed, each question is reported once, and the requests stay within their bound.
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_MARGIN } from '../../main/core/sync/engine.js';
import type { SyncScope } from '../../main/core/sync/scope.js';
import { openWorkspace } from '../../main/core/workspace.js';
import { startFakeApi, type FakeApi, type FakeApiOptions } from '../fake-api/server.js';
import { keyVariationOf } from '../fake-api/variations.js';
import { syncWithoutImages } from '../support/offline-sync.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function syncFrom(options: Partial<FakeApiOptions>, scope: SyncScope = { product: 'enem' }) {
  const api = await startFakeApi({ questions: 450, seed: 5, ...options });
  const { dir, cleanup } = await tempDir();
  cleanups.push(cleanup, () => api.close());
  const workspace = await openWorkspace(dir);
  cleanups.push(() => workspace.close());
  const client = workspace.client({ product: scope.product, baseUrl: api.baseUrl, apiKey: api.keys[scope.product] });
  const report = await syncWithoutImages(client, workspace, scope);
  return { api, report, workspace };
}

const ofProduct = (api: FakeApi) => api.catalog().filter((q) => q.national);
const questionRequests = (api: FakeApi) => api.log.filter((r) => r.origin === 'api' && r.path.endsWith('/questions'));

describe('a sync from a server that keeps the spec', () => {
  it('keeps every question of a varied catalog, withholds every key the server contradicts, and reports each question once', async () => {
    const { api, report, workspace } = await syncFrom({ shape: 'varied' });
    const expected = ofProduct(api);
    const stored = new Set([...workspace.store.all()].map((q) => q.id));
    expect(expected.filter((q) => !stored.has(q.id))).toEqual([]);

    const contradicted = expected.filter((q) => keyVariationOf(q) !== 'agrees');
    expect(contradicted.length).toBeGreaterThan(5);
    for (const q of contradicted) expect(workspace.store.keyed(q.id), keyVariationOf(q)).toBe(false);
    for (const q of expected.filter((q) => keyVariationOf(q) === 'agrees'))
      expect(workspace.store.keyed(q.id)).toBe(true);

    const byCause: Record<string, number> = {};
    for (const q of contradicted) byCause[keyVariationOf(q)] = (byCause[keyVariationOf(q)] ?? 0) + 1;
    expect(report.outcome).toMatchObject({
      kept: expected.length - contradicted.length,
      keyless: { total: contradicted.length, causes: byCause },
      refused: { total: 0 },
    });
    // Once each, although difficulty partitions and pages may bring a question more than once.
    expect(report.skipped).toBe(contradicted.length);
    expect(report.unendedListings).toBe(0);
    // A numeric difficulty is unreadable (and counted); a string year, a date and a null name are read or absent.
    expect(report.outcome.unreadable.difficulty).toBeGreaterThan(0);
    expect(report.outcome.unreadable.year).toBeUndefined();
    // Some difficulties came unreadable, so the scope was read as the three difficulty partitions: ≤ 1 + 2 over the minimum.
    expect(report.requests).toBeLessThanOrEqual(Math.ceil(expected.length / 100) + 3);
  });

  it('reads a year from a string or a date, and shows a subject no question names as —, not as its uuid', async () => {
    const { api, workspace } = await syncFrom({ shape: 'varied' });
    const years = new Map([...workspace.store.all()].map((q) => [q.id, q.year]));
    for (const q of ofProduct(api)) expect(years.get(q.id)).toBe(q.year);
    // Kept in the catalog's one form (packs carry it: an older app reads a pack built from this server).
    for (const stored of await workspace.store.loadAll()) {
      expect(typeof stored.q.year).toBe('number');
      expect([undefined, null, 'easy', 'medium', 'hard']).toContain(stored.q.difficulty);
    }
    expect(workspace.store.subjects().some((s) => /^[0-9a-f]{8}-/.test(s.name))).toBe(false);
  });

  it('keeps a statement written in markup as its text: paragraphs and breaks as lines, entities decoded, no tag', async () => {
    const { api, workspace } = await syncFrom({ shape: 'varied', questions: 60 });
    const marked = ofProduct(api).filter((q) => Number.parseInt(q.id.slice(0, 8), 16) % 3 === 0);
    expect(marked.length).toBeGreaterThan(0);
    for (const stored of await workspace.store.load(marked.map((q) => q.id))) {
      expect(stored.q.statement).not.toMatch(/<\/?[a-z]|&amp;/);
      expect(stored.q.statement).toContain('& qual');
      expect(stored.q.statement).toMatch(/\n\nSegunda linha\ne terceira\.$/);
    }
  });

  it('shows a subject that no question names as —', async () => {
    const { workspace } = await syncFrom({ shape: 'minimum', questions: 30 });
    const subjects = workspace.store.subjects();
    expect(subjects.length).toBeGreaterThan(0);
    expect(subjects.every((s) => s.name === '—')).toBe(true);
  });

  it('keeps every question of a catalog sent with only the fields the spec shows, each with its key', async () => {
    const { api, report, workspace } = await syncFrom({ shape: 'minimum', questions: 120 });
    const expected = ofProduct(api);
    expect(report.status).toBe('done');
    expect(report.questions).toBe(expected.length);
    for (const q of expected) expect(workspace.store.keyed(q.id)).toBe(true);
    expect(report.outcome.keyless.total).toBe(0);
  });

  it('stops a listing that never ends within ceil(total/limit) plus its margin, keeps what came and says so', async () => {
    const { api, report, workspace } = await syncFrom({ faults: { endlessListing: true } });
    const expected = ofProduct(api);
    expect(report.unendedListings).toBe(1);
    expect(new Set([...workspace.store.all()].map((q) => q.id))).toEqual(new Set(expected.map((q) => q.id)));
    // The real pages, then at most PAGE_MARGIN pages that bring nothing new (and one asked ahead).
    expect(questionRequests(api).length).toBeLessThanOrEqual(Math.ceil(expected.length / 100) + PAGE_MARGIN + 1);
  });
});
