// Files the OS hands over are read as a drop is: only regular files (a FIFO, a device, a link to
// /dev/zero are refused by name without blocking or growing main), within the same size limit,
// read once; what the student confirmed is what is imported, whatever happens to the path after.
import { execFileSync } from 'node:child_process';
import { link, readdir, symlink, truncate, writeFile } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventName, Events, PackOffer, ResultOffer } from '../../preload/contract.js';
import { PACK_FILE_MAX_BYTES } from '../../preload/contract.js';
import { writePack } from '../../main/core/packs/writer.js';
import { callValue } from '../support/bridge-call.js';
import { handle } from '../../main/app/handle.js';
import { nodeServices } from '../support/node-services.js';
import { sampleQuestion } from '../support/questions.js';
import { tempDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function packOf(title: string, count: number, first: number): Promise<Buffer> {
  const questions = Array.from({ length: count }, (_, i) => {
    const q = sampleQuestion(first + i);
    return { id: q.id, q, year: null, difficulty: null };
  });
  const built = await writePack({ questions, exams: [], subjects: [], images: {} }, new Map(), {
    title,
    appVersion: '0.1.0',
    products: [],
    sealed: null,
  });
  return built.bytes;
}

/** A valid pack of about `mb` MB: one question and incompressible 4 MB images (as scanned figures are). */
async function largePack(title: string, mb: number): Promise<Buffer> {
  const images = new Map<string, { bytes: Buffer; mime: string }>();
  for (let n = 0; n < Math.ceil(mb / 4); n++) {
    const bytes = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(4 * 1024 * 1024 - 8),
    ]);
    images.set(createHash('sha256').update(bytes).digest('hex'), { bytes, mime: 'image/png' });
  }
  const q = sampleQuestion(900);
  const built = await writePack(
    { questions: [{ id: q.id, q, year: null, difficulty: null }], exams: [], subjects: [], images: {} },
    images,
    {
      title,
      appVersion: '0.1.0',
      products: [],
      sealed: null,
    },
  );
  return built.bytes;
}

/** Main's resident memory sampled every 10 ms until stopped: its peak over the baseline. */
function rssPeak() {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss) - base;
  };
}

async function servicesIn(dir: string) {
  const events: { event: EventName; payload: unknown }[] = [];
  const services = await nodeServices({
    dataDir: dir,
    emit: <E extends EventName>(event: E, payload: Events[E]) => events.push({ event, payload }),
  });
  cleanups.push(() => services.close());
  /** Waits for `count` offers: `timeout` far from their real time (large files on a busy machine take long). */
  const offers = async (count: number, timeout = 20_000) => {
    await expect.poll(() => events.filter((e) => e.event.endsWith(':open-request')).length, { timeout }).toBe(count);
    return events.filter((e) => e.event.endsWith(':open-request')).map((e) => e.payload as PackOffer | ResultOffer);
  };
  return { services, offers };
}

describe('files handed over by the OS', () => {
  it.skipIf(process.platform === 'win32')(
    'FIFOs, a link to /dev/zero and a pack over the limit are refused by name; main keeps answering',
    async () => {
      const temp = await tempDir();
      cleanups.push(temp.cleanup);
      const { services, offers } = await servicesIn(temp.dir);
      const fifos = ['a.exampack', 'b.exampack', 'c.examresult', 'd.examresult'].map((name) => join(temp.dir, name));
      for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
      const zero = join(temp.dir, 'zero.exampack');
      await symlink('/dev/zero', zero);
      // Sparse: 1 byte over the limit on disk costs nothing to make, and must cost nothing to refuse.
      const huge = join(temp.dir, 'enorme.exampack');
      await writeFile(huge, '');
      await truncate(huge, PACK_FILE_MAX_BYTES + 1);
      const before = process.memoryUsage().rss;
      for (const path of [...fifos, zero, huge]) services.offerFile(path);
      const got = await offers(6);
      const byName = Object.fromEntries(got.map((o) => [o.name, o.error]));
      expect(byName).toEqual({
        'a.exampack': { code: 'invalid-pack', params: { reason: 'not-a-file', detail: '' } },
        'b.exampack': { code: 'invalid-pack', params: { reason: 'not-a-file', detail: '' } },
        'c.examresult': 'unreadable',
        'd.examresult': 'unreadable',
        'zero.exampack': { code: 'invalid-pack', params: { reason: 'not-a-file', detail: '' } },
        'enorme.exampack': { code: 'invalid-pack', params: { reason: 'too-large', detail: '' } },
      });
      expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
      // No file-I/O thread is left blocked: a notebook save and a settings write still answer.
      await callValue(services, 'settings:set', { settings: { theme: 'dark' } });
      expect((await callValue(services, 'settings:get', {})).theme).toBe('dark');
      await callValue(services, 'notebook:set-plan', { plan: { examDate: null, examLabel: null, retention: 0.9 } });
    },
    60_000,
  );

  it('the pack imported is the pack the student confirmed, even if the file was swapped since', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const { services, offers } = await servicesIn(temp.dir);
    const path = join(temp.dir, 'pacote.exampack');
    const a = await packOf('Pacote A', 2, 1);
    await writeFile(path, a);
    services.offerFile(path);
    const [offer] = (await offers(1)) as PackOffer[];
    expect(offer).toMatchObject({ name: 'pacote.exampack', title: 'Pacote A', questions: 2, error: null });
    expect(offer?.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Swapped between the question and the answer.
    await writeFile(path, await packOf('Pacote B', 9, 100));
    const imported = await callValue(services, 'packs:import-pending', { token: offer?.token ?? '' });
    expect(imported.pack.title).toBe('Pacote A');
    expect(imported.added).toBe(2);
    // A token answers once.
    const again = await services.handlers['packs:import-pending']({ token: offer?.token ?? '' }).catch((e: Error) => e);
    expect(again).toBeInstanceOf(Error);
  }, 60_000);

  it('large packs opened together are read one at a time into staged copies: main holds none of them, and what waits stays within the bound', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const { services, offers } = await servicesIn(temp.dir);
    // Five names for one 150 MB pack (hard links, as the six links to one 500 MB pack).
    const original = join(temp.dir, 'grande.exampack');
    const bytes = await largePack('Grande', 150);
    await writeFile(original, bytes);
    const names = ['a', 'b', 'c', 'd', 'e'].map((n) => join(temp.dir, `grande-${n}.exampack`));
    for (const name of names) await link(original, name);
    const stop = rssPeak();
    for (const name of names) services.offerFile(name);
    // Five 150 MB copies staged and read: about 15 s on a quiet machine.
    const got = (await offers(5, 150_000)) as PackOffer[];
    const peak = stop();
    expect(got.map((o) => o.error)).toEqual([null, null, null, null, null]);
    expect(new Set(got.map((o) => o.sha256))).toEqual(new Set([createHash('sha256').update(bytes).digest('hex')]));
    // Read all at once, five 150 MB packs were 750 MB in main, twice over while each crossed to the worker.
    expect(peak).toBeLessThan(150 * 1024 * 1024);
    // 512 MiB of offers wait at most: the three newest (450 MB); the two oldest were forgotten.
    const answers = await Promise.all(
      got.map((o) => handle(services.handlers, 'packs:import-pending', { token: o.token ?? '' })),
    );
    expect(answers.map((a) => a.ok)).toEqual([false, false, true, true, true]);
    // Their staged copies are gone once imported or forgotten.
    expect(await readdir(join(temp.dir, 'offers'))).toEqual([]);
  }, 300_000);

  it('a confirmation clicked twice at once imports once; unanswered offers are forgotten oldest first', async () => {
    const temp = await tempDir();
    cleanups.push(temp.cleanup);
    const { services, offers } = await servicesIn(temp.dir);
    const paths: string[] = [];
    for (let n = 0; n < 10; n++) {
      const path = join(temp.dir, `pacote-${n}.exampack`);
      await writeFile(path, await packOf(`Pacote ${n}`, 1, 200 + n));
      paths.push(path);
    }
    // One at a time, as a student opens them: each offer is made before the next file is opened.
    for (const [index, path] of paths.entries()) {
      services.offerFile(path);
      await offers(index + 1);
    }
    const tokens = ((await offers(10)) as PackOffer[]).map((o) => o.token ?? '');
    // At most eight wait: the two oldest were forgotten, and say so.
    for (const token of tokens.slice(0, 2))
      expect(await handle(services.handlers, 'packs:import-pending', { token })).toMatchObject({
        ok: false,
        error: { code: 'not-found' },
      });
    const newest = tokens.at(-1) ?? '';
    const both = await Promise.all([
      handle(services.handlers, 'packs:import-pending', { token: newest }),
      handle(services.handlers, 'packs:import-pending', { token: newest }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toMatchObject([{ ok: false, error: { code: 'not-found' } }]);
    const list = await callValue(services, 'packs:list', {});
    expect(list.map((p) => p.title)).toEqual(['Pacote 9']);
  }, 60_000);
});
