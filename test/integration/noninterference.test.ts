// Noninterference of the running attempt's secret (issue: the key stays hidden at every seam).
//
// Two worlds are built the same way and differ only in the secret of the questions the running
// exam holds: their keys, their worked solutions and the students' notes on them. One seeded random
// sequence of bridge calls, over every channel of the contract, with arguments drawn from what a
// renderer has seen (ids, attempt ids, paper codes, packs and result files crafted from visible
// data), drives both. After every call the renderer-visible outcome (value or error code, files
// offered, events pushed) must be the same in both worlds, modulo `normalise` (random ids by order
// of appearance, timestamps, durations). A failing sequence is shrunk by fast-check and printed.
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNELS,
  type Args,
  type Channel,
  type EventName,
  type Events,
  type LibraryFilter,
  type Result,
} from '../../preload/contract.js';
import { handle, type AppServices } from '../../main/app/services.js';
import { toStored, type StoredQuestion } from '../../main/core/catalog/store.js';
import { buildPack } from '../../main/core/packs/writer.js';
import { newReleaseCode } from '../../main/core/packs/seal.js';
import { openWorkspace } from '../../main/core/workspace.js';
import type { ApiQuestion } from '../../main/core/api/schemas.js';
import { nodeServices } from '../support/node-services.js';
import { sampleQuestion } from '../support/questions.js';
import { tempDir } from '../support/temp.js';
import { jpegOfHeightZero, pdfWithBrokenPageTree, pngDeclaring } from '../support/hostile-files.js';

type World = 'A' | 'B';
const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
const QUESTIONS = 12;
/** The running exam's questions: their secret is what the two worlds disagree on. */
const SECRET = [1, 4, 7, 10];
/**
 * What runs while the worlds are compared: a timed strict exam, or a practice exam in which one
 * question (q6, whose key both worlds share) was already checked, so the lock has let it go.
 */
type Running = 'timed' | 'practice';
const CHECKED = 6;
/** Questions no running exam holds: a paper exam and a sealed pack of them stay usable during it. */
const FREE = [0, 2, 3, 5];
const RUNS = Number(process.env.NONINTERFERENCE_RUNS ?? 200);
/** `npm run soak` sets it: the coverage table is printed after the property. */
const PRINT_TABLE = process.env.NONINTERFERENCE_TABLE === '1';
const SEED = Number(process.env.NONINTERFERENCE_SEED ?? 20261123);

/** Question n as synced: in world B the running questions have another key and other solutions. */
function catalogQuestion(n: number, world: World): ApiQuestion {
  const secret = SECRET.includes(n) && world === 'B';
  const keyAt = secret ? (n + 2) % 5 : n % 5;
  const base = sampleQuestion(n);
  return {
    ...base,
    id: `q${n}`,
    alternatives: base.alternatives.map((a, i) => ({ ...a, isCorrect: i === keyAt })),
    correctAlternative: LETTERS[keyAt],
  } as ApiQuestion;
}

/** The tutor's worked solution of question n (written in the library): it names the key. */
const solutionOf = (n: number, world: World) =>
  `Resolução de ${n}: a chave é ${String(catalogQuestion(n, world).correctAlternative)}`;

/** The student's note: on a running question it says the key, so it is part of the secret. */
const noteOf = (n: number, world: World) =>
  SECRET.includes(n) ? `A resposta é a ${String(catalogQuestion(n, world).correctAlternative)}` : `Nota ${n}`;

interface Base {
  dir: string;
  earlier: string;
  /** The retry of the earlier exam's misses: it holds a running question in world B only. */
  retry: string;
  running: string;
  paperCode: string;
  /** A paper exam of questions the running exam does not hold: gradable while it runs. */
  freePaperCode: string;
  /** A pack exam (its own questions, none running): its result file goes to the class report. */
  packExam: string;
  /** The release code the tutor was shown for the sealed pack this world imported. */
  releaseCode: string;
}

async function call<C extends Channel>(services: AppServices, channel: C, args: Args<C>) {
  const result = await handle(services.handlers, channel, args);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** One world, built as a student's profile would be: synced questions, notes, an earlier exam, a printed paper exam, and an exam running now. */
async function buildWorld(world: World, dir: string, packs: TutorPacks, kind: Running): Promise<Base> {
  const services = await nodeServices({ dataDir: dir });
  try {
    const workspace = services.workspace();
    await workspace.catalogReady();
    await workspace.store.append(
      Array.from({ length: QUESTIONS }, (_, n) => toStored(catalogQuestion(n, world), 'api:enem')),
    );
    const ids = Array.from({ length: QUESTIONS }, (_, n) => `q${n}`);
    for (let n = 0; n < QUESTIONS; n++) {
      await call(services, 'notes:set', { ref: { questionId: `q${n}` }, text: noteOf(n, world) });
      await call(services, 'catalog:set-explanation', { id: `q${n}`, text: solutionOf(n, world) });
    }
    // An earlier exam of every question, the running ones included: each running question answered
    // with world A's key (right in A, wrong in B: a notebook card in B only), the others "A". Its
    // result then differed between the worlds; while the exam runs, nothing may tell which it was.
    const earlier = await call(services, 'exam:start', {
      request: { count: QUESTIONS, questionIds: ids },
      settings: { title: 'Anterior', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 3 },
    });
    for (const q of earlier.questions) {
      const n = SECRET.find((s) => q.statement === `Enunciado ${s}`);
      const keyA = n === undefined ? null : `Texto ${String(catalogQuestion(n, 'A').correctAlternative)} ${n}`;
      const choice = keyA === null ? 0 : q.alternatives.findIndex((a) => a.text === keyA);
      await call(services, 'exam:answer', { attemptId: earlier.attemptId, index: q.index, choice });
    }
    await call(services, 'exam:submit', { attemptId: earlier.attemptId });
    // "Refazer" its misses: which questions it holds is decided by the keys (a running one in B only).
    const retry = await call(services, 'exam:retry-wrong', { attemptId: earlier.attemptId });
    await call(services, 'exam:submit', { attemptId: retry.attemptId });
    const paper = await call(services, 'paper:print', {
      request: { count: QUESTIONS, questionIds: ids },
      title: 'Simulado em papel',
      minutes: 60,
      versions: 2,
      seed: 11,
    });
    const freePaper = await call(services, 'paper:print', {
      request: { count: FREE.length, questionIds: FREE.map((n) => `q${n}`) },
      title: 'Papel livre',
      minutes: 30,
      versions: 1,
      seed: 12,
    });
    // A tutor's pack exam, taken and submitted (its result file is the class report's input)…
    const imported = await call(services, 'packs:import', { data: packs.turma });
    const packExam = await call(services, 'exam:start', {
      request: { count: 4, sources: [`pack:${imported.pack.id}`] },
      settings: { title: 'Pacote', mode: 'timed', timeLimitMinutes: 30, strict: true, seed: 6 },
    });
    for (const q of packExam.questions)
      await call(services, 'exam:answer', { attemptId: packExam.attemptId, index: q.index, choice: q.index % 5 });
    await call(services, 'exam:submit', { attemptId: packExam.attemptId });
    // …and a sealed pack of free questions, waiting for the code the tutor was shown.
    await call(services, 'packs:import', { data: packs.sealed });
    const running =
      kind === 'timed'
        ? await call(services, 'exam:start', {
            request: { count: SECRET.length, questionIds: SECRET.map((n) => `q${n}`) },
            settings: { title: 'Agora', mode: 'timed', timeLimitMinutes: 240, strict: true, seed: 5 },
          })
        : await call(services, 'exam:start', {
            request: { count: SECRET.length + 1, questionIds: [...SECRET, CHECKED].map((n) => `q${n}`) },
            settings: { title: 'Treino', mode: 'practice', timeLimitMinutes: null, strict: false, seed: 5 },
          });
    if (kind === 'practice') {
      const checked = running.questions.find((q) => q.statement === `Enunciado ${CHECKED}`);
      await call(services, 'exam:answer', { attemptId: running.attemptId, index: checked?.index ?? 0, choice: 0 });
    }
    await call(services, 'notebook:list', { filter: {} });
    return {
      dir,
      earlier: earlier.attemptId,
      retry: retry.attemptId,
      running: running.attemptId,
      paperCode: paper.code,
      freePaperCode: freePaper.code,
      packExam: packExam.attemptId,
      releaseCode: packs.releaseCode,
    };
  } finally {
    await services.close();
  }
}

/** The tutor's packs, built once and imported as the same bytes into both worlds. */
interface TutorPacks {
  /** Questions the catalog does not have (q30–q33): a pack exam of them is taken in each world. */
  turma: Uint8Array<ArrayBuffer>;
  /** Two free questions, sealed (its shuffle is random: one file for both worlds), and its code. */
  sealed: Uint8Array<ArrayBuffer>;
  releaseCode: string;
  /** Free questions the catalog does not have (q20, q21): an import that goes through during the exam. */
  free: Uint8Array<ArrayBuffer>;
}

async function tutorPacks(): Promise<TutorPacks> {
  const releaseCode = newReleaseCode();
  return {
    turma: await freshPack([30, 31, 32, 33], 'Turma'),
    sealed: await freshPack(FREE.slice(0, 2), 'Selado', releaseCode),
    releaseCode,
    free: await freshPack([20, 21], 'Livre'),
  };
}

/** A tutor's pack of the questions `numbers` (none of them running), sealed with `sealWith` when given. */
async function freshPack(numbers: number[], title: string, sealWith?: string): Promise<Uint8Array<ArrayBuffer>> {
  const temp = await tempDir();
  try {
    const maker = await openWorkspace(temp.dir);
    const records = numbers.map((n) => toStored(catalogQuestion(n, 'A'), 'api:enem'));
    await maker.store.append(records);
    const built = await buildPack(records, maker.store, maker.images, {
      title,
      appVersion: '0.1.0',
      createdAt: '2026-01-01T00:00:00.000Z',
      ...(sealWith && { sealWith }),
    });
    await maker.close();
    const data = new Uint8Array(built.bytes);
    labels.set(data, `<pack: ${title}>`);
    return data;
  } finally {
    await temp.cleanup();
  }
}

/** Packs a student could forge from what the screen shows: a running question's record with a guessed key. */
async function forgedPacks(): Promise<Uint8Array<ArrayBuffer>[]> {
  const temp = await tempDir();
  try {
    const packs: Uint8Array<ArrayBuffer>[] = [];
    for (const n of SECRET.slice(0, 2)) {
      for (let guess = 0; guess < 5; guess++) {
        const maker = await openWorkspace(join(temp.dir, `${n}-${guess}`));
        const base = catalogQuestion(n, 'A');
        const q = {
          ...base,
          alternatives: base.alternatives.map((a, i) => ({ ...a, isCorrect: i === guess })),
          correctAlternative: LETTERS[guess],
        } as ApiQuestion;
        const record: StoredQuestion = toStored(q, 'api:enem');
        await maker.store.append([record]);
        const built = await buildPack([record], maker.store, maker.images, {
          title: `Forja ${n} ${LETTERS[guess]}`,
          appVersion: '0.1.0',
          createdAt: '2026-01-01T00:00:00.000Z',
        });
        await maker.close();
        const data = new Uint8Array(built.bytes);
        labels.set(data, `<pack: q${n} with key ${LETTERS[guess]}>`);
        packs.push(data);
      }
    }
    return packs;
  } finally {
    await temp.cleanup();
  }
}

/** How a forged file is named in a failure's message. */
const labels = new WeakMap<Uint8Array, string>();

/** A Moodle question bank naming a running question's id, with a guessed right answer. */
function forgedMoodle(n: number, guess: number): Uint8Array<ArrayBuffer> {
  const q = catalogQuestion(n, 'A');
  const answers = q.alternatives
    .map((a, i) => `<answer fraction="${i === guess ? 100 : 0}"><text>${a.text}</text></answer>`)
    .join('');
  const data = new TextEncoder().encode(
    `<?xml version="1.0"?><quiz><question type="multichoice"><name><text>${q.statement}</text></name>` +
      `<questiontext format="html"><text>${q.statement}</text></questiontext><idnumber>q${n}</idnumber>` +
      `<single>true</single>${answers}</question></quiz>`,
  );
  labels.set(data, `<moodle: q${n} with key ${LETTERS[guess]}>`);
  return data;
}

// ---- outcomes as the renderer sees them, normalised --------------------------------------------

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_DATE = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
/** Fields that hold moments or durations: they differ by when each world ran, not by the secret. */
const TIME_FIELD = /(At|Ms|Seconds|Time|time|Date|Until|until|elapsed|Elapsed)$/;

class Tokens {
  /** The world's data folder (each world has its own). */
  constructor(readonly dataDir: string) {}
  private readonly toToken = new Map<string, string>();
  private readonly fromToken = new Map<string, string>();
  token(actual: string): string {
    let token = this.toToken.get(actual);
    if (!token) {
      token = `<id${this.toToken.size}>`;
      this.toToken.set(actual, token);
      this.fromToken.set(token, actual);
    }
    return token;
  }
  actual(token: string): string {
    return this.fromToken.get(token) ?? token;
  }
  /** Replaces every token in a string by this world's value. */
  resolve(text: string): string {
    return text.replace(/<id\d+>/g, (token) => this.actual(token));
  }
}

/**
 * Fields that measure the data folder on disk: they follow the secrets' length (equal here) and
 * when a write's backup generation was made, not their content (docs/security.md).
 */
const SIZE_FIELD = /^bytes$/;

function normalise(value: unknown, tokens: Tokens, field = ''): unknown {
  if (SIZE_FIELD.test(field) && typeof value === 'number') return '<size>';
  if (value instanceof Uint8Array) return { file: normaliseText(new TextDecoder('latin1').decode(value), tokens) };
  if (Array.isArray(value)) return value.map((item) => normalise(item, tokens));
  if (typeof value === 'string') return TIME_FIELD.test(field) ? '<time>' : normaliseText(value, tokens);
  if (typeof value === 'number') return TIME_FIELD.test(field) || value > 1e12 ? '<time>' : value;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, child]) => [key, normalise(child, tokens, key)]),
    );
  return value;
}

function normaliseText(text: string, tokens: Tokens): string {
  return (
    text
      .replaceAll(tokens.dataDir, '<dataDir>')
      .replace(UUID, (id) => tokens.token(id.toLowerCase()))
      .replace(ISO_DATE, '<date>')
      // A file offered as JSON text (a result file): its durations, and the checksum over that text.
      .replace(/"(\w*(?:Ms|At))": \d+/g, '"$1": 0')
      .replace(/"checksum": "[0-9a-f]{64}"/g, '"checksum": "<checksum>"')
  );
}

// ---- the renderer's side: what it has seen, and calls drawn from it -----------------------------

interface Seen {
  questionIds: string[];
  /** The running attempt's token and the pack exam's: the screen knows which is which. */
  running: string;
  packExam: string;
  /** Tokens of random ids (attempts, cards…) and paper codes, in the order they appeared. */
  ids: Set<string>;
  codes: Set<string>;
  packIds: Set<string>;
  /** Result files offered for download (to hand to the class report). */
  resultFiles: { name: string; data: Uint8Array<ArrayBuffer> }[];
}

type Picker = <T>(items: readonly T[]) => T;
type Generators = { [C in Channel]: (pick: Picker, seen: Seen) => Args<C> };

/** Every channel's arguments, drawn from what the renderer has seen. A channel missing here fails typecheck and the test. */
function generators(forged: Uint8Array<ArrayBuffer>[], releaseCode = 'AAAA-BBBB-CCCC'): Generators {
  // Mostly the random ids seen (attempts, cards), sometimes a question id where one was not expected.
  const id = (pick: Picker, seen: Seen) => (pick([0, 1, 2]) < 2 ? pick([...seen.ids]) : pick(seen.questionIds));
  const question = (pick: Picker, seen: Seen) => pick(seen.questionIds);
  // The running exam's places (0–3) half the time, any place of an earlier one, or none.
  const index = (pick: Picker) =>
    pick([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, ...Array.from({ length: QUESTIONS }, (_, i) => i), 99]);
  const ref = (pick: Picker, seen: Seen) =>
    pick([0, 1]) === 0 ? { questionId: question(pick, seen) } : { attemptId: id(pick, seen), index: index(pick) };
  const ids = (pick: Picker, seen: Seen) => seen.questionIds.filter(() => pick([true, false]));
  const filter = (pick: Picker): LibraryFilter =>
    pick<LibraryFilter>([{}, { subjectId: 'mat' }, { text: 'Enunciado 1' }]);
  return {
    'app:info': () => ({}),
    'updates:status': () => ({}),
    'updates:check': () => ({}),
    'updates:install': () => ({}),
    'app:notices': () => ({}),
    'app:dismiss-notices': () => ({}),
    'keys:status': () => ({}),
    'keys:connect': () => ({ baseUrl: 'http://127.0.0.1:9', apiKey: 'vest_live_0000' }),
    'keys:remove': (pick) => ({ product: pick(['vestibulares', 'enem'] as const) }),
    'sync:overview': () => ({}),
    'sync:estimate': () => ({ scope: { product: 'enem' } }),
    'sync:start': () => ({ scope: { product: 'enem' } }),
    'sync:cancel': () => ({}),
    'catalog:facets': () => ({}),
    'catalog:query': (pick) => ({ filter: filter(pick), offset: 0, limit: 100 }),
    'catalog:question': (pick, seen) => ({ id: question(pick, seen) }),
    'catalog:reveal': (pick, seen) => ({ id: question(pick, seen) }),
    'catalog:explanation': (pick, seen) => ({ id: question(pick, seen) }),
    'catalog:set-explanation': (pick, seen) => ({ id: question(pick, seen), text: 'Minha resolução' }),
    'settings:get': () => ({}),
    'settings:set': (pick) => ({ settings: { theme: pick(['dark', 'light'] as const) } }),
    'cache:info': () => ({}),
    'cache:clear': (pick) => pick([{}, { removePacks: true }]),
    'shell:open-external': () => ({ url: 'https://example.com/' }),
    'files:save': (pick) => ({
      files: [
        { fileName: pick(['nota.txt', 'turma.csv']), data: pick(['texto', new Uint8Array([37, 80, 68, 70])]) },
        ...pick([[], [{ fileName: 'nota.txt', data: 'outra' }]]),
      ],
    }),
    'exam:presets': () => ({}),
    'exam:count': (pick, seen) => ({ request: { count: 10, questionIds: ids(pick, seen) } }),
    'exam:start': (pick, seen) => ({
      request: { count: 4, questionIds: ids(pick, seen) },
      settings: { title: 'Outro', mode: pick(['timed', 'practice'] as const), timeLimitMinutes: 30, strict: false },
    }),
    'exam:current': () => ({}),
    'exam:answer': (pick, seen) => ({ attemptId: id(pick, seen), index: index(pick), choice: pick([0, 1, 2, 3, 4]) }),
    'exam:flag': (pick, seen) => ({ attemptId: id(pick, seen), index: index(pick), flagged: pick([true, false]) }),
    'exam:eliminate': (pick, seen) => ({
      attemptId: id(pick, seen),
      index: index(pick),
      choice: pick([0, 1, 2, 3, 4]),
      eliminated: pick([true, false]),
    }),
    'exam:guess': (pick, seen) => ({ attemptId: id(pick, seen), index: index(pick), guessed: pick([true, false]) }),
    'exam:visit': (pick, seen) => ({ attemptId: pick([seen.running, id(pick, seen)]), index: index(pick) }),
    // Submitting the running exam ends the secret legitimately: only other attempts are submitted.
    'exam:submit': (pick, seen) => ({ attemptId: id(pick, seen) }),
    'exam:result': (pick, seen) => ({ attemptId: id(pick, seen) }),
    'exam:history': () => ({}),
    'exam:missed-deadlines': () => ({}),
    'exam:retry-wrong': (pick, seen) => ({ attemptId: id(pick, seen) }),
    'exam:rate': (pick, seen) => ({
      attemptId: id(pick, seen),
      index: index(pick),
      grade: pick([1, 2, 3, 4] as const),
    }),
    'exam:rating-preview': (pick, seen) => ({ attemptId: id(pick, seen), index: index(pick) }),
    'exam:undo-rating': (pick, seen) => ({ attemptId: id(pick, seen) }),
    'exam:presence': (pick, seen) => ({ attemptId: id(pick, seen), present: pick([true, false]) }),
    'packs:list': () => ({}),
    'packs:import': (pick) => ({ data: pick(forged) }),
    'packs:import-demo': () => ({}),
    'packs:import-pending': () => ({ token: '00000000-0000-4000-8000-000000000000' }),
    'packs:remove': (pick, seen) => ({ id: pick([...seen.packIds, 'none']) }),
    'packs:preview': (pick, seen) => ({ filter: filter(pick), ids: ids(pick, seen) }),
    'packs:build': (pick, seen) => ({ filter: filter(pick), ids: ids(pick, seen), title: 'Meu pacote' }),
    // The code the tutor was shown, or a wrong one.
    'packs:release': (pick, seen) => ({
      id: pick([...seen.packIds, 'none']),
      code: pick([releaseCode, 'AAAA-BBBB-CCCC']),
    }),
    'packs:to-moodle': (pick) => ({ data: pick(forged) }),
    'packs:from-moodle': (pick) => ({
      // A running question's id with a guessed key, or a question no exam holds (q20).
      data: forgedMoodle(pick([...SECRET, 20]), pick([0, 1, 2, 3, 4])),
      title: 'Moodle',
    }),
    'notebook:overview': () => ({}),
    'notebook:list': (pick) => ({ filter: pick([{}, { status: 'due' as const }]) }),
    'notebook:add': (pick, seen) => ({ ref: ref(pick, seen) }),
    'notebook:remove': (pick, seen) => ({ id: question(pick, seen) }),
    'notebook:set-plan': () => ({ plan: { examDate: '2027-11-07', examLabel: 'ENEM', retention: 0.9 } }),
    'notebook:start-review': () => ({}),
    'notes:get': (pick, seen) => ({ ref: ref(pick, seen) }),
    'notes:set': (pick, seen) => ({ ref: ref(pick, seen), text: 'Nova nota' }),
    'class:export-result': (pick, seen) => ({ attemptId: pick([seen.packExam, id(pick, seen)]), student: 'Ana' }),
    'class:report': (pick, seen) => ({ pack: pick(forged), results: seen.resultFiles.slice(0, 2) }),
    'paper:print': (pick, seen) => ({
      request: { count: 4, questionIds: ids(pick, seen) },
      title: 'Papel',
      minutes: 30,
      versions: 1,
      seed: 1,
    }),
    'paper:list': () => ({}),
    'paper:grade': (pick, seen) => ({
      code: pick([...seen.codes]),
      version: pick([1, 2]),
      // As many letters as the printed exam or the free paper exam has.
      answers: Array.from({ length: pick([QUESTIONS, FREE.length]) }, () => pick(LETTERS)).join(''),
    }),
    // Through the decoding worker's boundary: bytes that are no image, crafted headers and a broken
    // page tree (each refused by name, quickly: a long sequence costs no decoding time).
    'paper:scan': (pick, seen) => ({
      code: pick([...seen.codes]),
      files: [
        {
          name: 'folha.jpg',
          data: pick([
            new TextEncoder().encode('não é imagem'),
            new Uint8Array(pngDeclaring(40_000_000, 1)),
            new Uint8Array(jpegOfHeightZero()),
            new Uint8Array(pdfWithBrokenPageTree('loop')),
          ]),
        },
      ],
    }),
  };
}

// ---- one run: both worlds, one sequence ---------------------------------------------------------

interface Step {
  channel: Channel;
  picks: number[];
}

interface Live {
  services: AppServices;
  tokens: Tokens;
  events: { event: EventName; payload: unknown }[];
  close: () => Promise<void>;
}

async function open(base: Base): Promise<Live> {
  const copy = await tempDir();
  await cp(base.dir, copy.dir, { recursive: true });
  const events: Live['events'] = [];
  const services = await nodeServices({
    dataDir: copy.dir,
    emit: <E extends EventName>(event: E, payload: Events[E]) => void events.push({ event, payload }),
  });
  const tokens = new Tokens(copy.dir);
  // The ids the renderer knows from before: the same tokens in both worlds.
  tokens.token(base.earlier);
  tokens.token(base.running);
  tokens.token(base.retry);
  tokens.token(base.packExam);
  return {
    services,
    tokens,
    events,
    close: async () => {
      await services.close();
      await copy.cleanup();
    },
  };
}

/** Resolves a generated argument (in tokens) into one world's values. */
function inWorld(args: unknown, tokens: Tokens): unknown {
  if (typeof args === 'string') return tokens.resolve(args);
  if (args instanceof Uint8Array) return args;
  if (Array.isArray(args)) return args.map((item) => inWorld(item, tokens));
  if (args && typeof args === 'object')
    return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, inWorld(value, tokens)]));
  return args;
}

/** What the renderer learns from an outcome: new ids, codes, packs, result files. */
function learn(seen: Seen, channel: Channel, outcome: unknown) {
  const walk = (node: unknown, key = '') => {
    if (typeof node === 'string') {
      for (const token of node.match(/<id\d+>/g) ?? []) seen.ids.add(token);
      if (/^P[0-9A-Z]{6}$/.test(node)) seen.codes.add(node);
      if (key === 'id' && channel.startsWith('packs:')) seen.packIds.add(node);
    } else if (Array.isArray(node)) node.forEach((item) => walk(item, key));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  walk(outcome);
}

/** Per channel, how often world A answered ok and each error code: where the sequences went. */
const coverage = new Map<Channel, Map<string, number>>();
function counted(channel: Channel, result: Result<unknown>) {
  const outcomes = coverage.get(channel) ?? new Map<string, number>();
  const key = result.ok ? 'ok' : result.error.code;
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  coverage.set(channel, outcomes);
}

/** The coverage table: one row per channel, calls, ok, and the error codes by count. */
function coverageTable(): string {
  const rows = [...CHANNELS].map((channel) => {
    const outcomes = coverage.get(channel) ?? new Map<string, number>();
    const calls = [...outcomes.values()].reduce((a, b) => a + b, 0);
    const errors = [...outcomes]
      .filter(([key]) => key !== 'ok')
      .sort((a, b) => b[1] - a[1])
      .map(([key, n]) => `${key} ${n}`)
      .join(', ');
    return `| ${channel} | ${calls} | ${outcomes.get('ok') ?? 0} | ${errors || '—'} |`;
  });
  return ['| channel | calls | ok | refused (code count) |', '|---|---|---|---|', ...rows].join('\n');
}

async function runBoth(
  bases: Record<World, Base>,
  steps: Step[],
  gens: Generators,
  kind: Running = 'timed',
): Promise<void> {
  const worlds = { A: await open(bases.A), B: await open(bases.B) };
  try {
    const seen: Seen = {
      questionIds: Array.from({ length: QUESTIONS }, (_, n) => `q${n}`),
      ids: new Set(
        [bases.A.earlier, bases.A.running, bases.A.retry, bases.A.packExam].map((id) => worlds.A.tokens.token(id)),
      ),
      codes: new Set([bases.A.paperCode, bases.A.freePaperCode]),
      running: worlds.A.tokens.token(bases.A.running),
      packExam: worlds.A.tokens.token(bases.A.packExam),
      packIds: new Set(),
      resultFiles: [],
    };
    const runningToken = worlds.A.tokens.token(bases.A.running);
    for (const [position, step] of steps.entries()) {
      let cursor = 0;
      const pick: Picker = (items) => {
        const item = items[(step.picks[cursor++ % step.picks.length] ?? 0) % Math.max(1, items.length)];
        return item as (typeof items)[number];
      };
      const generated = (gens[step.channel] as (pick: Picker, seen: Seen) => unknown)(pick, seen);
      // Submitting the running exam ends its secret legitimately: that call is not part of the game.
      if (step.channel === 'exam:submit' && JSON.stringify(generated).includes(runningToken)) continue;
      // In a practice exam, answering a running question checks it: its key is shown, as it should be.
      if (kind === 'practice' && step.channel === 'exam:answer' && JSON.stringify(generated).includes(runningToken))
        continue;
      const outcomes: Record<World, unknown> = { A: null, B: null };
      /** World A's value as it came, for the files it offers (a result file goes to the class report). */
      let rawA: unknown = null;
      for (const world of ['A', 'B'] as const) {
        const live = worlds[world];
        const mark = live.events.length;
        const result = (await handle(
          live.services.handlers,
          step.channel,
          inWorld(generated, live.tokens),
        )) as Result<unknown>;
        // A submitted attempt (a paper grading, an exam) reaches the notebook a moment later: its event
        // belongs to this call, so wait for the capture as a notebook read does (nothing is compared).
        await live.services.handlers['notebook:overview']({});
        if (world === 'A') {
          counted(step.channel, result);
          if (result.ok) rawA = result.value;
        }
        const visible = result.ok ? { value: result.value } : { error: result.error };
        outcomes[world] = normalise({ ...visible, events: live.events.slice(mark) }, live.tokens);
      }
      expect(
        outcomes.B,
        `call ${position + 1} of ${steps.length}: ${step.channel} ${JSON.stringify(generated, (_key, value: unknown) =>
          value instanceof Uint8Array ? (labels.get(value) ?? `<${value.length} bytes>`) : value,
        )}`,
      ).toEqual(outcomes.A);
      learn(seen, step.channel, outcomes.A);
      const offered = (rawA as { data?: unknown } | null)?.data;
      if (step.channel === 'class:export-result' && offered instanceof Uint8Array)
        seen.resultFiles.push({ name: `r${seen.resultFiles.length}.examresult`, data: new Uint8Array(offered) });
    }
  } finally {
    await worlds.A.close();
    await worlds.B.close();
  }
}

/**
 * Channels that never answer ok in these worlds, and why: the gaps of the test, stated, not hidden.
 * (The running attempt is a timed exam; the worlds have no working API, no update feed.)
 */
const UNREACHED: Partial<Record<Channel, string>> = {
  // Refused by design while any attempt runs, and these worlds always have one running.
  'cache:clear': 'exam-running',
  'exam:start': 'exam-running',
  'exam:retry-wrong': 'exam-running',
  'notebook:start-review': 'exam-running',
  'paper:print': 'exam-running',
  'updates:install': 'exam-running',
  // A review session's own channels: the running attempt here is a timed exam, never a review.
  'exam:rate': 'no review session runs',
  'exam:rating-preview': 'no review session runs',
  'exam:undo-rating': 'no review session runs',
  // No working catalog API in these worlds (the fake API is not started here).
  'keys:connect': 'no API',
  'sync:estimate': 'no API key',
  'sync:start': 'no API key',
  // Its token comes from a file the OS hands over, which no generator does.
  'packs:import-pending': 'no file from the OS',
};

const zeros = [0, 0, 0, 0, 0, 0, 0, 0];
/** Counterexamples fast-check shrank to before the fixes (docs/security.md). */
const FOUND: Step[][] = [
  // A forged pack with q4's record and key E: refused in one world, imported in the other.
  [{ channel: 'packs:import', picks: [499669, ...zeros.slice(1)] }],
  // A running question's note, read through its position (11) in the earlier attempt.
  [{ channel: 'notes:get', picks: [492603, 0, 0, 36684, 0, 0, 0, 0] }],
  // A paper grading during the exam: the notebook's counts tell which letters were wrong.
  [
    { channel: 'paper:grade', picks: [239086, 0, 0, 981, 0, 0, 0, 76] },
    { channel: 'notebook:overview', picks: zeros },
  ],
];

const stepArbitrary = fc.record({
  channel: fc.constantFrom(...CHANNELS),
  // Unbiased: fast-check's bias towards small numbers would make most picks the first item.
  picks: fc.noBias(fc.array(fc.nat({ max: 1_000_000 }), { minLength: 8, maxLength: 8 })),
});

function describeWorlds(kind: Running, runs: number) {
  describe(`noninterference while a ${kind} exam runs: no sequence of bridge calls tells two worlds apart that differ only in its secret`, () => {
    const bases = {} as Record<World, Base>;
    let forged: Uint8Array<ArrayBuffer>[] = [];
    let releaseCode = '';
    const cleanups: (() => Promise<unknown>)[] = [];

    beforeAll(async () => {
      const packs = await tutorPacks();
      for (const world of ['A', 'B'] as const) {
        const temp = await tempDir();
        cleanups.push(temp.cleanup);
        bases[world] = await buildWorld(world, temp.dir, packs, kind);
      }
      // The forged packs, and a tutor's pack of free questions that imports during the exam.
      forged = [...(await forgedPacks()), packs.free];
      releaseCode = packs.releaseCode;
    }, 120_000);
    afterAll(async () => {
      while (cleanups.length) await cleanups.pop()?.();
    });

    it('has a generator for every channel of the contract', () => {
      expect(Object.keys(generators([])).sort()).toEqual([...CHANNELS].sort());
    });

    it(`holds for ${runs} random sequences of calls over every channel`, async () => {
      coverage.clear();
      const gens = generators(forged, releaseCode);
      await fc.assert(
        fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 20 }), (steps) =>
          runBoth(bases, steps, gens, kind),
        ),
        // The sequences that found the three oracles before their fixes, run first every time.
        { numRuns: runs, seed: SEED, examples: FOUND.map((steps) => [steps]) },
      );
      if (PRINT_TABLE) console.log(`coverage (${kind}) of seed ${SEED}, ${runs} sequences:\n${coverageTable()}`);
      // Every channel answered ok somewhere, but those this world cannot open yet (each says why):
      // a channel that starts answering ok, or stops, changes this list on purpose.
      if (kind === 'timed') {
        const neverOk = CHANNELS.filter((channel) => !coverage.get(channel)?.get('ok'));
        expect(neverOk.sort()).toEqual(Object.keys(UNREACHED).sort());
      }
    }, 1_200_000);
  });
}

describeWorlds('timed', RUNS);
// The lock's other path: a checked practice question is let go while the others stay locked.
describeWorlds('practice', Math.max(1, Math.round(RUNS / 2)));
