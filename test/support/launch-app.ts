// launchApp(): one entry point for every UI e2e spec. Target 'harness' runs the
// real services in Node and the renderer in Chromium; target 'electron' runs the
// real app through Playwright's _electron. Each launch gets its own profile dir.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from '@playwright/test';
import { packagedFiles, startHarness, ROOT, type Harness, type IpcEntry } from './harness.js';
import { packagedApp } from '../../scripts/package-app.mjs';
import type { Args, EventName, Events, Result, SavedFiles } from '../../preload/contract.js';
import type { SideEffect } from '../../main/test-mode.js';
import type { StorageSecurity } from '../../main/core/vault/vault.js';
import { electronBinaryPath } from '../../scripts/electron-binary.mjs';

/**
 * 'harness': the source tree's build over the harness; 'packaged': the harness over the files
 * electron-builder packaged (scripts/package-app.mjs); 'electron': the real app.
 */
export type Target = 'harness' | 'packaged' | 'electron';

export interface SavedFile {
  /** The name the app suggested (what a student sees in the save dialog). */
  name: string;
  path: string;
  bytes: Buffer;
}

export interface LaunchOptions {
  target?: Target;
  /** Reuse a profile (restart); a fresh temporary one otherwise. */
  dataDir?: string;
  storageSecurity?: StorageSecurity;
  rateWindowMs?: number;
  /** Exam clock speed (both targets: EXAM_PRACTICE_CLOCK_SPEED in Electron). */
  clockSpeed?: number;
  /**
   * Files on the first launch's command line, as the OS passes a double-clicked file to an app that
   * was not running (both targets): the app opens them as soon as its window has loaded.
   */
  files?: string[];
}

export interface AppHandle {
  target: Target;
  page: Page;
  dataDir: string;
  /** Every bridge call with its result, and every event, in order (a copy). */
  ipcLog(): IpcEntry[];
  /** A point in the IPC log; `since(mark)` returns what crossed after it. */
  mark(): number;
  since(mark: number): IpcEntry[];
  /** Settles with the first event of this name (after `mark`, if given) that matches. */
  waitForEvent<E extends EventName>(
    event: E,
    options?: { after?: number; match?: (payload: Events[E]) => boolean; timeoutMs?: number },
  ): Promise<Events[E]>;
  /** URLs the app asked the OS browser to open (both targets). */
  externalOpened(): string[];
  /**
   * Every file the app saved (result files, PDFs, built packs, CSVs, Moodle XML), in order, with
   * the name it suggested and its bytes, on both targets: without a dialog, `files:save` writes
   * into `<profile>/downloads/` and answers once every file is on disk. Poll it (`expect.poll`)
   * to wait for one.
   */
  savedFiles(): Promise<SavedFile[]>;
  electronApp: ElectronApplication | null;
  harness: Harness | null;
  /**
   * Help → "Salvar registros…" as a support person receives it (both targets: in Electron the menu
   * item is clicked and the file read from `<profile>/downloads/`).
   */
  diagnostics(): Promise<string>;
  /** Closes the app, keeping its profile, and opens it again (take `app.page` again after it). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Options only the harness can honour: asking Electron for them is an error, not a silent no-op. */
const HARNESS_ONLY = ['storageSecurity'] as const;

/**
 * The environment the Electron app is launched with: this process's, without what would change how
 * Electron starts (ELECTRON_RUN_AS_NODE) or leak another run's settings (any EXAM_PRACTICE_*), plus
 * the profile, the IPC log and every launch option the app honours.
 */
export function electronEnv(
  options: LaunchOptions,
  paths: { dataDir: string; ipcLog: string },
  base: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  for (const option of HARNESS_ONLY) {
    if (options[option] !== undefined) {
      throw new Error(
        `launch option "${option}" is honoured by the harness only; skip this spec in Electron (test.skip(testInfo.project.name === 'electron', …))`,
      );
    }
  }
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined || key === 'ELECTRON_RUN_AS_NODE' || key.startsWith('EXAM_PRACTICE_')) continue;
    env[key] = value;
  }
  // Test mode: keychain-free key store, OS side effects recorded (main/test-mode.ts).
  env.EXAM_PRACTICE_E2E = '1';
  env.EXAM_PRACTICE_DATA_DIR = paths.dataDir;
  env.EXAM_PRACTICE_IPC_LOG = paths.ipcLog;
  if (options.clockSpeed) env.EXAM_PRACTICE_CLOCK_SPEED = String(options.clockSpeed);
  if (options.rateWindowMs) env.EXAM_PRACTICE_RATE_WINDOW_MS = String(options.rateWindowMs);
  return env;
}

const LAUNCH_TIMEOUT_MS = 30_000;

export async function launchApp(options: LaunchOptions = {}): Promise<AppHandle> {
  const target = options.target ?? 'harness';
  const ownsDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'exam-practice-e2e-')));
  const ipcLogFile = join(dataDir, 'ipc-log.jsonl');

  let harness: Harness | null = null;
  let electronApp: ElectronApplication | null = null;
  let page: Page;

  // Files on the command line belong to the first launch only (a restart opens the app plainly).
  let files = options.files ?? [];
  const open = async () => {
    const launchFiles = files;
    files = [];
    if (target === 'harness' || target === 'packaged') {
      const packaged = target === 'packaged' ? (packagedApp() as { extracted: string } | null) : null;
      if (target === 'packaged' && !packaged) throw new Error('not packaged: run `node scripts/package-app.mjs` first');
      harness = await startHarness({
        ...(packaged && { files: packagedFiles(packaged.extracted) }),
        dataDir,
        ...(options.storageSecurity && { storageSecurity: options.storageSecurity }),
        ...(options.rateWindowMs && { rateWindowMs: options.rateWindowMs }),
        ...(options.clockSpeed && { clockSpeed: options.clockSpeed }),
        argv: ['/opt/Exam Practice/exam-practice', ...launchFiles],
      });
      page = harness.page;
      return;
    }
    // EXAM_PRACTICE_E2E_APP: the packaged e2e build (electron-builder.e2e.yml, inspect fuse on)
    // instead of the development tree.
    const packaged = process.env.EXAM_PRACTICE_E2E_APP;
    const executablePath = packaged ?? electronBinaryPath();
    if (!executablePath) throw new Error('Electron binary not downloaded');
    const launched = await _electron.launch({
      executablePath,
      args: [...(packaged ? [] : [ROOT]), ...launchFiles],
      env: electronEnv(options, { dataDir, ipcLog: ipcLogFile }),
      timeout: LAUNCH_TIMEOUT_MS,
    });
    electronApp = launched;
    // The main process's output, prefixed, in the test's output (a start-up failure says why there).
    const prefix = (stream: NodeJS.WritableStream) => (chunk: Buffer) =>
      stream.write(chunk.toString().replace(/^(?=.)/gm, '[electron main] '));
    launched.process().stdout?.on('data', prefix(process.stdout));
    launched.process().stderr?.on('data', prefix(process.stderr));
    try {
      page = await launched.firstWindow({ timeout: LAUNCH_TIMEOUT_MS });
      await page.setViewportSize({ width: 1280, height: 800 });
    } catch (error) {
      launched.process().kill('SIGKILL');
      electronApp = null;
      throw error;
    }
  };

  // What crossed the bridge before a restart: kept, as Electron's log file keeps it, so that both
  // targets answer ipcLog() and externalOpened() the same after restart().
  const earlier: { log: IpcEntry[]; opened: string[] } = { log: [], opened: [] };
  const shut = async () => {
    if (harness) {
      earlier.log.push(...harness.ipcLog);
      earlier.opened.push(...harness.externalOpened);
      await harness.close();
    }
    if (electronApp) await electronApp.close();
    harness = null;
    electronApp = null;
  };

  const electronLog = (): (IpcEntry | SideEffect)[] =>
    existsSync(ipcLogFile)
      ? readFileSync(ipcLogFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as IpcEntry | SideEffect)
      : [];

  await open();
  const handle: AppHandle = {
    target,
    get page() {
      return page;
    },
    dataDir,
    ipcLog: () => {
      if (harness) return [...earlier.log, ...harness.ipcLog];
      return electronLog().filter((entry): entry is IpcEntry => entry.type === 'invoke' || entry.type === 'event');
    },
    mark: () => handle.ipcLog().length,
    since: (mark) => handle.ipcLog().slice(mark),
    waitForEvent: async (event, { after = 0, match, timeoutMs = 15_000 } = {}) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = handle
          .since(after)
          .find(
            (entry) => entry.type === 'event' && entry.event === event && (!match || match(entry.payload as never)),
          );
        if (found && found.type === 'event') return found.payload as Events[typeof event];
        if (Date.now() > deadline) throw new Error(`no "${event}" event within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    // Electron in test mode records what it would have opened in the OS browser (main/test-mode.ts).
    externalOpened: () =>
      harness
        ? [...earlier.opened, ...harness.externalOpened]
        : electronLog().flatMap((entry) =>
            entry.type === 'side-effect' && entry.effect === 'open-external' ? [entry.url] : [],
          ),
    // Main writes every offered file before `files:save` answers; the log pairs names and paths.
    savedFiles: () =>
      Promise.resolve(
        handle.ipcLog().flatMap((entry) => {
          if (entry.type !== 'invoke' || entry.channel !== 'files:save') return [];
          const result = entry.result as Result<SavedFiles>;
          if (!result.ok) return [];
          const { files } = entry.args as Args<'files:save'>;
          return result.value.paths.map((path, index) => ({
            name: files[index]?.fileName ?? basename(path),
            path,
            bytes: readFileSync(path),
          }));
        }),
      ),
    get electronApp() {
      return electronApp;
    },
    get harness() {
      return harness;
    },
    diagnostics: async () => {
      if (harness) return harness.services.diagnostics();
      const electron = electronApp;
      if (!electron) throw new Error('the app is closed');
      const folder = join(dataDir, 'downloads');
      const asked = Date.now() - 1_000;
      const fresh = (name: string) =>
        name.startsWith('exam-practice-diagnostics-') && statSync(join(folder, name)).mtimeMs >= asked;
      await electron.evaluate(({ Menu }) => Menu.getApplicationMenu()?.getMenuItemById('help-save-logs')?.click());
      for (let n = 0; n < 300; n += 1) {
        const saved = existsSync(folder) ? readdirSync(folder).find(fresh) : undefined;
        if (saved) return readFileSync(join(folder, saved), 'utf8');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('Help → Save logs saved no file within 15 s');
    },
    restart: async () => {
      await shut();
      await open();
    },
    close: async () => {
      await shut();
      if (ownsDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
