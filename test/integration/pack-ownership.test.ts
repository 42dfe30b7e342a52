// Sources own their records: a pack never changes what another source stored,
// whatever ids and image addresses it reuses, and removing it restores exactly
// what was there. A small pack that inflates past its declared size is refused
// quickly, with bounded memory.
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredQuestion } from '../../main/core/catalog/store.js';
import { importPack, namespacedId, packSource, PackLockedError, removePack } from '../../main/core/packs/registry.js';
import { buildPack } from '../../main/core/packs/writer.js';
import { runSync } from '../../main/core/sync/engine.js';
import { openWorkspace, type Workspace } from '../../main/core/workspace.js';
import { startFakeApi, type FakeApi } from '../fake-api/server.js';
import { bundleCrashChild, type ChildRunner } from '../support/crash-child-runner.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
let api: FakeApi;
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});
beforeAll(async () => {
  api = await startFakeApi({ questions: 80, seed: 13 });
  cleanups.push(() => api.close());
});

async function synced(): Promise<Workspace> {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const workspace = await openWorkspace(temp.dir);
  cleanups.push(() => workspace.close());
  const client = workspace.client({ product: 'enem', baseUrl: api.baseUrl, apiKey: api.keys.enem });
  await runSync(
    { product: 'enem' },
    { client, store: workspace.store, images: workspace.images, state: workspace.state, currentYear: 2026 },
  );
  return workspace;
}

const snapshot = async (workspace: Workspace) => {
  const records = (await workspace.store.loadAll()).sort((a, b) => a.id.localeCompare(b.id));
  const images = records.flatMap((q) => [q.q.imageUrl, ...q.q.alternatives.map((a) => a.imageUrl)]);
  return {
    records: structuredClone(records),
    images: images
      .filter((url): url is string => Boolean(url))
      .map((url) => [url, workspace.images.resolve(url)?.sha256]),
  };
};

/** A pack built by someone else from these records, with these bytes behind their image URLs. */
async function packOf(records: StoredQuestion[], imageBytes?: Buffer) {
  const temp = await tempDir();
  cleanups.push(temp.cleanup);
  const maker = await openWorkspace(temp.dir);
  await maker.store.append(records);
  for (const record of records) {
    for (const url of [record.q.imageUrl, ...record.q.alternatives.map((a) => a.imageUrl)]) {
      if (url && imageBytes) await maker.images.put(url, imageBytes);
    }
  }
  const built = await buildPack(records, maker.store, maker.images, { title: 'Forja', appVersion: '0.1.0' });
  await maker.close();
  return built;
}

const forgedPng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 9)]);

describe('a pack never changes what another source stored', () => {
  it('same id, different statement, key and image: the synced question, its key and its image stay; the pack’s version lives beside them', async () => {
    const target = await synced();
    const all = await target.store.loadAll();
    const victim = all.find((q) => q.q.imageUrl) ?? all[0];
    if (!victim) throw new Error('no question');
    const before = await snapshot(target);
    const wrong = victim.q.alternatives.find((a) => a.id !== victim.correctId);
    const forged: StoredQuestion = {
      ...victim,
      q: {
        ...victim.q,
        statement: 'Forjada',
        alternatives: victim.q.alternatives.map((a) => ({ ...a, isCorrect: a.id === wrong?.id })),
        correctAlternative: wrong?.letter,
      },
      correctId: wrong?.id ?? null,
    };
    const pack = await packOf([forged], forgedPng);
    const { entry } = await importPack(target, pack.bytes);
    const after = await snapshot(target);
    // The synced record is untouched (and the image behind its URL too).
    expect(await target.store.loadOne(victim.id)).toEqual(before.records.find((r) => r.id === victim.id));
    expect(after.images.filter(([url]) => before.images.some(([u]) => u === url))).toEqual(before.images);
    const own = await target.store.loadOne(namespacedId(entry.id, victim.id));
    expect(own?.q.statement).toBe('Forjada');
    expect(own?.sources).toEqual([packSource(entry.id)]);
    await removePack(target, entry.id);
    expect(await snapshot(target)).toEqual(before);
  });

  it('same id, same content: one record, shared; removing the pack gives the record back as it was', async () => {
    const target = await synced();
    const shared = (await target.store.loadAll()).slice(0, 5);
    const before = await snapshot(target);
    const pack = await packOf(shared);
    const { entry } = await importPack(target, pack.bytes);
    for (const record of shared) {
      expect(target.store.get(record.id)?.sources).toEqual(['api:enem', packSource(entry.id)]);
      expect((await target.store.loadOne(record.id))?.q).toEqual(record.q);
    }
    expect(target.store.size).toBe(before.records.length);
    await removePack(target, entry.id);
    expect(await snapshot(target)).toEqual(before);
  });

  it('a pack touching a question of the running exam is refused and writes nothing', async () => {
    const target = await synced();
    const record = (await target.store.loadAll())[0];
    if (!record) throw new Error('no question');
    const before = await snapshot(target);
    const pack = await packOf([{ ...record, q: { ...record.q, statement: 'Outra' } }]);
    await expect(importPack(target, pack.bytes, { isLocked: (id) => id.endsWith(record.id) })).rejects.toBeInstanceOf(
      PackLockedError,
    );
    expect(await snapshot(target)).toEqual(before);
  });
});

describe('a small pack that inflates past what it declares', () => {
  let runChild: ChildRunner;
  beforeAll(async () => {
    const child = await bundleCrashChild();
    runChild = child.run;
    cleanups.push(child.remove);
  });

  it('250 MB of questions.json in a ~10 MB pack is refused within its cap, well under 1 GB of memory', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const file = join(temp.dir, 'huge.exampack');
    const zip = new yazl.ZipFile();
    const manifest = {
      format: 'exam-practice-pack',
      formatVersion: '1.0',
      id: 'huge-pack',
      title: 'Huge',
      description: '',
      author: '',
      createdAt: '2026-11-22',
      appVersion: '0.1.0',
      products: [],
      exams: [],
      questionCount: 100_000,
      files: { 'questions.json': '0'.repeat(64) },
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest)), 'manifest.json');
    // Compresses about 25:1 (under the zip-bomb ratio): fixed text with a few varying bytes per line.
    const line = (n: number) =>
      `{"id":"q${n}","statement":"${'Enunciado longo de uma questão '.repeat(6)}${(n * 2654435761) % 99991}"},`;
    const target = 250 * 1024 * 1024;
    async function* body() {
      yield '{"questions":[';
      let size = 0;
      for (let n = 0; size < target; n++) {
        let chunk = '';
        for (let i = 0; i < 500; i++) chunk += line(n * 500 + i);
        size += chunk.length;
        yield chunk;
      }
      yield '{}]}';
    }
    zip.addReadStream(Readable.from(body()), 'questions.json');
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(file));
    const dataDir = join(temp.dir, 'data');
    const { lines } = await runChild(['import-measured', dataDir, file], () => undefined);
    const outcome = JSON.parse(lines.at(-1) ?? '{}') as { error: string; maxRssMb: number; ms: number };
    expect(outcome.error).toBe('too-large');
    expect(outcome.maxRssMb).toBeLessThan(1024);
    const { size } = await stat(file);
    expect(size).toBeLessThan(20 * 1024 * 1024);
    console.log(
      `oversized pack (${(size / 1e6).toFixed(1)} MB): refused in ${outcome.ms} ms, peak RSS ${outcome.maxRssMb} MB`,
    );
  }, 120_000);
});
