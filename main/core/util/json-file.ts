// A validated JSON file on the durable writer. Reading never stops the app: a file
// that is empty, torn or fails validation is moved aside (`<name>.corrupt-<time>`),
// the last good copy (`.bak`) is used where one is kept, and the user is told
// through the notice sink. A read-only file never moves, writes or deletes anything.
import { readFile, rename } from 'node:fs/promises';
import type { z } from 'zod';
import type { StorageNoticeView } from '../../../preload/contract.js';
import { backupPath, writeDurably } from './durable-file.js';

/** What a set-aside file held, so the notice can say what it means for the user (one list, in the contract). */
export type FileKind = StorageNoticeView['kind'];

export interface StorageNotice {
  kind: FileKind;
  /** The file as found (full path; the workspace shows it relative to the data folder). */
  file: string;
  /** True when the last good copy took its place; false when its content is lost or re-fetchable. */
  restored: boolean;
}

export interface NoticeSink {
  report(notice: StorageNotice): void;
}

export interface JsonFileOptions {
  kind: FileKind;
  /** Keep one previous generation (`.bak`) and fall back to it. */
  backup?: boolean;
  /** A cache rebuilt from other files: a bad copy is simply ignored (and later overwritten), no notice. */
  derived?: boolean;
  /** Never write, move or delete (a second process looking at a data folder it does not own). */
  readOnly?: boolean;
  notices?: NoticeSink;
}

type Loaded<T> = { state: 'absent' } | { state: 'bad' } | { state: 'ok'; value: T; text: string };

export class ReadOnlyError extends Error {
  constructor(path: string) {
    super(`${path} is open read-only`);
    this.name = 'ReadOnlyError';
  }
}

export class JsonFile<T> {
  constructor(
    readonly path: string,
    private readonly schema: z.ZodType<T>,
    private readonly options: JsonFileOptions,
  ) {}

  private async load(path: string): Promise<Loaded<T>> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'absent' };
      throw error;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { state: 'bad' };
    }
    const parsed = this.schema.safeParse(raw);
    return parsed.success ? { state: 'ok', value: parsed.data, text } : { state: 'bad' };
  }

  /** The content; null when absent or unrecoverable (a notice then says what was set aside). */
  async read(): Promise<T | null> {
    return (await this.inspect()).value;
  }

  /** The content, and whether it was lost to damage (null then does not mean "never written"). */
  async inspect(): Promise<{ value: T | null; lost: boolean }> {
    const main = await this.load(this.path);
    if (main.state === 'ok') return { value: main.value, lost: false };
    if (this.options.derived) return { value: null, lost: false };
    const { backup, readOnly, notices, kind } = this.options;
    const bak = backup ? await this.load(backupPath(this.path)) : ({ state: 'absent' } as const);
    if (main.state === 'bad' && !readOnly) {
      await rename(this.path, `${this.path}.corrupt-${Date.now()}`);
    }
    if (bak.state === 'ok') {
      if (!readOnly) await writeDurably(this.path, bak.text);
      notices?.report({ kind, file: this.path, restored: true });
      return { value: bak.value, lost: false };
    }
    if (main.state === 'bad') notices?.report({ kind, file: this.path, restored: false });
    return { value: null, lost: main.state === 'bad' };
  }

  /** Durable once settled. A function is called when the write starts (coalesced writes serialise once). */
  write(data: T | (() => T)): Promise<void> {
    if (this.options.readOnly) return Promise.reject(new ReadOnlyError(this.path));
    const content = typeof data === 'function' ? () => JSON.stringify((data as () => T)()) : JSON.stringify(data);
    return writeDurably(this.path, content, { backup: Boolean(this.options.backup) });
  }
}

/** Collects what was set aside while opening a data folder, for the notice the user sees. */
export class StorageNotices implements NoticeSink {
  private readonly items: StorageNotice[] = [];
  /** Called after each new notice (the app pushes it to the screen: some files are read late). */
  onReport: (() => void) | null = null;

  report(notice: StorageNotice) {
    if (this.items.some((item) => item.file === notice.file)) return;
    this.items.push(notice);
    this.onReport?.();
  }

  list(): StorageNotice[] {
    return [...this.items];
  }

  clear() {
    this.items.length = 0;
  }
}
