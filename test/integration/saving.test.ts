// Saving what the app offers (files:save): every file of a batch lands, nothing already there is
// replaced unless the user chose that exact path, a closed dialog writes nothing, and no name the
// renderer sends can reach outside the folder the user chose.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderSaveTarget, saveFiles, type SaveRequest } from '../../main/app/saving.js';
import { handle } from '../../main/app/handle.js';
import { nodeServices } from '../support/node-services.js';
import { scratchDir } from '../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('saving files', () => {
  it('saves a whole batch in one folder, more than Chromium lets a page download at once', async () => {
    const folder = await scratchDir(cleanups);
    const files = Array.from({ length: 40 }, (_, n) => ({
      fileName: `aluno-${n + 1}.examresult`,
      data: new Uint8Array([n, n + 1]),
    }));
    const asked: SaveRequest[] = [];
    const target = folderSaveTarget(folder);
    const saved = await saveFiles(files, (request) => {
      asked.push(request);
      return target(request);
    });
    // One question for the batch, not one per file.
    expect(asked).toEqual([{ kind: 'folder', count: 40 }]);
    expect(saved.folder).toBe(folder);
    expect((await readdir(folder)).sort()).toEqual(files.map((f) => f.fileName).sort());
    expect([...(await readFile(join(folder, 'aluno-40.examresult')))]).toEqual([39, 40]);
  });

  it('keeps a file already there and one of the same name in the batch: the new ones are numbered', async () => {
    const folder = await scratchDir(cleanups);
    await writeFile(join(folder, 'Bia.examresult'), 'a prova da semana passada');
    const saved = await saveFiles(
      [
        { fileName: 'Bia.examresult', data: 'primeira' },
        { fileName: 'Bia.examresult', data: 'segunda' },
      ],
      folderSaveTarget(folder),
    );
    expect(saved.paths).toEqual([join(folder, 'Bia (2).examresult'), join(folder, 'Bia (3).examresult')]);
    expect(await readFile(join(folder, 'Bia.examresult'), 'utf8')).toBe('a prova da semana passada');
    expect(await readFile(join(folder, 'Bia (3).examresult'), 'utf8')).toBe('segunda');
  });

  it('two overlapping saves of the same names into one folder keep every file', async () => {
    const folder = await scratchDir(cleanups);
    const batch = (who: string) =>
      ['booklet-1.pdf', 'booklet-2.pdf', 'key.pdf'].map((fileName) => ({ fileName, data: `${who}:${fileName}` }));
    const [first, second] = await Promise.all([
      saveFiles(batch('first'), folderSaveTarget(folder)),
      saveFiles(batch('second'), folderSaveTarget(folder)),
    ]);
    expect(new Set([...first.paths, ...second.paths]).size).toBe(6);
    const contents = await Promise.all((await readdir(folder)).map((name) => readFile(join(folder, name), 'utf8')));
    expect(contents.sort()).toEqual([...batch('first'), ...batch('second')].map((f) => f.data).sort());
  });

  it('replaces a file only when the user chose that path in the save dialog', async () => {
    const folder = await scratchDir(cleanups);
    const chosen = join(folder, 'meu-pacote.exampack');
    await writeFile(chosen, 'old');
    const saved = await saveFiles([{ fileName: 'pack.exampack', data: 'new' }], () =>
      Promise.resolve({ path: chosen, overwrite: true }),
    );
    expect(saved).toEqual({ folder, paths: [chosen] });
    expect(await readFile(chosen, 'utf8')).toBe('new');
  });

  it('writes nothing when the dialog is closed', async () => {
    const folder = await scratchDir(cleanups);
    const saved = await saveFiles([{ fileName: 'a.pdf', data: 'x' }], () => Promise.resolve(null));
    expect(saved).toEqual({ folder: null, paths: [] });
    expect(await readdir(folder)).toEqual([]);
  });

  it('says which folder could not be written, with the OS reason', async () => {
    const folder = await scratchDir(cleanups);
    const notAFolder = join(folder, 'arquivo');
    await writeFile(notAFolder, 'x');
    await expect(
      saveFiles(
        [
          { fileName: 'a.pdf', data: 'x' },
          { fileName: 'b.pdf', data: 'y' },
        ],
        () => Promise.resolve({ path: notAFolder, overwrite: false }),
      ),
    ).rejects.toMatchObject({ code: 'save-failed', params: { folder: notAFolder, saved: 0 } });
  });

  it('refuses every name that would leave the folder, hide itself or name a device', async () => {
    const dataDir = await scratchDir(cleanups);
    const services = await nodeServices({ dataDir });
    cleanups.push(() => services.close());
    for (const fileName of [
      '../fora.pdf',
      'a/b.pdf',
      'a\\b.pdf',
      'C:x.pdf',
      '.oculto',
      'fim.',
      'CON',
      'nul.txt',
      'a\u0007b',
      '',
    ]) {
      const result = await handle(services.handlers, 'files:save', { files: [{ fileName, data: 'x' }] });
      expect(result, fileName).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    }
    const fine = await handle(services.handlers, 'files:save', {
      files: [{ fileName: 'Relatório da turma.csv', data: 'x' }],
    });
    expect(fine).toMatchObject({ ok: true, value: { paths: [join(dataDir, 'downloads', 'Relatório da turma.csv')] } });
    expect(await readdir(dataDir)).not.toContain('fora.pdf');
  });
});
