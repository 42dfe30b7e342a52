// Files handed over by the OS (file association, command line, a second instance's argv, macOS
// open-file) arrive before the window can show them: they wait here, then main checks each before
// the student is asked anything (services.offerFile).
import path from 'node:path';
import { RESULT_EXTENSION } from '../core/class/result-file.js';
import { PACK_EXTENSION } from '../core/packs/format.js';

/** What the app opens: practice packs (to import) and students' result files (for the class report). */
export const OPENED_EXTENSIONS = [PACK_EXTENSION, RESULT_EXTENSION] as const;

/**
 * The files to open among command-line arguments, as absolute paths: the first argument (the
 * binary) and flags never are; after `--cli` everything is the CLI's. A relative path is the
 * launch's own: resolved against the folder that launch was started in (`cwd`; for a second
 * launch, Electron's `workingDirectory`, never this instance's folder).
 */
export function openedPathsFrom(
  argv: readonly string[],
  cwd: string,
  paths: typeof path.posix | typeof path.win32 = path,
): string[] {
  const cli = argv.indexOf('--cli');
  const args = argv.slice(1, cli < 0 ? undefined : cli);
  return args
    .filter((arg) => !arg.startsWith('-') && OPENED_EXTENSIONS.some((ext) => arg.toLowerCase().endsWith(ext)))
    .map((arg) => paths.resolve(cwd, arg));
}

export function fileOpener() {
  const queue: string[] = [];
  let deliver: ((path: string) => void) | null = null;
  return {
    open(path: string) {
      if (deliver) deliver(path);
      else queue.push(path);
    },
    ready(handler: (path: string) => void) {
      deliver = handler;
      queue.splice(0).forEach(handler);
    },
  };
}
