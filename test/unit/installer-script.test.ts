// The Windows installer's include (assets/installer.nsh: the CLI's folder on PATH) compiled by
// NSIS's own makensis, warnings as errors as electron-builder runs it, in both of its passes: the
// installer, and the uninstaller (BUILD_UNINSTALLER). It cannot run here (no Windows); a script
// that does not compile would fail the release build on the Windows runner instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { scratchDir } from '../support/temp.js';

const INCLUDE = resolve('assets/installer.nsh');
const makensis = spawnSync('makensis', ['-VERSION']).status === 0;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A minimal installer around the include, with electron-builder's `isUpdated` test stubbed. */
function script(pass: 'install' | 'uninstall', out: string): string {
  return [
    'Unicode true',
    '!include "LogicLib.nsh"',
    '!macro _isUpdated _a _b _t _f',
    '  StrCmp "$R9" "updated" `${_t}` `${_f}`',
    '!macroend',
    '!define isUpdated `"" isUpdated ""`',
    ...(pass === 'uninstall' ? ['!define BUILD_UNINSTALLER'] : []),
    `!include "${INCLUDE}"`,
    'Name "Exam Practice"',
    `OutFile "${out}"`,
    'RequestExecutionLevel user',
    'InstallDir "$LOCALAPPDATA\\Programs\\exam-practice"',
    ...(pass === 'uninstall'
      ? [
          'Section "main"',
          '  WriteUninstaller "$INSTDIR\\u.exe"',
          'SectionEnd',
          'Section "Uninstall"',
          '  !insertmacro customUnInstall',
          'SectionEnd',
        ]
      : ['Section "main"', '  !insertmacro customInstall', 'SectionEnd']),
  ].join('\n');
}

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

  for (const pass of ['install', 'uninstall'] as const) {
    it.skipIf(!makensis)(
      `compiles with warnings as errors in the ${pass}er pass (skipped: no makensis, apt nsis)`,
      async () => {
        const dir = await scratchDir(cleanups);
        const source = join(dir, `${pass}.nsi`);
        writeFileSync(source, script(pass, join(dir, `${pass}.exe`)));
        expect(() => execFileSync('makensis', ['-WX', '-V2', source], { stdio: 'pipe' })).not.toThrow();
      },
    );
  }
});
