// launchApp(): one entry point for every UI e2e spec. Target 'harness' runs the
// real services in Node and the renderer in Chromium; target 'electron' runs the
// real app through Playwright's _electron. Each launch gets its own profile dir.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from '@playwright/test';
import { startHarness, ROOT, type Harness, type IpcEntry } from './harness.js';
import type { StorageSecurity } from '../../main/core/vault/vault.js';
import { electronBinaryPath } from '../../scripts/electron-binary.mjs';

export type Target = 'harness' | 'electron';

export interface LaunchOptions {
  target?: Target;
  /** Reuse a profile (restart); a fresh temporary one otherwise. */
  dataDir?: string;
  storageSecurity?: StorageSecurity;
  rateWindowMs?: number;
  /** Exam clock speed (both targets: EXAM_PRACTICE_CLOCK_SPEED in Electron). */
  clockSpeed?: number;
}

export interface AppHandle {
  target: Target;
  page: Page;
  dataDir: string;
  /** Every bridge call with its result, and every event, in order. */
  ipcLog(): IpcEntry[];
  /** URLs the app asked the OS browser to open (harness only). */
  externalOpened(): string[];
  electronApp: ElectronApplication | null;
  harness: Harness | null;
  /** Closes the app, keeping its profile, and opens it again. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function launchApp(options: LaunchOptions = {}): Promise<AppHandle> {
  const target = options.target ?? 'harness';
  const ownsDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'exam-practice-e2e-')));
  const ipcLogFile = join(dataDir, 'ipc-log.jsonl');

  let harness: Harness | null = null;
  let electronApp: ElectronApplication | null = null;
  let page: Page;

  const open = async () => {
    if (target === 'harness') {
      harness = await startHarness({
        dataDir,
        ...(options.storageSecurity && { storageSecurity: options.storageSecurity }),
        ...(options.rateWindowMs && { rateWindowMs: options.rateWindowMs }),
        ...(options.clockSpeed && { clockSpeed: options.clockSpeed }),
      });
      page = harness.page;
      return;
    }
    const executablePath = electronBinaryPath();
    if (!executablePath) throw new Error('Electron binary not downloaded');
    electronApp = await _electron.launch({
      executablePath,
      args: [ROOT],
      env: { ...process.env, EXAM_PRACTICE_DATA_DIR: dataDir, EXAM_PRACTICE_IPC_LOG: ipcLogFile } as Record<
        string,
        string
      >,
    });
    page = await electronApp.firstWindow();
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  const shut = async () => {
    if (harness) await harness.close();
    if (electronApp) await electronApp.close();
    harness = null;
    electronApp = null;
  };

  await open();
  const handle: AppHandle = {
    target,
    get page() {
      return page;
    },
    dataDir,
    ipcLog: () => {
      if (harness) return harness.ipcLog;
      if (!existsSync(ipcLogFile)) return [];
      return readFileSync(ipcLogFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as IpcEntry);
    },
    externalOpened: () => harness?.externalOpened ?? [],
    get electronApp() {
      return electronApp;
    },
    get harness() {
      return harness;
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
