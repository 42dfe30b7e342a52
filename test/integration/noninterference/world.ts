// The worlds of the noninterference game (docs/security.md, "Noninterference"): two student
// profiles built by the same calls that differ only in the secret of what is locked now. Each kind
// is a state a student can be in: a timed strict exam, a practice exam with one question checked, a
// notebook review session, a retry of an earlier exam's misses, a tutor's pack exam, or nothing
// running but a sealed pack's exam waiting for its code. Every world also holds what a student's
// profile accumulates: an earlier exam that answered the secret questions, a submitted retry, two
// paper exams (one of locked questions, one of free ones), a pack exam with its result file, a
// sealed pack of free questions waiting for the code the tutor gave, notes and worked solutions.
import crypto from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { type AppServices } from '../../../main/app/services.js';
import { handle } from '../../../main/app/handle.js';
import { toStored, type StoredQuestion } from '../../../main/core/catalog/store.js';
import { buildPack } from '../../../main/core/packs/writer.js';
import { newReleaseCode } from '../../../main/core/packs/seal.js';
import { seededRandom } from '../../../main/core/exams/random.js';
import { openWorkspace } from '../../../main/core/workspace.js';
import type { ApiQuestion } from '../../../main/core/api/schemas.js';
import type { Args, Channel, ExamQuestionView } from '../../../preload/contract.js';
import { nodeServices } from '../../support/node-services.js';
import { sampleQuestion } from '../../support/questions.js';
import { tempDir } from '../../support/temp.js';
import { RendererMemory, type CachedAnswer } from './renderer-memory.js';

export type World = 'A' | 'B';

const REAL = { random: Math.random, randomBytes: crypto.randomBytes, randomInt: crypto.randomInt };

/**
 * Randomness by design (a fresh attempt seed, a review session's order, a sealed pack's shuffle, its
 * release code, salt and IV) drawn from `seed`: the same calls in both worlds draw the same values,
 * so what differs is the secret alone. Each calling line of the app draws from its own stream: a
 * background write's temporary name or a retry's jitter, drawn at a moment the machine's load
 * decides, must not shift what a sealed pack draws after it (seen under load: one world's pack
 * bytes differed). Node's `crypto` functions are replaced on the module itself
 * (syncBuiltinESMExports: the app's named imports see it); `restoreRandomness` puts them back.
 */
export function seedRandomness(seed: number) {
  const streams = new Map<string, () => number>();
  const streamHere = () => {
    const site = callingSite();
    let stream = streams.get(site);
    if (!stream) {
      stream = seededRandom((seed ^ hashOf(site)) >>> 0);
      streams.set(site, stream);
    }
    return stream;
  };
  Math.random = () => streamHere()();
  crypto.randomBytes = ((size: number) => {
    const random = streamHere();
    return Buffer.from(Array.from({ length: size }, () => Math.floor(random() * 256)));
  }) as typeof crypto.randomBytes;
  crypto.randomInt = ((a: number, b?: number) => {
    const [min, max] = b === undefined ? [0, a] : [a, b];
    return min + Math.floor(streamHere()() * (max - min));
  }) as typeof crypto.randomInt;
  syncBuiltinESMExports();
}

/** The first line of the app (not this file, not Node's internals) on the stack: file and line. */
function callingSite(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  for (const frame of frames) {
    if (frame.includes('noninterference/world.ts') || frame.includes('node:')) continue;
    const at = /\(?([^()\s]+):(\d+):\d+\)?$/.exec(frame.trim());
    if (at) return `${at[1]}:${at[2]}`;
  }
  return 'unknown';
}

function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export function restoreRandomness() {
  Math.random = REAL.random;
  crypto.randomBytes = REAL.randomBytes;
  crypto.randomInt = REAL.randomInt;
  syncBuiltinESMExports();
}
export const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export const QUESTIONS = 12;
/** The catalog's questions whose secret differs (keys, worked solutions, the student's notes). */
export const SECRET = [1, 4, 7, 10];
/** A pack's questions (not in the catalog) whose keys differ, in the pack and sealed worlds. */
export const PACKED = [40, 41, 42, 43];
/** Checked in the practice exam and in the review session: its key is the same in both worlds. */
export const CHECKED = 6;
/** Questions no running exam holds: a paper exam and a sealed pack of them stay usable. */
export const FREE = [0, 2, 3, 5];

/** What is locked now, and so what the two worlds disagree on. */
export type Kind = 'timed' | 'practice' | 'review' | 'retry' | 'pack' | 'sealed';

/** The questions whose secret differs between the worlds of `kind`. */
export const secretOf = (kind: Kind) => (kind === 'pack' || kind === 'sealed' ? PACKED : SECRET);

/** Where question n's key is in `world`. */
function keyAt(n: number, world: World, kind: Kind): number {
  return secretOf(kind).includes(n) && world === 'B' ? (n + 2) % 5 : n % 5;
}

/** Question n as synced (or as a pack carries it): in world B the secret ones have another key. */
export function catalogQuestion(n: number, world: World, kind: Kind): ApiQuestion {
  const at = keyAt(n, world, kind);
  const base = sampleQuestion(n);
  return {
    ...base,
    id: `q${n}`,
    alternatives: base.alternatives.map((a, i) => ({ ...a, isCorrect: i === at })),
    correctAlternative: LETTERS[at],
  } as ApiQuestion;
}

/** The tutor's worked solution of question n (written in the library): it names the key. */
const solutionOf = (n: number, world: World, kind: Kind) =>
  `Resolução de ${n}: a chave é ${String(catalogQuestion(n, world, kind).correctAlternative)}`;

/** The student's note: on a secret question it says the key, so it is part of the secret. */
const noteOf = (n: number, world: World, kind: Kind) =>
  secretOf(kind).includes(n)
    ? `A resposta é a ${String(catalogQuestion(n, world, kind).correctAlternative)}`
    : `Nota ${n}`;

/** What each world hands the renderer, by the same calls: the ids it has seen before the game. */
export interface Base {
  dir: string;
  earlier: string;
  /** The retry of the earlier exam's misses (in the retry world it is what runs). */
  retry: string;
  /** The attempt that holds the secret: running, or (sealed world) submitted and waiting for the code. */
  running: string;
  paperCode: string;
  /** A paper exam of questions the running exam does not hold: gradable while it runs. */
  freePaperCode: string;
  /** A pack exam (its own questions, none secret): its result file goes to the class report. */
  packExam: string;
  /**
   * What the renderer's cache held once the secret was running, the student having read the earlier
   * results, the history and the notebook's cards before it started.
   */
  rendererHeld: CachedAnswer[];
}

export async function call<C extends Channel>(services: AppServices, channel: C, args: Args<C>) {
  const result = await handle(services.handlers, channel, args);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The alternative of question view `q` whose text is letter `letter` of question n. */
const alternative = (q: ExamQuestionView, n: number, letter: number) =>
  q.alternatives.findIndex((a) => a.text === `Texto ${LETTERS[letter]} ${n}`);

const numberOf = (q: ExamQuestionView) => Number(/^Enunciado (\d+)$/.exec(q.statement)?.[1] ?? -1);

/**
 * The earlier exam's answer to question n. In the timed, practice, pack and sealed worlds each
 * secret question is answered with world A's key (right in A, wrong in B: a notebook card in B only;
 * the oracle the visibility rule closes) and the others with the first alternative shown (null). In
 * the review and retry worlds the secret questions and CHECKED are answered wrongly in both (their
 * cards and the retry hold the same questions in both) and the others rightly, so what runs is
 * exactly those questions. A number is the letter chosen (0 = A).
 */
function earlierChoice(n: number, kind: Kind): number | null {
  if (kind === 'review' || kind === 'retry')
    return SECRET.includes(n) || n === CHECKED ? (keyAt(n, 'A', kind) + 1) % 5 : keyAt(n, 'A', kind);
  return SECRET.includes(n) ? keyAt(n, 'A', kind) : null;
}

/** Everything a world of `kind` holds, built as a student's profile would be. */
export async function buildWorld(world: World, dir: string, packs: TutorPacks, kind: Kind): Promise<Base> {
  const memory = new RendererMemory();
  const services = await nodeServices({ dataDir: dir, emit: memory.emit });
  // Fresh seeds (a retry's order, a review session's) are the same in both worlds: same calls, same draws.
  seedRandomness(1);
  try {
    const workspace = services.workspace();
    await workspace.store.append(
      Array.from({ length: QUESTIONS }, (_, n) => toStored(catalogQuestion(n, world, kind), 'api:enem')),
    );
    const ids = Array.from({ length: QUESTIONS }, (_, n) => `q${n}`);
    for (let n = 0; n < QUESTIONS; n++) {
      await call(services, 'notes:set', { ref: { questionId: `q${n}` }, text: noteOf(n, world, kind) });
      await call(services, 'catalog:set-explanation', { id: `q${n}`, text: solutionOf(n, world, kind) });
    }
    const earlier = await call(services, 'exam:start', {
      request: { count: QUESTIONS, questionIds: ids },
      settings: { title: 'Anterior', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 3 },
    });
    for (const q of earlier.questions) {
      const n = numberOf(q);
      const letter = earlierChoice(n, kind);
      const choice = letter === null ? 0 : alternative(q, n, letter);
      await call(services, 'exam:answer', { attemptId: earlier.attemptId, index: q.index, choice });
    }
    await call(services, 'exam:submit', { attemptId: earlier.attemptId });
    // "Refazer" its misses: in the timed world which questions it holds is decided by the keys.
    let retry = '';
    if (kind !== 'retry') {
      const started = await call(services, 'exam:retry-wrong', { attemptId: earlier.attemptId });
      await call(services, 'exam:submit', { attemptId: started.attemptId });
      retry = started.attemptId;
    }
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
    // The student reads what the profile holds before the secret starts: the results (the earlier
    // exam's shows the secret questions' keys, which differ between the worlds), the history, the cards.
    const read = async <C extends Channel>(channel: C, args: Args<C>) =>
      memory.answered(channel, args, await call(services, channel, args));
    for (const attemptId of [earlier.attemptId, retry, packExam.attemptId].filter(Boolean))
      await read('exam:result', { attemptId });
    await read('exam:history', {});
    await read('notebook:list', { filter: {} });
    const running = await startSecret(services, world, packs, kind, earlier.attemptId);
    if (kind === 'retry') retry = running;
    await call(services, 'notebook:list', { filter: {} });
    const rendererHeld = memory.held();
    memory.close();
    return {
      rendererHeld,
      dir,
      earlier: earlier.attemptId,
      retry,
      running,
      paperCode: paper.code,
      freePaperCode: freePaper.code,
      packExam: packExam.attemptId,
    };
  } finally {
    restoreRandomness();
    await services.close();
  }
}

/** Starts what holds the secret in a world of `kind`; returns its attempt id. */
async function startSecret(
  services: AppServices,
  world: World,
  packs: TutorPacks,
  kind: Kind,
  earlier: string,
): Promise<string> {
  const timed = { mode: 'timed', timeLimitMinutes: 240, strict: true, seed: 5 } as const;
  // Background work (the notebook's captures) draws randomness at its own pace: once it has landed,
  // the fresh seed of a retry or a review session is drawn from the same state in both worlds.
  await call(services, 'notebook:overview', {});
  seedRandomness(5);
  switch (kind) {
    case 'timed':
      return (
        await call(services, 'exam:start', {
          request: { count: SECRET.length, questionIds: SECRET.map((n) => `q${n}`) },
          settings: { title: 'Agora', ...timed },
        })
      ).attemptId;
    case 'practice': {
      const started = await call(services, 'exam:start', {
        request: { count: SECRET.length + 1, questionIds: [...SECRET, CHECKED].map((n) => `q${n}`) },
        settings: { title: 'Treino', mode: 'practice', timeLimitMinutes: null, strict: false, seed: 5 },
      });
      await checkOne(services, started.attemptId, started.questions);
      return started.attemptId;
    }
    case 'retry':
      return (await call(services, 'exam:retry-wrong', { attemptId: earlier })).attemptId;
    case 'review': {
      const session = await call(services, 'notebook:start-review', {});
      const held = new Set(session.questions.map(numberOf));
      if (![...SECRET, CHECKED].every((n) => held.has(n))) throw new Error(`the review holds ${[...held].join(', ')}`);
      await checkOne(services, session.attemptId, session.questions);
      return session.attemptId;
    }
    case 'pack':
    case 'sealed': {
      const data = kind === 'pack' ? packs.secret[world] : packs.secretSealed[world];
      const imported = await call(services, 'packs:import', { data });
      const started = await call(services, 'exam:start', {
        request: { count: PACKED.length, sources: [`pack:${imported.pack.id}`] },
        settings: { title: kind === 'pack' ? 'Prova da turma' : 'Prova selada', ...timed },
      });
      if (kind === 'sealed') {
        // Taken and handed in: its grade waits for the code only the tutor has.
        for (const q of started.questions)
          await call(services, 'exam:answer', { attemptId: started.attemptId, index: q.index, choice: q.index % 5 });
        await call(services, 'exam:submit', { attemptId: started.attemptId });
      }
      return started.attemptId;
    }
  }
}

/** Answers CHECKED in a practice attempt: checked at once, its key (the same in both worlds) shown. */
async function checkOne(services: AppServices, attemptId: string, questions: ExamQuestionView[]) {
  const checked = questions.find((q) => numberOf(q) === CHECKED);
  if (!checked) throw new Error(`question ${CHECKED} is not in the attempt`);
  await call(services, 'exam:answer', { attemptId, index: checked.index, choice: 0 });
}

/** The tutor's packs: the same bytes in both worlds, but the secret ones (one per world). */
export interface TutorPacks {
  /** Questions the catalog does not have (q30–q33): a pack exam of them is taken in each world. */
  turma: Uint8Array<ArrayBuffer>;
  /** Two free questions, sealed (its shuffle is random: one file for both worlds), and its code. */
  sealed: Uint8Array<ArrayBuffer>;
  releaseCode: string;
  /** Free questions the catalog does not have (q20, q21): an import that goes through during the exam. */
  free: Uint8Array<ArrayBuffer>;
  /** The pack world's pack of PACKED: its keys differ by world. */
  secret: Record<World, Uint8Array<ArrayBuffer>>;
  /** The sealed world's sealed pack of PACKED (the same shuffle, keys that differ, a code never shown). */
  secretSealed: Record<World, Uint8Array<ArrayBuffer>>;
}

export async function tutorPacks(kind: Kind): Promise<TutorPacks> {
  const releaseCode = newReleaseCode();
  const unknownCode = newReleaseCode();
  const each = async (build: (world: World) => Promise<Uint8Array<ArrayBuffer>>) => ({
    A: await build('A'),
    B: await build('B'),
  });
  return {
    turma: await freshPack([30, 31, 32, 33], 'Turma', 'A', kind),
    sealed: await freshPack(FREE.slice(0, 2), 'Selado', 'A', kind, releaseCode),
    releaseCode,
    free: await freshPack([20, 21], 'Livre', 'A', kind),
    secret: await each((world) => freshPack(PACKED, 'Prova da turma', world, kind)),
    secretSealed: await each((world) => freshPack(PACKED, 'Prova selada', world, kind, unknownCode, 4)),
  };
}

/** A tutor's pack of the questions `numbers`, sealed with `sealWith` when given (its randomness from `seed` when given). */
async function freshPack(
  numbers: number[],
  title: string,
  world: World,
  kind: Kind,
  sealWith?: string,
  seed?: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const temp = await tempDir();
  if (seed !== undefined) seedRandomness(seed);
  try {
    const maker = await openWorkspace(temp.dir);
    const records = numbers.map((n) => toStored(catalogQuestion(n, world, kind), 'api:enem'));
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
    if (seed !== undefined) restoreRandomness();
    await temp.cleanup();
  }
}

/** Packs a student could forge from what the screen shows: a secret question's record with a guessed key. */
export async function forgedPacks(kind: Kind): Promise<Uint8Array<ArrayBuffer>[]> {
  const temp = await tempDir();
  try {
    const packs: Uint8Array<ArrayBuffer>[] = [];
    for (const n of secretOf(kind).slice(0, 2)) {
      for (let guess = 0; guess < 5; guess++) {
        const maker = await openWorkspace(join(temp.dir, `${n}-${guess}`));
        const base = catalogQuestion(n, 'A', kind);
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

/** How a file is named in a failure's message. */
export const labels = new WeakMap<Uint8Array, string>();

/** A Moodle question bank naming a secret question's id, with a guessed right answer. */
export function forgedMoodle(n: number, guess: number, kind: Kind): Uint8Array<ArrayBuffer> {
  const q = catalogQuestion(n, 'A', kind);
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

/**
 * The timed worlds' notebooks, grown to where a fit is one review short of due — if the secret's
 * card counted. Both get the same reviews of the cards they share (a student's months of study,
 * 395 learnable); world B, whose earlier exam missed the secret questions, also reviewed their
 * cards (20 more). A fit that read a hidden card would start in B and not in A, with its model and
 * its change event for the renderer to see (issue 45: `fitted` false→true, one extra event).
 */
export async function growLogs(bases: Record<World, Base>): Promise<void> {
  const file = (world: World) => join(bases[world].dir, 'notebook.json');
  const read = async (world: World) =>
    JSON.parse(await readFile(file(world), 'utf8')) as { cards: Record<string, unknown>; log: unknown[] };
  const books = { A: await read('A'), B: await read('B') };
  const secret = new Set(SECRET.map((n) => `q${n}`));
  const shared = Object.keys(books.A.cards).filter((id) => id in books.B.cards && !secret.has(id));
  const hidden = Object.keys(books.B.cards).filter((id) => secret.has(id));
  if (shared.length === 0 || hidden.length === 0) throw new Error('the worlds share no card, or B has no secret card');
  const DAY = 86_400_000;
  const start = Date.UTC(2026, 0, 5);
  /** `learnable` reviews over `ids` (each card's first review teaches nothing, so one more per card). */
  const reviews = (ids: string[], learnable: number) => {
    const per = Math.floor(learnable / ids.length);
    return ids.flatMap((id, n) =>
      Array.from({ length: per + 1 + (n < learnable - per * ids.length ? 1 : 0) }, (_, k) => ({
        at: start + (k * 3 + n) * DAY,
        id,
        grade: k % 4 === 2 ? 1 : 3,
        recall: false,
      })),
    );
  };
  const common = reviews(shared, 395);
  for (const world of ['A', 'B'] as const) {
    const log = [...books[world].log, ...common, ...(world === 'B' ? reviews(hidden, 20) : [])];
    await writeFile(file(world), JSON.stringify({ ...books[world], log: log.sort((a, b) => order(a) - order(b)) }));
  }
}

const order = (entry: unknown) => (entry as { at: number }).at;
