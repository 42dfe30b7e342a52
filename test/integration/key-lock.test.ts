// Invariant 1 attacked through the bridge: while an exam runs, a curious (or
// compromised) renderer calls every channel with everything it can learn, and no
// answer carries the key of a question of that exam.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type Args, type Channel, type Result } from '../../preload/contract.js';
import { CHANNELS } from '../../preload/channels/index.js';
import { CHANNEL_KEY_POLICY } from '../../main/core/exams/visibility.js';
import { type AppServices } from '../../main/app/services.js';
import { handle } from '../../main/app/handle.js';
import { startFakeApi } from '../fake-api/server.js';
import { nodeServices } from '../support/node-services.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const KEY_FIELDS = [
  'isCorrect',
  'correctChoice',
  'correctAlternativeId',
  'correctId',
  'originalLetter',
  'correct',
  'explanation',
];

async function call<C extends Channel>(services: AppServices, channel: C, args: Args<C>) {
  return handle(services.handlers, channel, args);
}
async function value<C extends Channel>(services: AppServices, channel: C, args: Args<C>) {
  const result = await call(services, channel, args);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Every object in a payload that shows one of these statements, with the key fields it carries. */
function keyedMentions(payload: unknown, statements: Set<string>): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${path}[${i}]`));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.statement === 'string' && statements.has(record.statement)) {
      for (const field of KEY_FIELDS) {
        if (record[field] !== undefined && record[field] !== null) found.push(`${path}.${field}`);
      }
      const alternatives = Array.isArray(record.alternatives) ? record.alternatives : [];
      alternatives.forEach((a, i) => {
        const letter = (a as Record<string, unknown>).originalLetter;
        if (letter !== undefined && letter !== null) found.push(`${path}.alternatives[${i}].originalLetter`);
      });
    }
    for (const [key, child] of Object.entries(record)) walk(child, `${path}.${key}`);
  };
  walk(payload, '');
  return found;
}

async function setup() {
  const api = await startFakeApi({ questions: 50, seed: 2 });
  const temp = await tempDir();
  const opened: string[] = [];
  const services = await nodeServices({
    dataDir: temp.dir,
    openExternal: async (url) => {
      opened.push(url);
      return true;
    },
  });
  cleanups.push(
    temp.cleanup,
    () => api.close(),
    () => services.close(),
  );
  await value(services, 'packs:import-demo', {});
  return { services, api, opened };
}

describe('the key lock', () => {
  it('has a decision for every channel of the contract, and none for a channel that does not exist', () => {
    expect(Object.keys(CHANNEL_KEY_POLICY).sort()).toEqual([...CHANNELS].sort());
  });

  it('no channel returns the key of a question of the running exam, whatever the renderer asks', async () => {
    const { services, api } = await setup();
    // Exam A, submitted with every answer "A": some wrong. Exam B retries those: they are now locked.
    const a = await value(services, 'exam:start', {
      request: { count: 12 },
      settings: { title: 'A', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 5 },
    });
    for (const q of a.questions)
      await value(services, 'exam:answer', { attemptId: a.attemptId, index: q.index, choice: 0 });
    const resultA = await value(services, 'exam:submit', { attemptId: a.attemptId });
    expect(resultA.questions.some((q) => q.isCorrect === false)).toBe(true);
    // Everything a renderer can learn: every id in the library. A note on each gives its key away.
    const page = await value(services, 'catalog:query', { filter: {}, offset: 0, limit: 500 });
    const ids = page.items.map((item) => item.id);
    for (const id of ids) await value(services, 'notes:set', { ref: { questionId: id }, text: 'A resposta é a C' });
    const b = await value(services, 'exam:retry-wrong', { attemptId: a.attemptId });
    const locked = new Set(b.questions.map((q) => q.statement));
    const demo = await readFile('assets/demo.exampack');
    const packId = (await value(services, 'packs:list', {}))[0]?.id ?? '';
    const argsFor: { [C in Channel]: Args<C>[] } = {
      'app:info': [{}],
      'app:notices': [{}],
      'app:dismiss-notices': [{}],
      'keys:status': [{}],
      'keys:connect': [{ baseUrl: api.baseUrl, apiKey: api.keys.enem }],
      'keys:remove': [{ product: 'vestibulares' }],
      'sync:overview': [{}],
      'sync:estimate': [{ scope: { product: 'enem' } }],
      'sync:start': [{ scope: { product: 'enem' } }],
      'sync:cancel': [{}],
      'catalog:facets': [{}],
      'catalog:query': [{ filter: {}, offset: 0, limit: 500 }],
      'catalog:question': ids.map((id) => ({ id })),
      'catalog:reveal': ids.map((id) => ({ id })),
      'catalog:explanation': ids.map((id) => ({ id })),
      'catalog:set-explanation': ids.map((id) => ({ id, text: 'Resolução' })),
      'settings:get': [{}],
      'settings:set': [{ settings: { theme: 'dark' } }],
      'cache:info': [{}],
      'cache:clear': [{}, { removePacks: true }],
      'shell:open-external': [{ url: 'https://example.com/' }],
      'files:save': [{ files: [{ fileName: 'notas.txt', data: 'texto' }] }],
      'exam:presets': [{}],
      'exam:count': [{ request: { count: 10 } }],
      'exam:start': [
        { request: { count: 5 }, settings: { title: 'C', mode: 'practice', timeLimitMinutes: null, strict: false } },
      ],
      'exam:current': [{}],
      'exam:answer': [{ attemptId: b.attemptId, index: 0, choice: 1 }],
      'exam:flag': [{ attemptId: b.attemptId, index: 1, flagged: true }],
      'exam:eliminate': [{ attemptId: b.attemptId, index: 1, choice: 0, eliminated: true }],
      'exam:visit': [{ attemptId: b.attemptId, index: 1 }],
      'exam:guess': [{ attemptId: b.attemptId, index: 0, guessed: true }],
      'exam:submit': [{ attemptId: a.attemptId }],
      'exam:result': [{ attemptId: a.attemptId }],
      'exam:history': [{}],
      'exam:missed-deadlines': [{}],
      'exam:retry-wrong': [{ attemptId: a.attemptId }],
      'packs:list': [{}],
      'packs:import': [{ data: new Uint8Array(demo) }],
      'packs:import-demo': [{}],
      'packs:import-pending': [{ token: randomUUID() }],
      'packs:remove': [{ id: packId }],
      'packs:preview': [{ filter: {} }, { filter: {}, ids }],
      'packs:build': [
        { filter: {}, title: 'Leak' },
        { filter: {}, ids, title: 'Leak' },
      ],
      'exam:rate': [{ attemptId: b.attemptId, index: 0, grade: 3 }],
      'exam:rating-preview': [{ attemptId: b.attemptId, index: 0 }],
      'exam:undo-rating': [{ attemptId: b.attemptId }],
      'exam:presence': [
        { attemptId: b.attemptId, present: false },
        { attemptId: b.attemptId, present: true },
      ],
      'notebook:overview': [{}],
      'notebook:list': [{ filter: {} }],
      'notebook:add': [
        ...ids.map((id) => ({ ref: { questionId: id } })),
        { ref: { attemptId: b.attemptId, index: 1 } },
      ],
      'notebook:remove': [{ id: 'none' }],
      'notebook:set-plan': [{ plan: { examDate: '2027-11-07', examLabel: 'ENEM', retention: 0.9 } }],
      'notebook:start-review': [{}],
      'notes:get': ids.map((id) => ({ ref: { questionId: id } })),
      'class:export-result': [{ attemptId: a.attemptId, student: 'Ana' }],
      'class:report': [{ pack: new Uint8Array(demo), results: [] }],
      'packs:release': [{ id: packId, code: 'AAAA-BBBB-CCCC' }],
      'packs:to-moodle': [{ data: new Uint8Array(demo) }],
      'paper:print': [{ request: { count: 5 }, title: 'Papel', minutes: 30, versions: 2 }],
      'paper:list': [{}],
      'paper:grade': [{ code: 'P000000', version: 1, answers: 'ABCDE' }],
      'paper:scan': [{ code: 'P000000', files: [{ name: 'a.jpg', data: new Uint8Array([0xff, 0xd8]) }] }],
      'paper:scan-session': [{ code: 'P000000' }],
      'paper:scan-session-save': [{ code: 'P000000', reviews: [] }],
      'paper:scan-session-close': [{ code: 'P000000' }],
      'updates:status': [{}],
      'updates:check': [{}],
      'updates:install': [{}],
      'packs:from-moodle': [{ data: new TextEncoder().encode('<quiz></quiz>'), title: 'x' }],
      'notes:set': [
        ...ids.map((id) => ({ ref: { questionId: id }, text: 'Nota' })),
        { ref: { attemptId: b.attemptId, index: 1 }, text: 'x' },
      ],
    };
    const refusals = new Map<string, string>();
    for (const channel of CHANNELS) {
      for (const args of argsFor[channel] as unknown[]) {
        const result = (await handle(services.handlers, channel, args)) as Result<unknown>;
        if (!result.ok) {
          refusals.set(channel, result.error.code);
          continue;
        }
        expect(keyedMentions(result.value, locked), channel).toEqual([]);
        if (channel === 'catalog:reveal') {
          const { id } = args as { id: string };
          const shown = (await value(services, 'catalog:question', { id })).statement;
          expect(locked.has(shown), `reveal of ${id}`).toBe(false);
        }
      }
    }
    // What was refused, and why: exactly the channels whose answer would have carried a locked key.
    expect(Object.fromEntries(refusals)).toMatchObject({
      'catalog:reveal': 'locked-by-exam',
      'catalog:explanation': 'locked-by-exam',
      'catalog:set-explanation': 'locked-by-exam',
      'cache:clear': 'exam-running',
      'exam:start': 'exam-running',
      'exam:retry-wrong': 'exam-running',
      'packs:import': 'locked-by-exam',
      'packs:import-demo': 'locked-by-exam',
      'packs:remove': 'locked-by-exam',
      'packs:preview': 'locked-by-exam',
      'packs:build': 'locked-by-exam',
      'exam:rate': 'invalid-argument',
      'exam:rating-preview': 'invalid-argument',
      'exam:undo-rating': 'invalid-argument',
      'notebook:add': 'locked-by-exam',
      'notebook:start-review': 'exam-running',
      'notes:get': 'locked-by-exam',
      'notes:set': 'locked-by-exam',
      'class:report': 'locked-by-exam',
      'packs:release': 'locked-by-exam',
      'packs:to-moodle': 'locked-by-exam',
      'paper:print': 'exam-running',
    });
    // The misses being retried are not in the notebook while they run: a card says an earlier answer
    // was wrong, and the earlier result still shows the choice (the oracle closed in visibility.ts).
    // Their notes go with them; the other cards are there, notes and all.
    const cards = await value(services, 'notebook:list', { filter: {} });
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.filter((card) => services.visibility.isLocked(card.id))).toEqual([]);
    for (const card of cards) expect(card.note, card.id).not.toBeNull();
    const overview = await value(services, 'notebook:overview', {});
    expect(overview.total).toBe(cards.length);
    // The earlier result says what it withholds; the history shows no score that would imply it.
    const redacted = await value(services, 'exam:result', { attemptId: a.attemptId });
    expect(redacted.score.hidden).toBe(locked.size);
    // A note may say the key in the student's words: a hidden question's is withheld too.
    for (const q of redacted.questions) expect(q.note === null, `note of ${q.index}`).toBe(q.hidden);
    // Whether a hidden question is a card would tell whether it was missed: withheld as well.
    for (const q of redacted.questions) if (q.hidden) expect(q.inNotebook, `card of ${q.index}`).toBe(false);
    expect((await value(services, 'exam:history', {})).find((h) => h.attemptId === a.attemptId)?.correct).toBeNull();

    // Once B ends, everything is visible again.
    await value(services, 'exam:submit', { attemptId: b.attemptId });
    // (Notes were written, and questions put in the notebook, since A's first result.)
    const withoutNotes = (r: typeof resultA) => ({
      ...r,
      questions: r.questions.map(({ note: _note, inNotebook: _inNotebook, ...q }) => q),
    });
    const after = await value(services, 'exam:result', { attemptId: a.attemptId });
    expect(withoutNotes(after)).toEqual(withoutNotes(resultA));
    expect(after.questions.every((q) => q.inNotebook)).toBe(true);
    // The notes written on A's questions show in its review now, the hidden ones' too.
    expect(after.questions.every((q) => q.note !== null)).toBe(true);
    for (const id of ids) expect((await call(services, 'catalog:reveal', { id })).ok).toBe(true);
  });

  it('practice: a question’s key stays locked until it is answered, then only that one opens', async () => {
    const { services } = await setup();
    const state = await value(services, 'exam:start', {
      request: { count: 4 },
      settings: { title: 'Treino', mode: 'practice', timeLimitMinutes: null, strict: false, seed: 9 },
    });
    const page = await value(services, 'catalog:query', { filter: {}, offset: 0, limit: 500 });
    const idOf = async (statement: string) => {
      for (const item of page.items) {
        if ((await value(services, 'catalog:question', { id: item.id })).statement === statement) return item.id;
      }
      throw new Error('not found');
    };
    const first = await idOf(state.questions[0]?.statement ?? '');
    const second = await idOf(state.questions[1]?.statement ?? '');
    expect(await call(services, 'catalog:reveal', { id: first })).toMatchObject({
      ok: false,
      error: { code: 'locked-by-exam' },
    });
    await value(services, 'exam:answer', { attemptId: state.attemptId, index: 0, choice: 2 });
    expect((await call(services, 'catalog:reveal', { id: first })).ok).toBe(true);
    expect(await call(services, 'catalog:reveal', { id: second })).toMatchObject({
      ok: false,
      error: { code: 'locked-by-exam' },
    });
  });

  it('a link the shell refused (no user gesture in the window) is never said to be opened', async () => {
    const temp = await tempDir();
    const services = await nodeServices({ dataDir: temp.dir, openExternal: () => Promise.resolve(false) });
    cleanups.push(temp.cleanup, () => services.close());
    expect(await call(services, 'shell:open-external', { url: 'https://example.com/a' })).toMatchObject({
      ok: false,
      error: { code: 'external-url-refused' },
    });
  });

  it('reports what the link policy decided: a refused link is never said to be opened', async () => {
    const { services, opened } = await setup();
    for (const url of ['https://user:secret@example.com/', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const result = await call(services, 'shell:open-external', { url });
      expect(result.ok ? 'opened' : result.error.code, url).not.toBe('opened');
    }
    expect(opened).toEqual([]);
    expect(await value(services, 'shell:open-external', { url: 'https://example.com/a' })).toEqual({ opened: true });
    expect(opened).toEqual(['https://example.com/a']);
  });
});
