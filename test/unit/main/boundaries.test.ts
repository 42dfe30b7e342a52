import { join, posix, win32 } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { fileOpener, openedPathsFrom } from '../../../main/app/opened-files.js';
import { DEFAULT_SETTINGS, fileSettingsStore, sanitizeSettings } from '../../../main/app/settings.js';
import { handle, loggableArgs, toBridgeError } from '../../../main/app/handle.js';
import type { Handlers } from '../../../main/app/types.js';
import { ApiError } from '../../../main/core/api/errors.js';
import { PackError } from '../../../main/core/packs/format.js';
import { tempDir } from '../../support/temp.js';

let cleanup: () => Promise<void> = () => Promise.resolve();
afterEach(() => cleanup());

describe('files handed over by the OS', () => {
  it('takes .exampack and .examresult paths from the command line, not flags or other files', () => {
    expect(
      openedPathsFrom(
        [
          '/opt/app/exam-practice',
          '--inspect=0',
          '/home/ana/Aula 3.exampack',
          'notes.txt',
          '/media/pen/REVISAO.EXAMPACK',
          '/home/ana/turma/bia.examresult',
        ],
        '/home/ana',
        posix,
      ),
    ).toEqual(['/home/ana/Aula 3.exampack', '/media/pen/REVISAO.EXAMPACK', '/home/ana/turma/bia.examresult']);
  });

  it('a second instance’s argv as Windows and Linux pass it: the files only; a CLI run opens nothing', () => {
    expect(
      openedPathsFrom(
        [
          'C:\\Users\\ana\\AppData\\Local\\Programs\\exam-practice\\Exam Practice.exe',
          '--allow-file-access-from-files',
          '--original-process-start-time=13370000000000000',
          'C:\\Users\\ana\\Downloads\\bia.examresult',
          'D:\\pacotes\\REVISAO.EXAMPACK',
        ],
        'C:\\Users\\ana',
        win32,
      ),
    ).toEqual(['C:\\Users\\ana\\Downloads\\bia.examresult', 'D:\\pacotes\\REVISAO.EXAMPACK']);
    expect(
      openedPathsFrom(['/usr/bin/exam-practice', '--cli', 'pack', 'inspect', 'aula.exampack'], '/', posix),
    ).toEqual([]);
    expect(openedPathsFrom(['/usr/bin/exam-practice'], '/', posix)).toEqual([]);
  });

  it('resolves a relative path against the folder of the launch that named it, not this instance’s', () => {
    // `exam-practice turma/bia.examresult` typed in /home/prof while the app was started from /.
    expect(openedPathsFrom(['/usr/bin/exam-practice', 'turma/bia.examresult'], '/home/prof', posix)).toEqual([
      '/home/prof/turma/bia.examresult',
    ]);
    expect(openedPathsFrom(['Exam Practice.exe', '..\\aula.exampack'], 'D:\\turma\\3A', win32)).toEqual([
      'D:\\turma\\aula.exampack',
    ]);
  });

  it('holds files opened before the window is ready, then hands each over once', () => {
    const opener = fileOpener();
    opener.open('a.exampack');
    opener.open('b.exampack');
    const seen: string[] = [];
    opener.ready((path) => seen.push(path));
    opener.open('c.exampack');
    expect(seen).toEqual(['a.exampack', 'b.exampack', 'c.exampack']);
  });
});

describe('settings from disk', () => {
  it('keeps valid fields and falls back to defaults for anything else', () => {
    expect(sanitizeSettings({ language: 'en', theme: 'neon', fontScale: 'huge', extraTime: true })).toEqual({
      ...DEFAULT_SETTINGS,
      language: 'en',
      extraTime: true,
    });
    expect(sanitizeSettings('garbage')).toEqual(DEFAULT_SETTINGS);
    expect(sanitizeSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('survives a corrupt settings file and writes a valid one on the next change', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const path = join(temp.dir, 'settings.json');
    await writeFile(path, '{ not json');
    const store = fileSettingsStore(path);
    expect(await store.get()).toEqual(DEFAULT_SETTINGS);
    expect(await store.set({ theme: 'dark' })).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
  });

  it('two overlapping changes both land (a checkbox, then a select, before the first is saved)', async () => {
    const temp = await tempDir();
    cleanup = temp.cleanup;
    const store = fileSettingsStore(join(temp.dir, 'settings.json'));
    await Promise.all([
      store.set({ updates: false }),
      store.set({ updateChannel: 'beta' }),
      store.set({ theme: 'dark' }),
    ]);
    expect(await store.get()).toMatchObject({ updates: false, updateChannel: 'beta', theme: 'dark' });
  });
});

describe('the bridge entry point', () => {
  const handlers = {
    'catalog:question': ({ id }: { id: string }) => {
      if (id === 'boom') throw new Error(`stack trace with /home/ana secrets`);
      if (id === 'api') throw new ApiError('forbidden', '403 Forbidden');
      return Promise.resolve({ id });
    },
  } as unknown as Handlers;

  it('refuses arguments that fail the channel’s schema, and unknown channels', async () => {
    expect(await handle(handlers, 'catalog:question', { id: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    expect(await handle(handlers, 'catalog:question', { id: 'x', extra: true })).toMatchObject({ ok: false });
    expect(await handle(handlers, 'nope' as never, {})).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
  });

  it('turns failures into codes: never a stack trace or message crosses', async () => {
    const internal = await handle(handlers, 'catalog:question', { id: 'boom' });
    expect(internal).toEqual({ ok: false, error: { code: 'internal' } });
    expect(await handle(handlers, 'catalog:question', { id: 'api' })).toEqual({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(toBridgeError(new PackError('zip-bomb', 'questions.json'))).toEqual({
      code: 'invalid-pack',
      params: { reason: 'zip-bomb', detail: 'questions.json' },
    });
  });

  it('never logs the key a student typed', () => {
    expect(loggableArgs('keys:connect', { baseUrl: 'https://x', apiKey: 'enem_live_secret' })).toEqual({
      baseUrl: 'https://x',
      apiKey: '[redacted]',
    });
    expect(loggableArgs('catalog:question', { id: 'q' })).toEqual({ id: 'q' });
  });

  it('logs a saved file by name and size, not its bytes', () => {
    const pdf = new Uint8Array(3 * 1024 * 1024);
    expect(
      loggableArgs('files:save', {
        files: [
          { fileName: 'P1-key.pdf', data: pdf },
          { fileName: 'turma.csv', data: 'nome;nota' },
        ],
      }),
    ).toEqual({
      files: [
        { fileName: 'P1-key.pdf', bytes: 3 * 1024 * 1024 },
        { fileName: 'turma.csv', bytes: 9 },
      ],
    });
  });
});
