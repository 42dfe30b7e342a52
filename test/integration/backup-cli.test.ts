// cli backup create/list and cli data export/restore, run as shipped (the bundle): exit codes,
// JSON lines, the folder's lock, the passphrase from the environment only.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-node.js';
import { scratchDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const lastJson = (stdout: string): unknown => JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');

async function folderWithPack() {
  const dir = join(await scratchDir(cleanups), 'data');
  await mkdir(dir);
  const imported = await runCli(['pack', 'import', 'assets/demo.exampack', '--data-dir', dir, '--json']);
  expect(imported.code, imported.stderr).toBe(0);
  await writeFile(join(dir, 'notes.json'), JSON.stringify({ notes: { q: { text: 'anotação', updatedAt: 1 } } }));
  return dir;
}

describe('cli backup and data', () => {
  it('backup create / list, honouring the lock', async () => {
    const dir = await folderWithPack();
    const created = await runCli(['backup', 'create', '--data-dir', dir, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const made = lastJson(created.stdout) as { path: string; counts: { packs: number; notes: number } };
    expect(made.counts).toMatchObject({ packs: 1, notes: 1 });
    const listed = await runCli(['backup', 'list', '--data-dir', dir, '--json']);
    expect((lastJson(listed.stdout) as { backups: { path: string; reason: string }[] }).backups).toEqual([
      expect.objectContaining({ path: made.path, reason: 'manual' }),
    ]);
    // Another live process holds the folder: refused, nothing taken.
    await writeFile(join(dir, '.lock'), String(process.pid));
    const locked = await runCli(['backup', 'create', '--data-dir', dir]);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toMatch(/in use/);
  });

  it('data export with a sealed key, restore with --replace; a refused file exits 8 by name', async () => {
    const dir = await folderWithPack();
    const out = join(await scratchDir(cleanups), 'mudanca.zip');
    const env = { EXAM_EXPORT_PASSPHRASE: 'uma frase longa', EXAM_API_KEY: 'sk-cli-987654' };
    const exported = await runCli(
      [
        'data',
        'export',
        '--data-dir',
        dir,
        '--out',
        out,
        '--key-product',
        'enem',
        '--base-url',
        'https://api.example.com',
        '--json',
      ],
      env,
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(lastJson(exported.stdout)).toMatchObject({ keys: 1, withCatalog: false });
    expect((await readFile(out)).includes(Buffer.from('sk-cli-987654'))).toBe(false);

    const target = join(await scratchDir(cleanups), 'novo');
    const noMode = await runCli(['data', 'restore', out, '--data-dir', target]);
    expect(noMode.code).toBe(2);
    const restored = await runCli(['data', 'restore', out, '--data-dir', target, '--replace', '--json'], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(lastJson(restored.stdout)).toMatchObject({ counts: { packs: 1, notes: 1 }, keysOpened: ['enem'] });
    expect(JSON.parse(await readFile(join(target, 'notes.json'), 'utf8'))).toEqual({
      notes: { q: { text: 'anotação', updatedAt: 1 } },
    });

    const wrong = await runCli(['data', 'restore', out, '--data-dir', target, '--replace'], {
      EXAM_EXPORT_PASSPHRASE: 'outra frase longa',
    });
    expect(wrong.code).toBe(8);
    expect(wrong.stderr).toMatch(/wrong-passphrase/);
    const junk = join(target, '..', 'junk.zip');
    await writeFile(junk, 'PK but not really');
    const refused = await runCli(['data', 'restore', junk, '--data-dir', target, '--replace']);
    expect(refused.code).toBe(8);
    expect(refused.stderr).toMatch(/not-a-zip.*nothing was changed/);
  });
});
