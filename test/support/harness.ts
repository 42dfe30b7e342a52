// The UI e2e harness: the real main-process services in this Node process, the
// real renderer build in Chromium, joined by the preload contract over a
// Playwright binding. Only Electron itself is stood in for.
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { EVENTS, type Channel, type EventName, type Events } from '../../preload/contract.js';
import { MIME, resolveBundlePath } from '../../main/app/bundle-path.js';
import { resolveImageRequest } from '../../main/app/image-request.js';
import { type AppServices } from '../../main/app/services.js';
import { handle, loggableArgs } from '../../main/app/handle.js';
import { fileOpener, openedPathsFrom } from '../../main/app/opened-files.js';
import { nodeServices } from './node-services.js';
import type { StorageSecurity } from '../../main/core/vault/vault.js';
import { CONTENT_SECURITY_POLICY } from '../../main/window-policy.js';
import { decodeBytes, encodeBytes } from './bytes-codec.js';
import { forkWorker } from '../../main/core/worker/node-spawn.js';

export const ROOT = resolve(import.meta.dirname, '../..');
const BRIDGE = join(ROOT, 'out/harness/bridge.js');
const ELECTRON_STANDIN = join(ROOT, 'out/harness/electron-standin.js');

/**
 * What the harness runs of the app: the source tree's build (out/), or the files electron-builder
 * packaged (scripts/package-app.mjs opened its app.asar at `appDir`): the renderer and the preload
 * served from the package, the decoding worker forked from the package's bundle, the package's demo
 * pack. Main's services come from the source modules in both (the package bundles them with the
 * Electron shell, which the harness stands in for); the packaged-app tests check that bundle apart.
 */
export interface HarnessFiles {
  renderer: string;
  /** The packaged preload, run over the Electron stand-in; absent: the harness bridge over the contract. */
  preload: string | null;
  worker: string | null;
  demoPack: string | null;
}

export function sourceFiles(): HarnessFiles {
  return { renderer: join(ROOT, 'out/renderer'), preload: null, worker: null, demoPack: null };
}

export function packagedFiles(appDir: string): HarnessFiles {
  return {
    renderer: join(appDir, 'out/renderer'),
    preload: join(appDir, 'out/preload/index.cjs'),
    worker: join(appDir, 'out/main/worker.js'),
    demoPack: join(appDir, 'assets/demo.exampack'),
  };
}

export type IpcEntry =
  | { type: 'invoke'; channel: Channel; args: unknown; result: unknown }
  | { type: 'event'; event: EventName; payload: unknown };

export interface HarnessOptions {
  dataDir: string;
  storageSecurity?: StorageSecurity;
  rateWindowMs?: number;
  /** The exam clock runs this many times faster (deadline tests). */
  clockSpeed?: number;
  headless?: boolean;
  viewport?: { width: number; height: number };
  /** The first launch's command line (files the OS opened the app with), as main/index.ts reads it. */
  argv?: string[];
  /** The source tree's build by default; the package's files for the `packaged` project. */
  files?: HarnessFiles;
}

export interface Harness {
  page: Page;
  /** What the OS does when a .exampack or .examresult is opened with the app (file association). */
  openFile(path: string): void;
  /**
   * A second launch's command line, as the app's single-instance handler receives it, with the
   * folder that launch was started in (its relative paths are resolved there).
   */
  secondInstance(argv: string[], workingDirectory?: string): void;
  services: AppServices;
  ipcLog: IpcEntry[];
  externalOpened: string[];
  close(): Promise<void>;
}

/** System Chromium where installed (Debian: /usr/bin/chromium), else Playwright's own. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

// Flags for a sandboxless root container with no network beyond loopback.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

let sharedBrowser: Promise<Browser> | null = null;
function browser(headless: boolean): Promise<Browser> {
  if (!headless) {
    const executablePath = chromiumPath();
    return chromium.launch({ headless, args: CHROMIUM_ARGS, ...(executablePath && { executablePath }) });
  }
  sharedBrowser ??= (() => {
    const executablePath = chromiumPath();
    return chromium.launch({ headless: true, args: CHROMIUM_ARGS, ...(executablePath && { executablePath }) });
  })();
  return sharedBrowser;
}

function serve(services: AppServices, renderer: string): Promise<Server> {
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://harness');
      if (url.pathname.startsWith('/exam-image/')) {
        const answer = resolveImageRequest(
          `exam-image://${url.pathname.slice('/exam-image/'.length)}`,
          services.workspace().images,
        );
        if (answer.status !== 200) return res.writeHead(answer.status).end();
        res.writeHead(200, {
          'Content-Type': answer.mime,
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        });
        return res.end(await readFile(answer.path));
      }
      const path = resolveBundlePath(`app://bundle${url.pathname}`, renderer);
      if (!path) return res.writeHead(400).end();
      const body = await readFile(path).catch(() => null);
      if (!body) return res.writeHead(404).end();
      res.writeHead(200, {
        'Content-Type': MIME[extname(path)] ?? 'application/octet-stream',
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(body);
    })().catch(() => res.writeHead(500).end());
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const files = options.files ?? sourceFiles();
  if (!existsSync(join(files.renderer, 'index.html')) || !existsSync(BRIDGE) || !existsSync(ELECTRON_STANDIN)) {
    throw new Error(`The renderer is not built (${files.renderer}): run \`npm run build\` first.`);
  }
  await mkdir(options.dataDir, { recursive: true });
  const ipcLog: IpcEntry[] = [];
  const externalOpened: string[] = [];
  let page: Page | null = null;
  const pendingEvents: Promise<unknown>[] = [];
  const services = await nodeServices({
    dataDir: options.dataDir,
    ...(options.storageSecurity && { storageSecurity: options.storageSecurity }),
    ...(options.rateWindowMs && { rateWindowMs: options.rateWindowMs }),
    ...(options.clockSpeed && { clockSpeed: options.clockSpeed }),
    ...(files.worker && { spawnWorker: forkWorker([], files.worker) }),
    ...(files.demoPack && { demoPackPath: files.demoPack }),
    emit: <E extends EventName>(event: E, payload: Events[E]) => {
      if (!EVENTS.includes(event)) return;
      ipcLog.push({ type: 'event', event, payload });
      const delivery = page
        ?.evaluate(([e, p]) => window.__examAppDispatch(e, p), [event, payload] as const)
        .catch(() => undefined);
      if (delivery) pendingEvents.push(delivery);
    },
    // The harness has no OS input to gate on: every call counts as a user's.
    openExternal: (url) => {
      externalOpened.push(url);
      return Promise.resolve(true);
    },
  });
  const server = await serve(services, files.renderer);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context = await (
    await browser(options.headless ?? true)
  ).newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'pt-BR',
  });
  page = await context.newPage();
  const mainPage = page;
  await page.exposeBinding('__examAppInvoke', async (source, channel: Channel, args: unknown) => {
    // The harness's sender check: the app's own main frame only, as ipc/register does in Electron.
    if (source.frame !== mainPage.mainFrame() || !source.frame.url().startsWith(origin)) {
      return { ok: false, error: { code: 'invalid-argument', params: { reason: 'sender' } } };
    }
    const decoded = decodeBytes(args, (text) => new Uint8Array(Buffer.from(text, 'base64')));
    // With the main log, as the Electron shell's IPC entry point: diagnostics read the same lines.
    const result = await handle(services.handlers, channel, decoded, services.logger);
    ipcLog.push({ type: 'invoke', channel, args: loggableArgs(channel, decoded), result });
    return encodeBytes(result, (bytes) => Buffer.from(bytes).toString('base64'));
  });
  if (files.preload) {
    // The shipped preload, as Electron runs a sandboxed one: CommonJS whose `require` gives Electron only.
    await page.addInitScript({ path: ELECTRON_STANDIN });
    const preload = await readFile(files.preload, 'utf8');
    await page.addInitScript({
      content: `(function (require, module, exports) {\n${preload}\n})(window.__electronStandInRequire, { exports: {} }, {});`,
    });
  } else await page.addInitScript({ path: BRIDGE });
  // As main/index.ts: files from the OS wait until the page has loaded (Electron's did-finish-load),
  // then main checks each; the bridge keeps an offer until a screen listens.
  const opener = fileOpener();
  openedPathsFrom(options.argv ?? [], process.cwd()).forEach(opener.open);
  await page.goto(`${origin}/`);
  opener.ready((path) => services.offerFile(path));
  return {
    page,
    openFile: (path) => opener.open(path),
    secondInstance: (argv, workingDirectory = process.cwd()) =>
      openedPathsFrom(argv, workingDirectory).forEach(opener.open),
    services,
    ipcLog,
    externalOpened,
    close: async () => {
      await Promise.allSettled(pendingEvents);
      await context.close();
      await new Promise((ok) => {
        server.closeAllConnections();
        server.close(ok);
      });
      await services.close();
    },
  };
}
