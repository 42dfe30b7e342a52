// The worker's answers are untrusted: a decoder exploited there could send any message, name any
// folder for main to delete, any id for main to put in a path. Each is refused before main acts on it.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkedClassReport,
  checkedMessage,
  checkedPackRead,
  checkedTri,
  isStagingFolder,
} from '../../../../main/core/worker/answers.js';
import { DecodingWorker, type WorkerHandle } from '../../../../main/core/worker/client.js';
import type { FromWorker, ToWorker } from '../../../../main/core/worker/protocol.js';
import { STAGING_PREFIX } from '../../../../main/core/packs/format.js';
import { sampleQuestion } from '../../../support/questions.js';

const staging = join(tmpdir(), `${STAGING_PREFIX}123-abc`);
const manifest = {
  format: 'exam-practice-pack',
  formatVersion: '1.0',
  id: 'turma-abc',
  title: 'Turma',
  description: '',
  author: '',
  createdAt: '2026-11-20T13:30:00.000Z',
  appVersion: '0.1.0',
  products: [],
  questionCount: 0,
  exams: [],
  files: {},
};
const read = (over: Record<string, unknown> = {}) => ({
  manifest,
  content: { questions: [], exams: [], subjects: [], images: {} },
  sealed: null,
  images: [['a'.repeat(64), join(staging, 'a'.repeat(64))]],
  tempDir: staging,
  ...over,
});

describe('what main accepts from the worker', () => {
  it('a pack reading only with its staging folder in the temporary folder and its files inside it', async () => {
    expect(await checkedPackRead(read())).not.toBeNull();
    for (const tempDir of ['/', '/home/aluno', join(tmpdir(), 'outra-coisa'), `${staging}/../..`, 'relativo'])
      expect(await checkedPackRead(read({ tempDir })), tempDir).toBeNull();
    for (const file of ['/etc/passwd', join(staging, '..', 'x'), staging])
      expect(await checkedPackRead(read({ images: [['a'.repeat(64), file]] })), file).toBeNull();
    // An id that would leave its folder when main names files after it.
    expect(await checkedPackRead(read({ manifest: { ...manifest, id: '../../fora' } }))).toBeNull();
    expect(await checkedPackRead(read({ content: { questions: 'nada' } }))).toBeNull();
    // Questions are checked a slice at a time, every one of them: one bad question deep in the list.
    const questions = Array.from({ length: 300 }, (_, n) => {
      const q = sampleQuestion(n);
      return { id: q.id, q, year: null, difficulty: null };
    });
    const content = { questions, exams: [], subjects: [], images: {} };
    expect(await checkedPackRead(read({ content }))).not.toBeNull();
    const bad = questions.map((q, n) => (n === 250 ? { ...q, q: { ...q.q, alternatives: 'nada' } } : q));
    expect(await checkedPackRead(read({ content: { ...content, questions: bad } }))).toBeNull();
    expect(isStagingFolder(staging)).toBe(true);
  });

  it('a class report and a calibration only as the worker builds them: a hostile matrix or row is refused', async () => {
    const report = (cells: Uint8Array, students = 1) => ({
      pack: { id: 'p', title: 'T', contentHash: 'h' },
      questions: [{ id: 'q1', key: 'A', subject: 'x', area: null, statement: '' }],
      accepted: [],
      rejected: [],
      duplicates: [],
      analysis: {
        students: [{ name: 'Ana', correct: 1, total: 1, timeMs: 0, bySubject: [], byArea: [] }],
        items: [{ id: 'q1', key: 'A', facility: 1, pointBiserial: null, flags: [] }],
        test: { students: 1, items: 1, mean: 1 },
        bySubject: [],
        byArea: [],
        groupSize: 1,
        meanScore: 1,
      },
      responses: { students, items: 1, cells },
    });
    expect(await checkedClassReport(report(Uint8Array.of(1)))).not.toBeNull();
    expect(await checkedClassReport(report(Uint8Array.of(2)))).not.toBeNull();
    // A cell that is no answer, a matrix of another size, a count that disagrees with the rows.
    expect(await checkedClassReport(report(Uint8Array.of(3)))).toBeNull();
    expect(await checkedClassReport(report(Uint8Array.of(1, 0)))).toBeNull();
    expect(await checkedClassReport(report(Uint8Array.of(1), 2))).toBeNull();
    const tri = (items: unknown[], link: unknown = null) => ({
      status: 'ok',
      model: 'rasch',
      thresholds: { minimum: 30, twoPl: 100, threePl: 500 },
      converged: true,
      partial: 0,
      scoreSd: 80,
      students: [{ score: 500, se: 30 }],
      items,
      information: [],
      link,
    });
    const item = { a: 1, b: 0, c: null, infit: 1, outfit: 1, misfit: null };
    expect(await checkedTri(tri([item, null]))).not.toBeNull();
    expect(await checkedTri(tri([{ ...item, misfit: 'check-the-key' }]))).toBeNull();
    expect(await checkedTri(tri([{ ...item, a: Number.NaN }]))).toBeNull();
    // The link to an earlier scale: one score per student, each a number.
    const link = (students: unknown[]) => ({
      status: 'ok',
      earlier: { title: 'Simulado 1', sittingAt: '2026-10-01T12:00:00.000Z', students: 30, score: 500 },
      common: 12,
      line: { A: 1, B: 0.4 },
      score: 540,
      growth: 40,
      growthSe: 12,
      students,
    });
    expect(await checkedTri(tri([item], link([{ score: 540, se: 30 }])))).not.toBeNull();
    expect(await checkedTri(tri([item], link([])))).toBeNull();
    expect(await checkedTri(tri([item], link([{ score: 'high', se: 30 }])))).toBeNull();
    expect(
      await checkedTri(
        tri([item], { status: 'refused', reason: 'too-few-common', problem: null, common: 3, needed: 10 }),
      ),
    ).not.toBeNull();
    expect(
      await checkedTri(tri([item], { status: 'refused', reason: 'no-reason', problem: null, common: 3, needed: 10 })),
    ).toBeNull();
    // A scale file the worker could not read: the link refused with its problem, and only a known one.
    const unreadable = (problem: unknown) => ({
      status: 'refused',
      reason: 'unreadable',
      problem,
      common: 0,
      needed: 0,
    });
    expect(await checkedTri(tri([item], unreadable('invalid-json')))).not.toBeNull();
    expect(await checkedTri(tri([item], unreadable('<script>')))).toBeNull();
  });

  it('messages of the protocol only', () => {
    expect(checkedMessage({ id: 3, type: 'opened', pages: 2 })).not.toBeNull();
    expect(checkedMessage({ id: 0, type: 'memory', rss: 1 })).not.toBeNull();
    for (const bad of [null, 'x', { id: 3, type: 'shell', command: 'rm' }, { id: -1, type: 'done', value: 1 }])
      expect(checkedMessage(bad)).toBeNull();
  });
});

/** A worker process the test speaks for: it answers whatever `answer` says, and can speak after it is replaced. */
function scriptedWorkers(answer: (message: ToWorker, handle: number) => unknown[]) {
  const listeners: ((message: FromWorker) => void)[] = [];
  const kills: number[] = [];
  let spawned = 0;
  const spawn = (): WorkerHandle => {
    const number = ++spawned;
    let listener: (message: FromWorker) => void = () => undefined;
    let exit: (exit: { code: number | null; signal: string | null; stderr: string }) => void = () => undefined;
    return {
      pid: undefined,
      send: (message) => setTimeout(() => answer(message, number).forEach((reply) => listener(reply as FromWorker)), 1),
      onMessage: (l) => {
        listener = l;
        listeners.push(l);
      },
      onExit: (l) => (exit = l),
      kill: () => {
        kills.push(number);
        setTimeout(() => exit({ code: null, signal: 'SIGKILL', stderr: '' }), 1);
      },
    };
  };
  return { spawn, kills, speakAs: (n: number, message: unknown) => listeners[n - 1]?.(message as FromWorker) };
}

describe('the worker client', () => {
  const limits = {
    maxRssBytes: 1e12,
    pageMs: 5_000,
    fileMs: 60_000,
    jobMs: 5_000,
    irtMs: 5_000,
    idleMs: 60_000,
    startMs: 5_000,
  };

  it('a message out of protocol costs that worker its job: the job fails, the next runs in a new process', async () => {
    const workers = scriptedWorkers((message, n) =>
      n === 1
        ? [{ id: message.id, type: 'done', value: 1, extra: 'x' }]
        : [{ id: message.id, type: 'done', value: [1] }],
    );
    const client = new DecodingWorker(workers.spawn, limits);
    expect(await client.run({ kind: 'fit', histories: [] })).toEqual({ ok: false, died: 'crash' });
    expect(workers.kills).toEqual([1]);
    expect(await client.run({ kind: 'fit', histories: [] })).toEqual({ ok: true, value: [1] });
    await client.close();
  });

  it('a process already replaced is not heard: its late answer does not end the new job', async () => {
    const workers = scriptedWorkers(
      (_message, n) => (n === 1 ? [{ id: 0, type: 'memory', rss: 1e13 }] : []), // over the cap: killed and replaced
    );
    const client = new DecodingWorker(workers.spawn, { ...limits, maxRssBytes: 1e12, jobMs: 300, startMs: 300 });
    expect(await client.run({ kind: 'fit', histories: [] })).toEqual({ ok: false, died: 'memory' });
    const second = client.run({ kind: 'fit', histories: [] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first process answers now, with the id the second job carries: dropped.
    workers.speakAs(1, { id: 2, type: 'done', value: [9] });
    expect(await second).toEqual({ ok: false, died: 'timeout' });
    await client.close();
  });
});
