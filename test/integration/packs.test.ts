import { ENEM_ORIGIN_MARK, enemExamIds, isEnemQuestion } from '../../main/core/catalog/provenance.js';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { PackError, type PackErrorCode } from '../../main/core/packs/format.js';
import { readPack } from '../../main/core/packs/reader.js';
import { importPack, listPacks, packImageUrl, removePack } from '../../main/core/packs/registry.js';
import { buildPack } from '../../main/core/packs/writer.js';
import { runSync } from '../../main/core/sync/engine.js';
import { openWorkspace, type Workspace } from '../../main/core/workspace.js';
import type { StoredQuestion } from '../../main/core/catalog/store.js';
import { startFakeApi, type FakeApi } from '../fake-api/server.js';
import { pngFor } from '../fake-api/images.js';
import { rawZip, type RawEntry } from '../support/raw-zip.js';
import { tempDir } from '../support/temp.js';

const sha = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function workspace(): Promise<Workspace> {
  const { dir, cleanup } = await tempDir();
  const ws = await openWorkspace(dir);
  cleanups.push(cleanup, () => ws.close());
  return ws;
}

/** Every file of a folder with its hash: "byte-identical" made checkable. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[path.slice(dir.length)] = sha(await readFile(path));
  }
  return out;
}

let api: FakeApi;
let source: Workspace;
let sourceDir: string;
let sourceCleanup: () => Promise<void>;
beforeAll(async () => {
  api = await startFakeApi({ questions: 200, seed: 21 });
  const temp = await tempDir();
  sourceDir = temp.dir;
  sourceCleanup = temp.cleanup;
  source = await openWorkspace(sourceDir);
  const client = source.client({ product: 'vestibulares', baseUrl: api.baseUrl, apiKey: api.keys.vestibulares });
  await runSync(
    { product: 'vestibulares' },
    { client, store: source.store, images: source.images, state: source.state },
  );
});
afterAll(async () => {
  await source.close();
  await sourceCleanup();
  await api.close();
});

const build = async (selection?: StoredQuestion[], title = 'Revisão de Matemática') =>
  buildPack(selection ?? (await source.store.loadAll()), source.store, source.images, {
    title,
    author: 'Prof. Ana',
    appVersion: '0.1.0',
    createdAt: '2026-11-22',
  });

describe('packs: build and import', () => {
  it('round-trips questions, keys and images byte for byte into an empty data dir', async () => {
    const pack = await build();
    expect(pack.missingImages).toEqual([]);
    const target = await workspace();
    const result = await importPack(target, pack.bytes);
    expect(result.added).toBe(200);
    const enemExams = enemExamIds(source.store);
    for (const original of await source.store.loadAll()) {
      const copy = await target.store.loadOne(original.id);
      // Images a pack carries are addressed by hash (pack-image:<sha256>); everything else is as sent.
      const sourceUrls = [original.q.imageUrl, ...original.q.alternatives.map((a) => a.imageUrl)];
      const copyUrls = [copy?.q.imageUrl, ...(copy?.q.alternatives.map((a) => a.imageUrl) ?? [])];
      const strip = (q: typeof original.q | undefined) => {
        if (!q) return q;
        // The pack recorded where each came from (manifest origins): kept on the record as a mark.
        const { [ENEM_ORIGIN_MARK]: _origin, ...rest } = q;
        return { ...rest, imageUrl: null, alternatives: q.alternatives.map((a) => ({ ...a, imageUrl: null })) };
      };
      expect(strip(copy?.q)).toEqual(strip(original.q));
      expect(copy?.q[ENEM_ORIGIN_MARK], 'the ENEM’s by provenance').toBe(
        isEnemQuestion(original, enemExams) || undefined,
      );
      expect(copy?.correctId).toBe(original.correctId);
      expect(copy).toMatchObject({
        year: original.year,
        difficulty: original.difficulty,
        sources: [`pack:${result.entry.id}`],
      });
      for (const [i, url] of sourceUrls.entries()) {
        if (!url) {
          expect(copyUrls[i] ?? null).toBeNull();
          continue;
        }
        const a = source.images.resolve(url);
        const b = target.images.resolve(copyUrls[i] ?? '');
        expect(copyUrls[i]).toBe(`pack-image:${a?.sha256}`);
        expect(b?.sha256).toBe(a?.sha256);
        expect(await readFile(b?.path ?? '')).toEqual(await readFile(a?.path ?? ''));
      }
    }
    expect(await listPacks(target)).toMatchObject([
      { title: 'Revisão de Matemática', author: 'Prof. Ana', questionCount: 200 },
    ]);
  });

  it('builds byte-identical packs from the same selection', async () => {
    const selection = (await source.store.loadAll()).slice(0, 50);
    const one = await build(selection);
    const two = await build([...selection].reverse());
    expect(sha(one.bytes)).toBe(sha(two.bytes));
    const other = await build(selection.slice(1));
    expect(sha(other.bytes)).not.toBe(sha(one.bytes));
  });

  it('re-imports idempotently and never duplicates questions already in the cache', async () => {
    const pack = await build((await source.store.loadAll()).slice(0, 30));
    const target = await workspace();
    await importPack(target, pack.bytes);
    const again = await importPack(target, pack.bytes);
    expect(again.added).toBe(0);
    expect(target.store.size).toBe(30);
    expect(await listPacks(target)).toHaveLength(1);
  });

  it('removes a pack with its questions and images, keeping what another source still has', async () => {
    const all = await source.store.loadAll();
    const a = await build(all.slice(0, 40), 'Pacote A');
    const b = await build(all.slice(20, 60), 'Pacote B');
    const target = await workspace();
    const first = await importPack(target, a.bytes);
    await importPack(target, b.bytes);
    expect(target.store.size).toBe(60);
    const { removed } = await removePack(target, first.entry.id);
    expect(removed).toBe(20);
    expect(target.store.size).toBe(40);
    expect(target.store.get(all[25]?.id ?? '')?.sources).toEqual([`pack:${(await listPacks(target))[0]?.id}`]);
    // Images only pack A used are gone from disk; pack B's remain.
    for (const question of all.slice(0, 20)) {
      const url = question.q.imageUrl;
      const stillUsed = all
        .slice(20, 60)
        .some((q) => q.q.imageUrl === url || q.q.alternatives.some((x) => x.imageUrl === url));
      if (url && !stillUsed) expect(target.images.resolve(url)).toBeNull();
    }
    const reopened = await openWorkspace(target.dataDir, { readOnly: true });
    expect(reopened.store.size).toBe(40);
  });

  it('validates a pack it built: manifest hashes, counts and exam config', async () => {
    const selection = (await source.store.loadAll()).slice(0, 10);
    const pack = await buildPack(selection, source.store, source.images, {
      title: 'Simulado fixo',
      appVersion: '0.1.0',
      examConfig: { questionIds: selection.map((q) => q.id), timeLimitMinutes: 30, seed: 42, strictTimer: true },
    });
    const read = await readPack(pack.bytes);
    cleanups.push(read.dispose);
    expect(read.manifest).toMatchObject({ questionCount: 10, examConfig: { timeLimitMinutes: 30, seed: 42 } });
    expect(read.manifest.files['questions.json']).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('packs: hostile input', () => {
  const png = pngFor('hostile');
  let sample: StoredQuestion | undefined;
  beforeAll(async () => {
    sample = await source.store.loadOne([...source.store.all()][0]?.id ?? '');
  });
  const baseQuestions = () => {
    const question = sample;
    if (!question) throw new Error('no question');
    return Buffer.from(
      JSON.stringify({
        questions: [{ id: question.id, q: question.q, year: question.year, difficulty: question.difficulty }],
        exams: [],
        subjects: [],
        images: { 'https://cdn.example/x.png': sha(png) },
      }),
    );
  };
  const manifestFor = (files: Record<string, string>, extra: Record<string, unknown> = {}) =>
    Buffer.from(
      JSON.stringify({
        format: 'exam-practice-pack',
        formatVersion: '1.0',
        id: 'hostile-pack',
        title: 'Hostile',
        description: '',
        author: '',
        createdAt: '2026-11-22',
        appVersion: '0.1.0',
        products: [],
        exams: [],
        questionCount: 1,
        files,
        ...extra,
      }),
    );
  const valid = (
    questions = baseQuestions(),
    extraEntries: RawEntry[] = [],
    manifestExtra: Record<string, unknown> = {},
  ): RawEntry[] => {
    const files: Record<string, string> = { 'questions.json': sha(questions), [`images/${sha(png)}`]: sha(png) };
    for (const entry of extraEntries) files[entry.name] = sha(entry.data);
    return [
      { name: 'manifest.json', data: manifestFor(files, manifestExtra) },
      { name: 'questions.json', data: questions, deflate: true },
      { name: `images/${sha(png)}`, data: png },
      ...extraEntries,
    ];
  };

  it('accepts the well-formed base of the corpus (so every rejection below is specific)', async () => {
    const target = await workspace();
    await expect(importPack(target, rawZip(valid()))).resolves.toMatchObject({ added: 1 });
  });

  const notImage = Buffer.from('MZ this is a program, not a picture');
  const innerZip = rawZip([{ name: 'a.txt', data: Buffer.from('x') }]);
  const cases: [string, () => Buffer, PackErrorCode][] = [
    ['zip slip', () => rawZip([...valid(), { name: '../../evil.sh', data: Buffer.from('x') }]), 'unsafe-name'],
    ['absolute path', () => rawZip([...valid(), { name: '/etc/cron.d/evil', data: Buffer.from('x') }]), 'unsafe-name'],
    [
      'backslash path',
      () => rawZip([...valid(), { name: 'images\\..\\..\\evil', data: Buffer.from('x') }]),
      'unsafe-name',
    ],
    [
      'symlink',
      () => rawZip([{ name: 'images/link', data: Buffer.from('/etc/passwd'), mode: 0o120777 }, ...valid()]),
      'symlink',
    ],
    [
      'bomb by ratio',
      () =>
        rawZip([
          { name: 'manifest.json', data: manifestFor({}, { questionCount: 100_000 }) },
          { name: 'questions.json', data: Buffer.alloc(50 * 1024 * 1024, 0x20), deflate: true },
        ]),
      'zip-bomb',
    ],
    [
      'bomb by size',
      () => rawZip([{ name: `images/${'a'.repeat(64)}`, data: Buffer.alloc(6 * 1024 * 1024, 7) }]),
      'too-large',
    ],
    [
      'lying sizes',
      () => rawZip(valid().map((e) => (e.name === 'questions.json' ? { ...e, declaredSize: 10 } : e))),
      'size-mismatch',
    ],
    [
      '100k entries',
      () =>
        rawZip(
          Array.from({ length: 100_000 }, (_, i) => ({ name: `images/${sha(String(i))}`, data: Buffer.alloc(0) })),
        ),
      'too-many-entries',
    ],
    [
      'duplicate names',
      () => rawZip([...valid(), { name: 'questions.json', data: Buffer.from('{}') }]),
      'duplicate-entry',
    ],
    ['nested archive by name', () => rawZip([...valid(), { name: 'more.zip', data: innerZip }]), 'nested-archive'],
    [
      'nested archive by bytes',
      () => rawZip(valid(undefined, [{ name: `images/${sha(innerZip)}`, data: innerZip }])),
      'nested-archive',
    ],
    ['unknown entry', () => rawZip([...valid(), { name: 'readme.txt', data: Buffer.from('hi') }]), 'unknown-entry'],
    ['bad JSON', () => rawZip(valid(Buffer.from('{"questions": [oops'))), 'invalid-json'],
    ['wrong schema', () => rawZip(valid(Buffer.from(JSON.stringify({ questions: 'none' })))), 'invalid-schema'],
    [
      'wrong hash',
      () =>
        rawZip(
          valid().map((e) =>
            e.name === 'manifest.json'
              ? { ...e, data: manifestFor({ 'questions.json': '0'.repeat(64), [`images/${sha(png)}`]: sha(png) }) }
              : e,
          ),
        ),
      'hash-mismatch',
    ],
    ['future version', () => rawZip(valid(undefined, [], { formatVersion: '3.0' })), 'future-version'],
    [
      'version 2 without sealed answers',
      () => rawZip(valid(undefined, [], { formatVersion: '2.0' })),
      'invalid-schema',
    ],
    [
      'non-image bytes named as an image',
      () => rawZip(valid(undefined, [{ name: `images/${sha(notImage)}`, data: notImage }])),
      'not-an-image',
    ],
    ['missing manifest', () => rawZip(valid().filter((e) => e.name !== 'manifest.json')), 'missing-entry'],
    [
      'the manifest after the questions',
      () => {
        const [manifest, ...rest] = valid();
        return rawZip([...rest, ...(manifest ? [manifest] : [])]);
      },
      'missing-entry',
    ],
    [
      'questions.json larger than its declared count allows',
      () => {
        const big = Buffer.from(JSON.stringify({ questions: [], pad: randomBytes(150 * 1024).toString('base64') }));
        return rawZip(valid(big));
      },
      'too-large',
    ],
    [
      'millions of tiny values in a small questions.json',
      () => rawZip(valid(Buffer.from(`{"questions":[${'0,'.repeat(20_000)}0]}`))),
      'too-large',
    ],
    [
      'nesting a thousand deep',
      () => rawZip(valid(Buffer.from(`${'['.repeat(1000)}${']'.repeat(1000)}`))),
      'too-large',
    ],
    [
      'the same question id twice',
      () => {
        const [one] = JSON.parse(baseQuestions().toString()).questions as unknown[];
        const twice = Buffer.from(JSON.stringify({ ...JSON.parse(baseQuestions().toString()), questions: [one, one] }));
        return rawZip(valid(twice, [], { questionCount: 2 }));
      },
      'duplicate-question',
    ],
    ['not a zip at all', () => Buffer.from('PK\u0003\u0004 truncated nonsense'), 'not-a-zip'],
  ];

  for (const [label, make, code] of cases) {
    it(`refuses ${label} with "${code}" and leaves the data dir byte-identical`, async () => {
      const target = await workspace();
      await target.images.save();
      const before = await snapshot(target.dataDir);
      const error = await importPack(target, make()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PackError);
      expect((error as PackError).code).toBe(code);
      expect(await snapshot(target.dataDir)).toEqual(before);
      expect(target.store.size).toBe(0);
    });
  }
});

describe('packs: images not cached yet', () => {
  it('downloads them before building, so the pack carries every image', async () => {
    const flaky = await startFakeApi({ questions: 60, seed: 31, faults: { missingImages: ['.png'] } });
    const temp = await tempDir();
    cleanups.push(temp.cleanup, () => flaky.close());
    const ws = await openWorkspace(temp.dir);
    cleanups.push(() => ws.close());
    const client = ws.client({ product: 'vestibulares', baseUrl: flaky.baseUrl, apiKey: flaky.keys.vestibulares });
    const report = await runSync(
      { product: 'vestibulares' },
      { client, store: ws.store, images: ws.images, state: ws.state },
    );
    expect(report.images.failed).toBeGreaterThan(0);
    const { fetchMissingImages } = await import('../../main/core/packs/writer.js');
    expect(
      (await buildPack(await ws.store.loadAll(), ws.store, ws.images, { title: 't', appVersion: '0.1.0' }))
        .missingImages.length,
    ).toBe(report.images.failed);
    flaky.setFaults({ missingImages: [] });
    expect(await fetchMissingImages(await ws.store.loadAll(), ws.images, { allowLocal: true })).toBe(
      report.images.failed,
    );
    expect(
      (await buildPack(await ws.store.loadAll(), ws.store, ws.images, { title: 't', appVersion: '0.1.0' }))
        .missingImages,
    ).toEqual([]);
  });
});

describe('worked solutions', () => {
  it('travel with the pack as q.explanation, and the student sees them only once the question is answered', async () => {
    const { ExamEngine } = await import('../../main/core/exams/engine.js');
    const chosen = (await source.store.loadAll()).slice(0, 3);
    const first = chosen[0];
    if (!first) throw new Error('no question');
    // A figure with it, addressed by its hash as the app does when a tutor attaches one.
    const figure = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 3)]);
    const figureUrl = packImageUrl(createHash('sha256').update(figure).digest('hex'));
    await source.images.put(figureUrl, figure);
    await source.explanations.set(first.id, { text: 'Porque a área é base vezes altura.', image: figureUrl });
    const pack = await buildPack(chosen, source.store, source.images, {
      title: 'Com resolução',
      appVersion: '0.1.0',
      explanations: (id, q) => source.explanations.for(id, q),
    });
    const target = await workspace();
    await importPack(target, pack.bytes);
    expect(target.explanations.for(first.id, (await target.store.loadOne(first.id))?.q)).toEqual({
      text: 'Porque a área é base vezes altura.',
      image: figureUrl,
    });
    expect(target.images.resolve(figureUrl)).not.toBeNull();
    const engine = await ExamEngine.open({
      dir: join(target.dataDir, 'attempts'),
      store: () => target.store,
      images: () => target.images,
      explanations: () => target.explanations,
      imageUrl: (sha) => sha,
      clock: { now: () => Date.now(), speed: 1 },
    });
    const state = await engine.start(
      { questionIds: [first.id], count: 1 },
      { title: 'T', mode: 'practice', timeLimitMinutes: null, strict: false },
    );
    expect(JSON.stringify(state)).not.toContain('base vezes altura');
    const { feedback } = await engine.answer(state.attemptId, 0, 0);
    expect(feedback?.explanation).toEqual({
      text: 'Porque a área é base vezes altura.',
      image: target.images.resolve(figureUrl)?.sha256,
    });
    const result = await engine.submit(state.attemptId);
    expect(result.questions[0]?.explanation?.text).toBe('Porque a área é base vezes altura.');
    // Removing the pack keeps the result whole, its solution's figure included (pinned).
    await removePack(target, (await listPacks(target))[0]?.id ?? '');
    await target.images.sweep();
    const after = await engine.result(state.attemptId);
    const sha = after.questions[0]?.explanation?.image ?? '';
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    expect(target.images.fileOf(sha)).not.toBeNull();
  });
});
