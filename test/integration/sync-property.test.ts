// Property: for any catalog a server that keeps the spec may send — every question valid under the
// question schema of the fake's OpenAPI document (written from the spec alone, checked here with
// ajv), the fields the spec leaves unshown in any form, keys that agree or contradict themselves,
// and totals that are honest, too high, moving between pages or never ending — a sync terminates
// within its request budget, keeps every question, and stores a key only where the server agreed
// with itself.
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../main/core/api/client.js';
import { PAGE_MARGIN, PREFETCH_PAGES, STALE_PAGES } from '../../main/core/sync/engine.js';
import { openWorkspace } from '../../main/core/workspace.js';
import { openApiDocument } from '../fake-api/openapi.js';
import { syncWithoutImages } from '../support/offline-sync.js';
import { tempDir } from '../support/temp.js';

const DIFFICULTY_WORDS = ['easy', 'medium', 'hard'] as const;
const LETTERS = 'ABCDEF';
const REPAIR_PASSES = 2;

/** A generated question: what the server sends, and the truth it filters by (the spec's filters). */
interface Generated {
  wire: Record<string, unknown>;
  year: number;
  difficulty: (typeof DIFFICULTY_WORDS)[number];
}

type TotalMode = 'honest' | 'too-high' | 'moving-up' | 'endless';

/** How correctAlternative is sent: naming an alternative (in some form) or nothing matchable. */
const namedBy = fc.oneof(
  fc.record({ form: fc.constantFrom('letter', 'id', 'object', 'position'), target: fc.nat(5) }),
  // Present, as the spec says, but naming nothing.
  fc.record({ form: fc.constantFrom('null', 'unknown-letter', 'empty-object'), target: fc.constant(0) }),
);

/** Any value for a field the spec leaves unshown. */
const unshown = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.object({ maxDepth: 1 }));

const question: fc.Arbitrary<Generated> = fc
  .record({
    id: fc.uuid(),
    statement: fc.string(),
    subjectId: fc.uuid(),
    alternatives: fc.uniqueArray(fc.record({ id: fc.uuid(), text: fc.string(), isCorrect: fc.boolean() }), {
      minLength: 1,
      maxLength: 6,
      selector: (a) => a.id,
    }),
    named: namedBy,
    year: fc.integer({ min: 2009, max: 2024 }),
    yearForm: fc.constantFrom('number', 'string', 'date', 'object', 'absent', 'garbage'),
    difficulty: fc.constantFrom(...DIFFICULTY_WORDS),
    difficultyForm: fc.constantFrom('word', 'upper', 'number', 'null', 'absent'),
    subjectName: fc.oneof(fc.string(), fc.constant(null), unshown),
    exam: fc.option(
      fc.record({ id: fc.oneof(fc.uuid(), fc.integer()), name: fc.oneof(fc.string(), fc.constant(null)) }),
    ),
    imageUrl: fc.oneof(fc.constant(null), fc.webUrl(), unshown),
    extra: fc.dictionary(fc.constantFrom('source', 'tags', 'updatedAt', 'meta'), unshown, { maxKeys: 2 }),
  })
  .map((g) => {
    const alternatives = g.alternatives.map((a, i) => ({
      id: a.id,
      letter: LETTERS[i] ?? 'Z',
      text: a.text,
      isCorrect: a.isCorrect,
    }));
    const target = alternatives[g.named.target % alternatives.length];
    const correctAlternative = {
      letter: target?.letter,
      id: target?.id,
      object: { id: target?.id },
      position: (g.named.target % alternatives.length) + 1,
      null: null,
      'unknown-letter': 'Z',
      'empty-object': {},
    }[g.named.form];
    const year = {
      number: g.year,
      string: String(g.year),
      date: `${g.year}-06-01`,
      object: { value: g.year },
      absent: undefined,
      garbage: 'in the past',
    }[g.yearForm];
    const difficulty = {
      word: g.difficulty,
      upper: g.difficulty.toUpperCase(),
      number: 2,
      null: null,
      absent: undefined,
    }[g.difficultyForm];
    const wire: Record<string, unknown> = {
      ...g.extra,
      id: g.id,
      statement: g.statement,
      imageUrl: g.imageUrl,
      subject: { id: g.subjectId, name: g.subjectName },
      ...(g.exam && { exam: g.exam }),
      ...(year !== undefined && { year }),
      ...(difficulty !== undefined && { difficulty }),
      alternatives,
      correctAlternative,
    };
    return { wire, year: g.year, difficulty: g.difficulty };
  });

/** The spec's rule, restated: exactly one isCorrect, and correctAlternative naming no other alternative. */
function serverAgrees(wire: Record<string, unknown>): string | null {
  const alternatives = wire.alternatives as { id: string; letter: string; isCorrect: boolean }[];
  const marked = alternatives.filter((a) => a.isCorrect);
  const key = marked[0];
  if (marked.length !== 1 || !key) return null;
  const named = wire.correctAlternative;
  const at = alternatives.indexOf(key);
  if (typeof named === 'number') {
    const readings = [named, named - 1].filter((i) => i >= 0 && i < alternatives.length);
    return readings.length === 0 || readings.includes(at) ? key.id : null;
  }
  const text = typeof named === 'string' ? named : (named as { id?: string } | null | undefined)?.id;
  const other = alternatives.find((a) => a !== key && (a.id === text || a.letter === text));
  return other ? null : key.id;
}

/** The server: pages of the generated questions, filtered by the truth, with the total the mode says. */
function serve(questions: Generated[], mode: TotalMode) {
  const requests = new Map<string, number>();
  let moved = 0;
  const answer = (url: URL): unknown => {
    const q = url.searchParams;
    const page = Number(q.get('page') ?? 1);
    const limit = Number(q.get('limit') ?? 20);
    const year = q.get('year');
    const difficulty = q.get('difficulty');
    const set = questions.filter(
      (g) => (year === null || String(g.year) === year) && (difficulty === null || g.difficulty === difficulty),
    );
    const listing = `${year}|${difficulty}`;
    requests.set(listing, (requests.get(listing) ?? 0) + 1);
    const start = (page - 1) * limit;
    const lastStart = Math.max(0, Math.ceil(set.length / limit) - 1) * limit;
    const from = mode === 'endless' && start >= set.length ? lastStart : start;
    const total = {
      honest: set.length,
      'too-high': set.length + 37,
      'moving-up': set.length + (moved++ % 4),
      endless: start + 1_000_000,
    }[mode];
    return { data: set.slice(from, from + limit).map((g) => g.wire), meta: { total } };
  };
  const fetcher: typeof fetch = (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = JSON.stringify(answer(url));
    return Promise.resolve(
      new Response(body, {
        status: 200,
        headers: {
          'Content-Type': 'application/json',
          'X-RateLimit-Limit': '100000',
          'X-RateLimit-Remaining': '99999',
        },
      }),
    );
  };
  return { fetcher, requests, realCount: (listing: string) => sizeOf(questions, listing) };
}

function sizeOf(questions: Generated[], listing: string): number {
  const [year, difficulty] = listing.split('|');
  return questions.filter(
    (g) => (year === 'null' || String(g.year) === year) && (difficulty === 'null' || g.difficulty === difficulty),
  ).length;
}

const ajv = new Ajv2020({ strict: false, validateFormats: false });
const document = openApiDocument('enem', 'http://127.0.0.1') as { components: { schemas: Record<string, unknown> } };
const listingIsValid = ajv.compile({
  $ref: '#/components/schemas/QuestionList',
  components: document.components,
});

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

describe('a sync against any server that keeps the spec (property)', () => {
  it('terminates within its request budget, keeps every question, and stores no key the server contradicts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(question, { minLength: 1, maxLength: 230, selector: (g) => g.wire.id as string }),
        fc.constantFrom<TotalMode>('honest', 'too-high', 'moving-up', 'endless'),
        async (questions, mode) => {
          // Every response this server sends is valid under the spec's own OpenAPI schema.
          const sample = { data: questions.map((g) => g.wire), meta: { total: questions.length } };
          expect(listingIsValid(sample), JSON.stringify(listingIsValid.errors)).toBe(true);

          const server = serve(questions, mode);
          const { dir, cleanup } = await tempDir();
          cleanups.push(cleanup);
          const workspace = await openWorkspace(dir);
          try {
            const client = new CatalogClient({
              baseUrl: 'http://127.0.0.1:9',
              product: 'enem',
              apiKey: 'k',
              fetch: server.fetcher,
              retryBaseMs: 1,
            });
            const report = await syncWithoutImages(client, workspace);

            // Terminated within budget: each listing costs at most its real pages plus the bound, per pass.
            for (const [listing, spent] of server.requests) {
              const budget =
                (1 + REPAIR_PASSES) *
                (Math.ceil(server.realCount(listing) / 100) + Math.max(STALE_PAGES, PAGE_MARGIN) + PREFETCH_PAGES);
              expect(spent, listing).toBeLessThanOrEqual(budget);
            }
            // Kept every question.
            const stored = new Map((await workspace.store.loadAll()).map((s) => [s.id, s]));
            for (const g of questions) expect(stored.has(g.wire.id as string)).toBe(true);
            expect(report.outcome.refused.total).toBe(0);
            // A key only where the server agreed with itself; and every such key kept.
            for (const g of questions) {
              expect(stored.get(g.wire.id as string)?.correctId ?? null).toBe(serverAgrees(g.wire));
            }
            expect(report.outcome.kept + report.outcome.keyless.total).toBe(questions.length);
            if (mode === 'endless') expect(report.unendedListings).toBeGreaterThan(0);
          } finally {
            await workspace.close();
          }
        },
      ),
      { numRuns: 25, seed: 65 },
    );
  }, 240_000);
});
