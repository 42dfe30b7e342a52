// How a data folder is open: by its one writer, or read-only by a second process.
import type { NoticeSink } from './json-file.js';

export interface StorageContext {
  readOnly: boolean;
  notices: NoticeSink;
}

/** For code that writes and has no one to tell (tests, tools). */
export const WRITABLE_SILENT: StorageContext = { readOnly: false, notices: { report: () => undefined } };
