// Pack files handed over by the OS (file association, command line, macOS
// open-file) arrive before the window can ask the student: they wait here.
import { PACK_EXTENSION } from '../core/packs/format.js';

/** The .exampack paths among command-line arguments. */
export function packPathsFrom(argv: readonly string[]): string[] {
  return argv.slice(1).filter((arg) => !arg.startsWith('-') && arg.toLowerCase().endsWith(PACK_EXTENSION));
}

export function packOpener() {
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
