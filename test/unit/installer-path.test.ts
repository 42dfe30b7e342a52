// The installer's PATH edit, run: on Windows, with the makensis electron-builder ships installers
// with (8192-character strings; CI's Windows job runs this after building the installers), the
// include compiled into a real installer and uninstaller that edit a registry key of their own,
// around every boundary of NSIS's string length. Elsewhere it cannot run (no Windows to run an
// installer on) and says so; installer-script.test.ts compiles it there.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMakensis, installerScript, maxStrlen } from '../support/nsis.js';
import { tempDir } from '../support/temp.js';

const KEY = 'Software\\ExamPracticeTest\\Environment';
const makensis = process.platform === 'win32' ? findMakensis() : null;
const required = process.env.EXAM_PRACTICE_REQUIRE_MAKENSIS === '1';
const skipReason =
  process.platform !== 'win32' ? 'runs installers: Windows only' : 'no makensis (run after `npx electron-builder`)';

if (required && !makensis) throw new Error(`EXAM_PRACTICE_REQUIRE_MAKENSIS=1 but ${skipReason}`);

const reg = (args: string[]) => execFileSync('reg', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
function setPath(value: string | null) {
  try {
    reg(['delete', `HKCU\\${KEY}`, '/v', 'Path', '/f']);
  } catch {
    // absent already
  }
  if (value !== null) reg(['add', `HKCU\\${KEY}`, '/v', 'Path', '/t', 'REG_EXPAND_SZ', '/d', value, '/f']);
}
function readPath(): string | null {
  try {
    const out = reg(['query', `HKCU\\${KEY}`, '/v', 'Path']);
    const line = out.split(/\r?\n/).find((l) => /^\s+Path\s+REG_/.test(l)) ?? '';
    return line.replace(/^\s+Path\s+REG_\w+\s{4}/, '');
  } catch {
    return null;
  }
}

describe.skipIf(!makensis)(
  `the installer's PATH edit, run (${makensis ? 'Windows' : `skipped: ${skipReason}`})`,
  () => {
    let dir = '';
    let cleanup: () => Promise<void> = () => Promise.resolve();
    let max = 0;
    let installer = '';
    let withUninstaller = '';
    beforeAll(async () => {
      ({ dir, cleanup } = await tempDir());
      const compiler = makensis ?? '';
      max = maxStrlen(compiler);
      for (const pass of ['install', 'uninstall'] as const) {
        const source = join(dir, `${pass}.nsi`);
        writeFileSync(source, installerScript(pass, join(dir, `${pass}.exe`), { pathKey: KEY }));
        execFileSync(compiler, ['-WX', '-V2', source], { stdio: 'pipe' });
      }
      installer = join(dir, 'install.exe');
      withUninstaller = join(dir, 'uninstall.exe');
    }, 120_000);
    afterAll(async () => {
      try {
        reg(['delete', `HKCU\\${KEY.split('\\').slice(0, 2).join('\\')}`, '/f']);
      } catch {
        // nothing was written
      }
      await cleanup();
    });

    const folder = (name: string) => join(dir, name);
    const binOf = (installDir: string) => `${installDir}\\resources\\bin`;
    const install = (installDir: string) => execFileSync(installer, ['/S', `/D=${installDir}`]);
    /** Writes the uninstaller into the install folder (that pass edits nothing), then runs it in place. */
    const uninstall = (installDir: string) => {
      execFileSync(withUninstaller, ['/S', `/D=${installDir}`]);
      execFileSync(join(installDir, 'u.exe'), ['/S', `_?=${installDir}`]);
    };
    /** A PATH of exactly `length` characters: real-looking entries, then padding in the last one. */
    const pathOf = (length: number, prefix = 'C:\\Windows;C:\\Tools') =>
      `${prefix};C:\\${'p'.repeat(length - prefix.length - 4)}`;

    it('adds the folder once, as a whole element, after a PATH with or without a trailing ";"', () => {
      const app = folder('app');
      setPath('C:\\Windows;C:\\Tools');
      install(app);
      expect(readPath()).toBe(`C:\\Windows;C:\\Tools;${binOf(app)}`);
      install(app);
      expect(readPath()).toBe(`C:\\Windows;C:\\Tools;${binOf(app)}`);
      setPath('C:\\Windows;');
      install(app);
      expect(readPath()).toBe(`C:\\Windows;${binOf(app)}`);
      setPath(null);
      install(app);
      expect(readPath()).toBe(binOf(app));
    });

    it('never edits a PATH it could not hold whole with the folder: at the boundary, one under, one over', () => {
      const app = folder('app');
      const room = max - binOf(app).length - 2; // the longest PATH the edit may take is room - 1
      const fits = pathOf(room - 1);
      setPath(fits);
      install(app);
      expect(readPath()).toBe(`${fits};${binOf(app)}`);
      for (const length of [room, room + 1, max - 2, max - 1, max, max + 50]) {
        const long = pathOf(length);
        setPath(long);
        install(app);
        expect(readPath(), `a PATH of ${length} characters`).toBe(long);
      }
    });

    it('removes only the whole element, every copy of it, and never cuts a long PATH (before: 8,190–8,191 lost their end)', () => {
      const app = folder('app');
      const bin = binOf(app);
      setPath(`C:\\Windows;${bin};${bin}2;${bin};${bin}`);
      uninstall(app);
      expect(readPath()).toBe(`C:\\Windows;${bin}2`);
      setPath(bin);
      uninstall(app);
      expect(readPath()).toBeNull();
      // The longest PATH the uninstaller may edit (its length + 2 delimiters < NSIS_MAX_STRLEN)…
      const editable = pathOf(max - 3, `C:\\Windows;${bin}`);
      setPath(editable);
      uninstall(app);
      expect(readPath()).toBe(editable.replace(`;${bin};`, ';'));
      // …and the ones it may not: left exactly as they were.
      for (const length of [max - 2, max - 1, max + 10]) {
        const long = pathOf(length, `C:\\Windows;${bin}`);
        setPath(long);
        uninstall(app);
        expect(readPath(), `a PATH of ${length} characters`).toBe(long);
      }
    });

    it('leaves PATH alone when the install folder holds ";" (it would become two entries, one relative)', () => {
      setPath('C:\\Windows');
      install(folder('a;b'));
      expect(readPath()).toBe('C:\\Windows');
    });
  },
);
