// NSIS for the installer's tests: a minimal installer (or uninstaller) around assets/installer.nsh,
// as electron-builder includes it, and the makensis to compile it with.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const INCLUDE = resolve('assets/installer.nsh');

/** The script of one pass, with electron-builder's `isUpdated` stubbed ($R9 = "updated" says yes). */
export function installerScript(pass: 'install' | 'uninstall', out: string, options: { pathKey?: string } = {}) {
  return [
    'Unicode true',
    '!include "LogicLib.nsh"',
    '!macro _isUpdated _a _b _t _f',
    '  StrCmp "$R9" "updated" `${_t}` `${_f}`',
    '!macroend',
    '!define isUpdated `"" isUpdated ""`',
    ...(options.pathKey ? [`!define EXAM_PRACTICE_PATH_KEY "${options.pathKey}"`] : []),
    ...(pass === 'uninstall' ? ['!define BUILD_UNINSTALLER'] : []),
    `!include "${INCLUDE}"`,
    'Name "Exam Practice"',
    `OutFile "${out}"`,
    'RequestExecutionLevel user',
    'InstallDir "$LOCALAPPDATA\\Programs\\exam-practice"',
    ...(pass === 'uninstall'
      ? [
          'Section "main"',
          '  SetOutPath "$INSTDIR"',
          '  WriteUninstaller "$INSTDIR\\u.exe"',
          'SectionEnd',
          'Section "Uninstall"',
          '  !insertmacro customUnInstall',
          'SectionEnd',
        ]
      : ['Section "main"', '  !insertmacro customInstall', 'SectionEnd']),
  ].join('\n');
}

/** electron-builder's own makensis (downloaded by `npx electron-builder` into its cache), if there. */
function electronBuilderMakensis(): string | null {
  const base = process.env.LOCALAPPDATA ? join(process.env.LOCALAPPDATA, 'electron-builder', 'Cache', 'nsis') : null;
  if (!base || !existsSync(base)) return null;
  const search = (dir: string, depth: number): string | null => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name.toLowerCase() === 'makensis.exe') return path;
      if (depth > 0 && statSync(path).isDirectory()) {
        const found = search(path, depth - 1);
        if (found) return found;
      }
    }
    return null;
  };
  return search(base, 3);
}

/** The makensis to use: EXAM_PRACTICE_MAKENSIS, electron-builder's (Windows), else the system's. */
export function findMakensis(): string | null {
  const candidates = [process.env.EXAM_PRACTICE_MAKENSIS, electronBuilderMakensis(), 'makensis'];
  return (
    candidates.find(
      (candidate): candidate is string => Boolean(candidate) && spawnSync(candidate ?? '', ['-VERSION']).status === 0,
    ) ?? null
  );
}

/** The longest string that compiler's installers hold, plus one (its NSIS_MAX_STRLEN). */
export function maxStrlen(makensis: string): number {
  const info = spawnSync(makensis, ['-HDRINFO'], { encoding: 'utf8' });
  const found = /NSIS_MAX_STRLEN=(\d+)/.exec(`${info.stdout}${info.stderr}`);
  if (!found?.[1]) throw new Error(`${makensis} -HDRINFO names no NSIS_MAX_STRLEN`);
  return Number(found[1]);
}
