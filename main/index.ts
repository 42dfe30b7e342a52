// Electron lifecycle only: paths, single instance, protocols, services, window.
import { appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow, dialog, session, shell } from 'electron';
import { createAppServices } from './app/services.js';
import { createLogger } from './core/util/logger.js';
import { dataPaths } from './core/workspace.js';
import { handleProtocols, registerSchemes } from './electron/protocols.js';
import { installMenu } from './electron/menu.js';
import { safeStorageCipher } from './electron/safe-storage-cipher.js';
import { electronSettings, electronVaultStorage } from './electron/stores.js';
import { registerIpc, trust, type IpcTrust } from './ipc/register.js';
import { packOpener, packPathsFrom } from './app/pack-opener.js';
import { createMainWindow } from './window.js';
import { IMAGE_SCHEME, isSafeExternalUrl, permissionDecision } from './window-policy.js';
import { EVENTS, type EventName, type Events } from '../preload/contract.js';

const here = dirname(fileURLToPath(import.meta.url));
// One documented variable isolates a profile (tests, testers): docs/testing.md.
if (process.env.EXAM_PRACTICE_DATA_DIR) app.setPath('userData', process.env.EXAM_PRACTICE_DATA_DIR);
const ipcLogPath = process.env.EXAM_PRACTICE_IPC_LOG;

registerSchemes();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  const opener = packOpener();
  packPathsFrom(process.argv).forEach(opener.open);
  app.on('second-instance', (_event, argv) => {
    packPathsFrom(argv).forEach(opener.open);
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('open-file', (event, path) => {
    event.preventDefault();
    opener.open(path);
  });

  const start = async () => {
    const dataDir = app.getPath('userData');
    const logger = createLogger(dataPaths(dataDir).logs);
    const record = (entry: unknown) => {
      if (ipcLogPath) appendFileSync(ipcLogPath, `${JSON.stringify(entry)}\n`);
    };
    const services = await createAppServices({
      dataDir,
      shell: 'electron',
      version: app.getVersion(),
      cipher: safeStorageCipher,
      vaultStorage: electronVaultStorage,
      settings: electronSettings,
      logger,
      imageUrl: (sha256) => `${IMAGE_SCHEME}://img/${sha256}`,
      emit: <E extends EventName>(event: E, payload: Events[E]) => {
        if (!EVENTS.includes(event)) return;
        record({ type: 'event', event, payload });
        window?.webContents.send(event, payload);
      },
      openExternal: async (url) => {
        if (isSafeExternalUrl(url)) await shell.openExternal(url);
      },
      demoPackPath: join(app.getAppPath(), 'assets/demo.exampack'),
      // Testers only (docs/testing.md): a faster exam clock for deadline tests.
      ...(Number(process.env.EXAM_PRACTICE_CLOCK_SPEED) > 1 && {
        examClockSpeed: Number(process.env.EXAM_PRACTICE_CLOCK_SPEED),
      }),
      // Testers only: the rate-limit window to assume, matching a fake API with a short window.
      ...(Number(process.env.EXAM_PRACTICE_RATE_WINDOW_MS) > 0 && {
        rateWindowMs: Number(process.env.EXAM_PRACTICE_RATE_WINDOW_MS),
      }),
    });
    const ipcTrust: IpcTrust = { trusted: new Set() };
    registerIpc(services.handlers, ipcTrust, logger, record);
    handleProtocols(join(here, '../renderer'), () => services.workspace().images);
    session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
      callback(permissionDecision(permission)),
    );
    session.defaultSession.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission));
    installMenu();
    window = createMainWindow(join(here, '../preload/index.cjs'));
    trust(ipcTrust, window.webContents);
    // Packs opened from the OS wait until the page listens, then the student confirms each.
    window.webContents.once('did-finish-load', () => {
      opener.ready((path) => services.offerPackFile(path));
    });
    logger.info('app ready', { version: app.getVersion() });
    // Quitting waits for the services to save (a running exam's time, pending writes).
    let closed = false;
    app.on('before-quit', (event) => {
      if (closed) return;
      event.preventDefault();
      void services.close().finally(() => {
        closed = true;
        app.quit();
      });
    });
  };
  void app.whenReady().then(() =>
    start().catch((error: unknown) => {
      // Most likely the data folder is held by the CLI (one writer per folder): say so, then quit.
      dialog.showErrorBox('Exam Practice', error instanceof Error ? error.message : String(error));
      app.quit();
    }),
  );

  app.on('window-all-closed', () => app.quit());
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
