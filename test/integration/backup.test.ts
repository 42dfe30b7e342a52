// Backups, exports and restores (docs/backup.md) through the real services: a profile's history,
// notebook (cards and reviews), notes and packs go out in one file and come back in an empty
// folder; hostile files are refused by name with the folder byte-for-byte unchanged.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExamState } from '../../preload/contract.js';
import yauzl from 'yauzl';
import { exportData } from '../../main/core/backup/export.js';
import {
  BACKUP_FORMAT_VERSION,
  BackupError,
  RESTORE_LIMITS,
  type BackupManifest,
} from '../../main/core/backup/format.js';
import { restoreData } from '../../main/core/backup/restore.js';
import { listBackups } from '../../main/core/backup/backup-folder.js';
import { callValue as value } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { rawZip, type RawEntry } from '../support/raw-zip.js';
import { scratchDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Every file under `dir` (and its staging siblings' names) with its sha256: "unchanged" means equal. */
async function fingerprint(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (rel: string) => {
    for (const entry of await readdir(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path);
      else
        out[path] = createHash('sha256')
          .update(await readFile(join(dir, path)))
          .digest('hex');
    }
  };
  await walk('');
  for (const name of await readdir(dirname(dir)))
    if (name.startsWith(`.${basename(dir)}.`)) out[`../${name}`] = 'sibling';
  return out;
}

async function zipNames(file: string): Promise<string[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: false }, (error, z) =>
      error || !z ? reject(error ?? new Error('zip')) : resolve(z),
    ),
  );
  const names: string[] = [];
  await new Promise<void>((resolve) => {
    zip.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName));
    zip.on('end', () => resolve());
  });
  zip.close();
  return names;
}

/** A student's profile: the demo pack, a mock exam with misses, a review session rated, a note. */
async function profile() {
  const dir = join(await scratchDir(cleanups), 'data');
  await mkdir(dir);
  const services = await nodeServices({ dataDir: dir });
  await value(services, 'packs:import-demo', {});
  const exam = await value(services, 'exam:start', {
    request: { count: 10 },
    settings: { title: 'Simulado', mode: 'timed', timeLimitMinutes: 60, strict: true, seed: 3 },
  });
  await answerAll(services, exam, 0);
  // Today's review of the misses, answered: the notebook's cards get their first reviews.
  await answerAll(services, await value(services, 'notebook:start-review', {}), 1);
  const noted = { attemptId: exam.attemptId, index: 0 };
  await value(services, 'notes:set', { ref: noted, text: 'Revisar a regra de três' });
  // A key in the vault: its encrypted record must never travel in a backup.
  await writeFile(
    join(dir, 'settings.json'),
    JSON.stringify({ language: 'pt-BR', vault: { enem: { cipherText: 'SECRET' } } }),
  );
  const seen = await view(services, noted);
  await services.close();
  return { dir, noted, seen };
}

type Services = Awaited<ReturnType<typeof nodeServices>>;

/** Every question answered with the same alternative, then submitted. */
async function answerAll(services: Services, state: ExamState, choice: number) {
  for (const q of state.questions)
    await value(services, 'exam:answer', { attemptId: state.attemptId, index: q.index, choice });
  await value(services, 'exam:submit', { attemptId: state.attemptId });
}

/** What the student sees of their work, through the bridge. */
async function view(services: Services, noted: { attemptId: string; index: number }) {
  const history = await value(services, 'exam:history', {});
  const cards = await value(services, 'notebook:list', { filter: {} });
  return {
    history: history.map((h) => ({ id: h.attemptId, score: h.correct, total: h.total })),
    cards: cards
      .map((c) => ({ id: c.id, reviews: c.reviews, status: c.status }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    note: (await value(services, 'notes:get', { ref: noted })).text,
    packs: (await value(services, 'packs:list', {})).map((p) => ({ id: p.id, questions: p.questionCount })),
  };
}

async function refusedBy(code: string, run: () => Promise<unknown>) {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(BackupError);
  expect((error as BackupError).code).toBe(code);
}

describe('backups', () => {
  it('export → restore into an empty folder gives back the history, notebook, notes and packs', async () => {
    const { dir, noted, seen } = await profile();
    expect(seen.history.length).toBe(2);
    expect(seen.cards.some((c) => c.reviews > 0)).toBe(true);
    expect(seen.packs.length).toBe(1);
    // The services took a backup as they closed (services.ts › backups.ts), of the work as it was.
    const quit = (await listBackups(dir)).filter((b) => b.reason === 'quit');
    expect(quit.length).toBe(1);
    const out = join(await scratchDir(cleanups), 'aluno.zip');
    const { manifest } = await exportData(dir, out);
    expect(manifest.counts.attempts).toBe(2);
    expect(manifest.counts.notebookCards).toBe(seen.cards.length);
    expect(manifest.counts.reviews).toBeGreaterThan(0);
    expect(manifest.counts.notes).toBe(1);
    expect(manifest.counts.packs).toBe(1);
    const names = await zipNames(out);
    expect(names[0]).toBe('manifest.json');
    // Never key material, derived files, logs or the lock.
    for (const name of names)
      expect(name).not.toMatch(/^(vault\.json|logs\/|\.lock|catalog\/index\.json|catalog\/search\.bin)/);
    const inside = await readFile(out);
    expect(inside.includes(Buffer.from('SECRET'))).toBe(false);

    const target = join(await scratchDir(cleanups), 'new-machine');
    await restoreData(target, out, { mode: 'replace' });
    const services = await nodeServices({ dataDir: target });
    cleanups.push(() => services.close());
    expect(await view(services, noted)).toEqual(seen);
    // The restored pack is usable: an exam over it starts.
    const again = await value(services, 'exam:start', {
      request: { count: 5 },
      settings: { title: 'De novo', mode: 'practice', timeLimitMinutes: null, strict: false, seed: 9 },
    });
    expect(again.questions.length).toBe(5);
  });

  it('hostile files are refused by name and leave the folder byte-for-byte unchanged', async () => {
    const { dir } = await profile();
    const before = await fingerprint(dir);
    const spare = await scratchDir(cleanups);
    const notes = Buffer.from(JSON.stringify({ notes: {} }));
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const manifestOf = (
      entries: { path: string; data: Buffer }[],
      change: Partial<BackupManifest> = {},
    ): BackupManifest => ({
      format: 'exam-practice-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: '0.1.0',
      createdAt: new Date().toISOString(),
      reason: 'export',
      withCatalog: false,
      counts: { attempts: 0, notebookCards: 0, reviews: 0, notes: 0, packs: 0, paperExams: 0 },
      entries: entries.map((e) => ({ path: e.path, size: e.data.length, sha256: sha(e.data) })),
      ...change,
    });
    const file = async (name: string, manifest: BackupManifest, entries: RawEntry[]) => {
      const path = join(spare, name);
      await writeFile(
        path,
        rawZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) }, ...entries]),
      );
      return path;
    };
    const zeros = Buffer.alloc(5 * 1024 * 1024);
    const cases: [string, string, Parameters<typeof restoreData>[2]?][] = [
      // An honest manifest over 5 MB of zeros, with a 1 MiB bound: the inflated total is refused.
      [
        'zip-bomb',
        await file('bomb.zip', manifestOf([{ path: 'notes.json', data: zeros }]), [
          { name: 'notes.json', data: zeros, deflate: true },
        ]),
        { mode: 'replace', limits: { ...RESTORE_LIMITS, totalBytes: 1024 * 1024 } },
      ],
      // A manifest declaring 20 GiB: refused before anything inflates.
      [
        'zip-bomb',
        await file(
          'declared.zip',
          { ...manifestOf([]), entries: [{ path: 'notes.json', size: 20 * 1024 ** 3, sha256: sha(notes) }] },
          [{ name: 'notes.json', data: notes }],
        ),
      ],
      [
        'unsafe-path',
        await file('dotdot.zip', manifestOf([{ path: 'notes.json', data: notes }]), [
          { name: 'notes.json', data: notes },
          { name: '../evil.json', data: notes },
        ]),
      ],
      [
        'unsafe-path',
        await file('dotdot-manifest.zip', manifestOf([{ path: 'attempts/../../evil.json', data: notes }]), []),
      ],
      ['unsafe-path', await file('absolute.zip', manifestOf([{ path: '/etc/evil.json', data: notes }]), [])],
      ['unsafe-path', await file('backslash.zip', manifestOf([{ path: 'attempts\\evil.json', data: notes }]), [])],
      // A path no backup holds (the lock, the key file) is never written into the folder.
      [
        'unsafe-path',
        await file('vault.zip', manifestOf([{ path: 'vault.json', data: notes }]), [
          { name: 'vault.json', data: notes },
        ]),
      ],
      [
        'symlink',
        await file('link.zip', manifestOf([{ path: 'notes.json', data: notes }]), [
          { name: 'notes.json', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
        ]),
      ],
      [
        'hash-mismatch',
        await file('lie.zip', manifestOf([{ path: 'notes.json', data: notes }]), [
          {
            name: 'notes.json',
            data: Buffer.from(
              JSON.stringify({ notes: { x: 1 } })
                .slice(0, notes.length)
                .padEnd(notes.length),
            ),
          },
        ]),
      ],
      [
        'size-mismatch',
        await file('size.zip', manifestOf([{ path: 'notes.json', data: notes }]), [
          { name: 'notes.json', data: Buffer.concat([notes, notes]), deflate: true, declaredSize: notes.length },
        ]),
      ],
      [
        'missing-entry',
        await file(
          'missing.zip',
          manifestOf([
            { path: 'notes.json', data: notes },
            { path: 'notebook.json', data: notes },
          ]),
          [{ name: 'notes.json', data: notes }],
        ),
      ],
      [
        'extra-entry',
        await file('extra.zip', manifestOf([{ path: 'notes.json', data: notes }]), [
          { name: 'notes.json', data: notes },
          { name: 'packs.json', data: notes },
        ]),
      ],
      ['newer-version', await file('newer.zip', manifestOf([], { formatVersion: BACKUP_FORMAT_VERSION + 1 }), [])],
      [
        'manifest-missing',
        await (async () => {
          const p = join(spare, 'nomanifest.zip');
          await writeFile(p, rawZip([{ name: 'notes.json', data: notes }]));
          return p;
        })(),
      ],
      [
        'not-a-zip',
        await (async () => {
          const p = join(spare, 'text.zip');
          await writeFile(p, 'not a zip at all');
          return p;
        })(),
      ],
    ];
    for (const [code, path, options] of cases) {
      await refusedBy(code, () => restoreData(dir, path, options ?? { mode: 'replace' }));
      expect(await fingerprint(dir), `${code}: ${basename(path)}`).toEqual(before);
    }
  });

  it('the API key travels only under a passphrase; a wrong one is refused with nothing changed', async () => {
    const { dir } = await profile();
    const out = join(await scratchDir(cleanups), 'with-key.zip');
    const keys = [{ product: 'enem' as const, key: 'sk-live-123456', baseUrl: 'https://api.example.com' }];
    await exportData(dir, out, { passphrase: 'correct horse battery', keys });
    expect((await readFile(out)).includes(Buffer.from('sk-live-123456'))).toBe(false);
    // Without a passphrase the key never goes in.
    const plain = join(dirname(out), 'plain.zip');
    await exportData(dir, plain, { keys });
    expect(await zipNames(plain)).not.toContain('secrets.enc.json');

    const target = join(await scratchDir(cleanups), 'other');
    await restoreData(target, plain, { mode: 'replace' });
    const before = await fingerprint(target);
    await refusedBy('wrong-passphrase', () =>
      restoreData(target, out, { mode: 'replace', passphrase: 'wrong horse battery' }),
    );
    expect(await fingerprint(target)).toEqual(before);
    const restored = await restoreData(target, out, { mode: 'replace', passphrase: 'correct horse battery' });
    expect(restored.keys).toEqual(keys);
    // What was there went to an automatic backup first.
    expect((await listBackups(target)).some((b) => b.reason === 'before-restore')).toBe(true);
  });

  it('a restore is refused while an exam runs', async () => {
    const { dir } = await profile();
    const out = join(await scratchDir(cleanups), 'b.zip');
    await exportData(dir, out);
    const before = await fingerprint(dir);
    await refusedBy('exam-running', () => restoreData(dir, out, { mode: 'replace', examRunning: () => true }));
    expect(await fingerprint(dir)).toEqual(before);
  });
});
