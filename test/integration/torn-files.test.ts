// What a power cut can leave: every kind of persisted file empty or cut short.
// The data folder still opens, the user is told what was set aside, the last good
// copy is used where one is kept, and everything else is there.
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExamEngine } from '../../main/core/exams/engine.js';
import { importPack, listPacks } from '../../main/core/packs/registry.js';
import { runSync } from '../../main/core/sync/engine.js';
import { StorageNotices } from '../../main/core/util/json-file.js';
import { openWorkspace, type Workspace } from '../../main/core/workspace.js';
import { startFakeApi, type FakeApi } from '../fake-api/server.js';
import { tempDir } from '../support/temp.js';

let api: FakeApi;
let root: string;
let pristine: string;
let cleanup: () => Promise<void>;
let attemptId = '';
let total = 0;

function engineFor(dir: string, workspace: Workspace, notices = new StorageNotices()) {
  return ExamEngine.open({
    dir: join(dir, 'attempts'),
    store: () => workspace.store,
    images: () => workspace.images,
    imageUrl: (sha) => sha,
    clock: { now: () => Date.now(), speed: 1 },
    notices,
  });
}

beforeAll(async () => {
  api = await startFakeApi({ questions: 250, seed: 3 });
  const temp = await tempDir();
  root = temp.dir;
  cleanup = temp.cleanup;
  pristine = join(root, 'pristine');
  const workspace = await openWorkspace(pristine);
  const client = workspace.client({ product: 'vestibulares', baseUrl: api.baseUrl, apiKey: api.keys.vestibulares });
  await runSync(
    { product: 'vestibulares' },
    { client, store: workspace.store, images: workspace.images, state: workspace.state, currentYear: 2026 },
  );
  // Twice: the second registry write keeps the first as packs.json.bak.
  await importPack(workspace, await readFile('assets/demo.exampack'));
  await importPack(workspace, await readFile('assets/demo.exampack'));
  total = workspace.store.size;
  const engine = await engineFor(pristine, workspace);
  const state = await engine.start(
    { count: 5 },
    { title: 't', mode: 'timed', timeLimitMinutes: 600, strict: true, warnings: [], seed: 1 },
  );
  attemptId = state.attemptId;
  await engine.answer(attemptId, 0, 2);
  await engine.answer(attemptId, 1, 3);
  await workspace.close();
});
afterAll(async () => {
  await api.close();
  await cleanup();
});

let copies = 0;
async function damaged(file: string, how: 'empty' | 'truncated') {
  const dir = join(root, `copy-${copies++}`);
  await cp(pristine, dir, { recursive: true });
  const path = join(dir, file);
  const size = (await readFile(path)).length;
  await truncate(path, how === 'empty' ? 0 : Math.floor(size / 2));
  return dir;
}

async function openAll(dir: string) {
  const workspace = await openWorkspace(dir);
  const sink = new StorageNotices();
  const engine = await engineFor(dir, workspace, sink);
  // Attempt questions are read when first needed: ask for the running attempt as the app does.
  await engine.current();
  return { workspace, engine, notices: [...workspace.notices(), ...sink.list()] };
}

const firstChunk = async () =>
  (await readdir(join(pristine, 'catalog', 'chunks'))).filter((n) => /^\d{8}\.json$/.test(n)).sort()[0] ?? '';

describe.each(['empty', 'truncated'] as const)('a %s file', (how) => {
  it('sync state: the last good copy is used and the user told', async () => {
    const dir = await damaged('catalog/sync.json', how);
    const { workspace, notices } = await openAll(dir);
    expect(notices).toMatchObject([{ kind: 'sync-state', restored: true }]);
    expect(Object.values(workspace.state.state.runs).length).toBeGreaterThan(0);
    expect(workspace.store.size).toBe(total);
    await workspace.close();
  });

  it('image index: set aside; questions stay and images come back with the next sync', async () => {
    const dir = await damaged('images/index.json', how);
    const { workspace, notices } = await openAll(dir);
    expect(notices).toMatchObject([{ kind: 'image-index', restored: false }]);
    expect(workspace.store.size).toBe(total);
    const client = workspace.client({ product: 'vestibulares', baseUrl: api.baseUrl, apiKey: api.keys.vestibulares });
    const report = await runSync(
      { product: 'vestibulares' },
      { client, store: workspace.store, images: workspace.images, state: workspace.state, currentYear: 2026 },
    );
    expect(report.images.downloaded).toBeGreaterThan(0);
    await workspace.close();
  });

  it('a catalog chunk: only the questions of its lost lines are missing (a cut keeps the whole lines before it), the rest of the catalog loads', async () => {
    const chunk = await firstChunk();
    const { questions } = JSON.parse(await readFile(join(pristine, 'catalog', 'chunks', chunk), 'utf8')) as {
      questions: unknown[];
    };
    const dir = await damaged(`catalog/chunks/${chunk}`, how);
    // The lines the cut left whole: every line after the envelope's that still ends in a newline.
    const left = await readFile(join(dir, 'catalog', 'chunks', chunk), 'utf8');
    const whole = Math.max(0, left.split('\n').length - 2);
    const { workspace, notices } = await openAll(dir);
    expect(notices).toMatchObject([{ kind: 'catalog-chunk', restored: false }]);
    if (how === 'truncated') expect(whole).toBeGreaterThan(0);
    expect(workspace.store.size).toBe(total - questions.length + whole);
    await workspace.close();
  });

  it('the exam lists: set aside, the catalog is whole', async () => {
    const dir = await damaged('catalog/exams.json', how);
    const { workspace, notices } = await openAll(dir);
    expect(notices).toMatchObject([{ kind: 'exams', restored: false }]);
    expect(workspace.store.size).toBe(total);
    await workspace.close();
  });

  it('the summary index: ignored and rebuilt, nobody needs telling', async () => {
    const dir = await damaged('catalog/index.json', how);
    const { workspace, notices } = await openAll(dir);
    expect(workspace.store.fromIndex).toBe(false);
    expect(notices).toEqual([]);
    expect(workspace.store.size).toBe(total);
    await workspace.close();
  });

  it('the pack registry: its last good copy keeps the pack listed', async () => {
    const dir = await damaged('packs.json', how);
    const { workspace, notices } = await openAll(dir);
    expect(notices).toMatchObject([{ kind: 'pack-registry', restored: true }]);
    expect(await listPacks(workspace)).toHaveLength(1);
    expect(workspace.store.size).toBe(total);
    await workspace.close();
  });

  it('the pack registry without a good copy: the packs’ questions are kept, not rolled back', async () => {
    const dir = await damaged('packs.json', how);
    await rm(join(dir, 'packs.json.bak'));
    const { workspace, notices } = await openAll(dir);
    expect(notices).toMatchObject([{ kind: 'pack-registry', restored: false }]);
    expect(workspace.store.size).toBe(total);
    await workspace.close();
  });

  it('a running attempt: its last good copy resumes, with the answers it had', async () => {
    const dir = await damaged(`attempts/${attemptId}.json`, how);
    const { workspace, engine, notices } = await openAll(dir);
    expect(notices).toMatchObject([{ kind: 'attempt', restored: true }]);
    const state = await engine.current();
    expect(state?.attemptId).toBe(attemptId);
    // The .bak is the generation before the last save: at worst the last answer is missing.
    expect(state?.answers[0]).toBe(2);
    await workspace.close();
  });

  it('the questions of an attempt: set aside, the attempt goes on with the catalog’s copy', async () => {
    const dir = await damaged(`attempts/${attemptId}.questions.json`, how);
    const { workspace, engine, notices } = await openAll(dir);
    const state = await engine.current();
    expect(state?.questions).toHaveLength(5);
    expect(state?.answers.slice(0, 2)).toEqual([2, 3]);
    expect(notices).toMatchObject([{ kind: 'attempt-questions', restored: false }]);
    await workspace.close();
  });
});

describe('settings and keys files (harness storage)', () => {
  it('an empty settings file falls back to the defaults and says so', async () => {
    const { DEFAULT_SETTINGS, fileSettingsStore } = await import('../../main/app/settings.js');
    const path = join(root, 'settings.json');
    await writeFile(path, '');
    const notices = new StorageNotices();
    expect(await fileSettingsStore(path, notices).get()).toEqual(DEFAULT_SETTINGS);
    expect(notices.list()).toMatchObject([{ kind: 'settings', restored: false }]);
  });
});

describe('start-up cleanup', () => {
  it('removes the temp files a kill left in every folder the app writes, and nothing else', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const temp = (name: string) => `.${name}.4242.1.0badcafe.tmp`;
      const planted = ['', 'paper', 'sealed', 'attempts', 'catalog', 'images', 'notebook-extra'].map((folder) =>
        join(dir, folder, temp(folder || 'root')),
      );
      for (const path of planted) {
        await mkdir(join(path, '..'), { recursive: true });
        await writeFile(path, 'half a file');
      }
      await writeFile(join(dir, 'paper', 'P123456.json'), '{}');
      const workspace = await openWorkspace(dir);
      await workspace.close();
      for (const path of planted) expect(existsSync(path), path).toBe(false);
      expect(existsSync(join(dir, 'paper', 'P123456.json'))).toBe(true);
    } finally {
      await cleanup();
    }
  });
});

describe('a damaged catalog line (a flipped byte: lost; two lines swapped: whole, found again; a range past the end: chunk-file.test.ts)', () => {
  it('drops only the damaged questions, says so, and every page of the catalog and an exam work on every start', async () => {
    const dir = join(root, `copy-${copies++}`);
    await cp(pristine, dir, { recursive: true });
    const chunk = await firstChunk();
    const path = join(dir, 'catalog', 'chunks', chunk);
    const bytes = await readFile(path);
    const lines: number[] = [];
    for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) lines.push(i);
    // Line 1 (the first question): one byte flipped inside it. Lines 2 and 3 swapped (same lengths
    // or not, each range now holds another question or half of one).
    const first = (lines[0] ?? 0) + 1;
    bytes[first + 3] = 0x5d;
    const second = bytes.subarray((lines[1] ?? 0) + 1, (lines[2] ?? 0) + 1);
    const third = bytes.subarray((lines[2] ?? 0) + 1, (lines[3] ?? 0) + 1);
    const swapped = Buffer.concat([
      bytes.subarray(0, (lines[1] ?? 0) + 1),
      Buffer.from(third),
      Buffer.from(second),
      bytes.subarray((lines[3] ?? 0) + 1),
    ]);
    await writeFile(path, swapped);

    const open = await openAll(dir);
    const store = open.workspace.store;
    // Every body read: the library's pages, a search, an exam's start all answer.
    // The saved index's ranges now point at other lines: it is not believed, the entries are made
    // again from the chunk, and only the line with the flipped byte is lost (the swapped two are whole).
    const all = await store.loadAll();
    expect(store.indexRebuilds).toBe(1);
    expect(store.damagedDropped).toBe(1);
    expect(all.length).toBe(total - store.damagedDropped);
    expect(store.size).toBe(total - store.damagedDropped);
    expect(open.workspace.notices()).toMatchObject([{ kind: 'catalog-chunk', restored: false }]);
    // The copy's running attempt (its questions kept apart) is handed in first; then a new exam starts.
    await open.engine.submit(attemptId);
    const exam = await open.engine.start(
      { count: 20 },
      { title: 'depois', mode: 'timed', timeLimitMinutes: 60, strict: true, warnings: [], seed: 2 },
    );
    expect(exam.questions).toHaveLength(20);
    const dropped = store.damagedDropped;
    await open.engine.suspend();
    await open.workspace.close();

    // The next start: the drop was written; nothing is damaged any more, nothing else was lost.
    const again = await openAll(dir);
    expect(again.workspace.store.size).toBe(total - dropped);
    expect((await again.workspace.store.loadAll()).length).toBe(total - dropped);
    expect(again.workspace.store.damagedDropped).toBe(0);
    await again.workspace.close();
  });
});
