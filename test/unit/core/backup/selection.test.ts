// What a backup holds, file by file: the student's work, the pack chunks and the images they name;
// never key material, derived files, logs, the lock, leftovers or backups themselves.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  classify,
  keyMaterialStripped,
  listFiles,
  listWorkFiles,
  selectFiles,
} from '../../../../main/core/backup/selection.js';
import { scratchDir } from '../../../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const IMAGE_OF_ATTEMPT = 'a'.repeat(64);
const IMAGE_OF_PACK = 'b'.repeat(64);
const SYNCED_IMAGE = 'c'.repeat(64);

const FILES: Record<string, string> = {
  'settings.json': '{"language":"pt-BR","vault":{"enem":{"cipherText":"x"}}}',
  'packs.json': '{"packs":[]}',
  'notebook.json': '{}',
  'notebook-questions.json': '{}',
  'notes.json': '{}',
  'explanations.json': '{}',
  'attempts/1.json': '{}',
  'attempts/1.questions.json': `{"image":"${IMAGE_OF_ATTEMPT}"}`,
  'sealed/p.bin': 'x',
  'paper/P1.json': '{}',
  'paper/scans/s1.json': '{}',
  'catalog/exams.json': '{}',
  'catalog/chunks/00000001.json': `{"sources":["pack:p"],"image":"${IMAGE_OF_PACK}"}`,
  'catalog/chunks/00000002.json': `{"sources":["api:enem"],"image":"${SYNCED_IMAGE}"}`,
  'catalog/sync.json': '{}',
  [`images/${IMAGE_OF_ATTEMPT}`]: 'png',
  [`images/${IMAGE_OF_PACK}`]: 'png',
  [`images/${SYNCED_IMAGE}`]: 'png',
  'images/index.json': '{}',
  // Never:
  'vault.json': '{}',
  '.test-cipher-key': 'k',
  '.lock': '1',
  'logs/main.log': 'log',
  'catalog/index.json': '{}',
  'catalog/search.bin': 'x',
  'attempts/1.json.bak': '{}',
  'notes.json.corrupt-123': '{}',
  'attempts/.1.json.42.3.0123abcd.tmp': '{}',
  'backups/backup-2026-01-01T00-00-00-000Z-quit.zip': 'zip',
  'offers/x.exampack': 'zip',
  'downloads/prova.pdf': 'pdf',
};

describe('what a backup holds', () => {
  it('the work, the pack chunks and the images they name; with the catalog, every chunk and image', async () => {
    const dir = await scratchDir(cleanups);
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    const work = [
      'attempts/1.json',
      'attempts/1.questions.json',
      'catalog/chunks/00000001.json',
      'catalog/exams.json',
      'explanations.json',
      `images/${IMAGE_OF_ATTEMPT}`,
      `images/${IMAGE_OF_PACK}`,
      'images/index.json',
      'notebook-questions.json',
      'notebook.json',
      'notes.json',
      'packs.json',
      'paper/P1.json',
      'paper/scans/s1.json',
      'sealed/p.bin',
      'settings.json',
    ];
    expect(await selectFiles(dir, { catalog: false })).toEqual(work.sort());
    expect(await selectFiles(dir, { catalog: true })).toEqual(
      [...work, 'catalog/chunks/00000002.json', 'catalog/sync.json', `images/${SYNCED_IMAGE}`].sort(),
    );
  });

  it('the scheduler’s list of work files is every work file of the folder, read without walking the catalog or the images', async () => {
    const dir = await scratchDir(cleanups);
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    const everyWorkFile = (await listFiles(dir)).filter((path) => classify(path) === 'work').sort();
    expect(everyWorkFile.length).toBeGreaterThan(5);
    expect((await listWorkFiles(dir)).sort()).toEqual(everyWorkFile);
  });

  it('settings keep everything but the key records', () => {
    const stripped = JSON.parse(keyMaterialStripped(Buffer.from(FILES['settings.json'] ?? '')).toString()) as unknown;
    expect(stripped).toEqual({ language: 'pt-BR' });
  });
});
