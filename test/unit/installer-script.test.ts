// The Windows installer's include (assets/installer.nsh: the CLI's folder on PATH) compiled by
// NSIS's own makensis, warnings as errors as electron-builder runs it, in both of its passes: the
// installer, and the uninstaller (BUILD_UNINSTALLER). It cannot run here (no Windows); a script
// that does not compile would fail the release build on the Windows runner instead.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findMakensis, INCLUDE, installerScript, maxStrlen } from '../support/nsis.js';
import { scratchDir } from '../support/temp.js';

const makensis = findMakensis();

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the Windows installer puts the CLI on PATH', () => {
  it('is wired into the NSIS build and names the folder the launcher is shipped to', () => {
    const config = parse(readFileSync('electron-builder.yml', 'utf8')) as {
      nsis?: { include?: string };
      win?: { extraResources?: { to: string }[] };
    };
    expect(config.nsis?.include).toBe('assets/installer.nsh');
    const launcher = config.win?.extraResources?.[0]?.to ?? '';
    const folder = launcher.split('/').slice(0, -1).join('\\');
    expect(readFileSync(INCLUDE, 'utf8')).toContain(`!define CLI_DIR "$INSTDIR\\resources\\${folder}"`);
  });

  it('bounds every PATH edit by the compiler’s own string length, never by a number of its own', () => {
    const include = readFileSync(INCLUDE, 'utf8');
    const code = include
      .split('\n')
      .filter((line) => !line.trim().startsWith(';'))
      .join('\n');
    expect(code.match(/\$\{NSIS_MAX_STRLEN\}/g)?.length).toBe(2); // the install's and the uninstall's guard
    expect(code).not.toMatch(/[<>]=?\s*\d{3,}/); // before: a fixed "< 8000"
  });

  for (const pass of ['install', 'uninstall'] as const) {
    it.skipIf(!makensis)(
      `compiles with warnings as errors in the ${pass}er pass (skipped: no makensis, apt nsis)`,
      async () => {
        const dir = await scratchDir(cleanups);
        const source = join(dir, `${pass}.nsi`);
        writeFileSync(source, installerScript(pass, join(dir, `${pass}.exe`)));
        expect(() => execFileSync(makensis ?? '', ['-WX', '-V2', source], { stdio: 'pipe' })).not.toThrow();
        // And with the key the Windows test points it at.
        writeFileSync(source, installerScript(pass, join(dir, `${pass}.exe`), { pathKey: 'Software\\T\\Environment' }));
        expect(() => execFileSync(makensis ?? '', ['-WX', '-V2', source], { stdio: 'pipe' })).not.toThrow();
        expect(maxStrlen(makensis ?? '')).toBeGreaterThanOrEqual(1024);
      },
    );
  }
});
