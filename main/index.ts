// Electron lifecycle only: paths, single instance, protocols, services, window.
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow, dialog, Notification, session, shell } from 'electron';
import { createAppServices } from './app/services.js';
import { createLogger } from './core/util/logger.js';
import { dataPaths } from './core/workspace.js';
import { handleProtocols, registerSchemes } from './electron/protocols.js';
import { installMenu } from './electron/menu.js';
import { safeStorageCipher } from './electron/safe-storage-cipher.js';
import { electronSettings, electronVaultStorage } from './electron/stores.js';
import { registerIpc, trust, type IpcTrust } from './ipc/register.js';
import { fileOpener, openedPathsFrom } from './app/opened-files.js';
import { createMainWindow } from './window.js';
import { guardWebContents, IMAGE_SCHEME, permissionDecision, UserActivation } from './window-policy.js';
import { EVENTS, type EventName, type Events } from '../preload/contract.js';
import { fileKeyCipher } from './core/vault/file-key-cipher.js';
import { testHooks, testModeEnabled, type SideEffect } from './test-mode.js';
import { electronUpdateFeed } from './electron/update-feed.js';
import { dialogSaveTarget } from './electron/save-dialog.js';
import { folderSaveTarget, saveFiles } from './app/saving.js';
import { START_DELAY_MS } from './core/updates/policy.js';
import { utilityWorker } from './electron/utility-worker.js';

const here = dirname(fileURLToPath(import.meta.url));
// One documented variable isolates a profile (tests, testers): docs/testing.md.
if (process.env.EXAM_PRACTICE_DATA_DIR) app.setPath('userData', process.env.EXAM_PRACTICE_DATA_DIR);
const manifest = (() => {
  try {
    return JSON.parse(readFileSync(join(app.getAppPath(), 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
})();
const e2eBuild = manifest.examPracticeE2eBuild === true;
// Set by the release job when it signed the build (-c.extraMetadata.examPracticeSigned=true).
const signedBuild = manifest.examPracticeSigned === true;
const testMode = testModeEnabled({ env: process.env, isPackaged: app.isPackaged, e2eBuild });
const hooks = testHooks({ env: process.env, isPackaged: app.isPackaged, e2eBuild });
const ipcLogPath = hooks.ipcLogPath;

registerSchemes();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  const opener = fileOpener();
  openedPathsFrom(process.argv, process.cwd()).forEach(opener.open);
  app.on('second-instance', (_event, argv, workingDirectory) => {
    // A second launch (a double-clicked file while the app runs) hands its files to this one; its
    // relative paths are its own folder's.
    openedPathsFrom(argv, workingDirectory).forEach(opener.open);
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
    const sideEffect = (effect: SideEffect) => record(effect);
    /** A system notification (in test mode recorded for the spec); a click brings the window back. */
    const notify = (text: { title: string; body: string }) => {
      if (testMode) sideEffect({ type: 'side-effect', effect: 'notification', ...text });
      else if (Notification.isSupported()) {
        const notification = new Notification(text);
        notification.on('click', () => {
          if (window?.isMinimized()) window.restore();
          window?.focus();
        });
        notification.show();
      }
    };
    // Every way out to the OS browser: performed, or in test mode recorded for the spec to assert.
    // Each path asks the user-gesture gate once before it gets here (window-policy.ts).
    const activation = new UserActivation();
    const openOutside = (url: string) => {
      if (testMode) sideEffect({ type: 'side-effect', effect: 'open-external', url });
      else void shell.openExternal(url);
    };
    // Files are saved by main (files:save, app/saving.ts), never through Chromium's download flow.
    session.defaultSession.on('will-download', (event) => {
      event.preventDefault();
      logger.warn('download refused: files are saved through main');
    });
    // Test mode: no dialog under xvfb; every file lands in the profile for the spec to read.
    const saveTarget = testMode ? folderSaveTarget(join(dataDir, 'downloads')) : dialogSaveTarget(() => window);
    const installedCopy = app.isPackaged && !testMode;
    const unsignedMac = installedCopy && process.platform === 'darwin' && !signedBuild;
    const services = await createAppServices({
      dataDir,
      shell: 'electron',
      version: app.getVersion(),
      // Test mode: no keychain on CI machines (under xvfb safeStorage falls back to basic_text).
      cipher: testMode ? fileKeyCipher(dataDir) : safeStorageCipher,
      vaultStorage: electronVaultStorage,
      settings: electronSettings,
      logger,
      imageUrl: (sha256) => `${IMAGE_SCHEME}://img/${sha256}`,
      emit: <E extends EventName>(event: E, payload: Events[E]) => {
        if (!EVENTS.includes(event)) return;
        record({ type: 'event', event, payload });
        window?.webContents.send(event, payload);
        // A time warning also reaches a student who is in another app (the window says it too).
        if (event === 'exam:warning' && !window?.isFocused()) {
          const { minutesLeft } = payload as Events['exam:warning'];
          void services
            .warningNotice(minutesLeft)
            .then(notify, (error: unknown) => logger.error('warning notice failed', { error: String(error) }));
        }
      },
      // The handler checked the link policy; the shell adds the gesture gate, as for window.open.
      openExternal: (url) => {
        const opened = activation.isActive();
        if (opened) openOutside(url);
        else logger.warn('external link refused: no user gesture', { origin: new URL(url).origin });
        return Promise.resolve(opened);
      },
      saveTarget,
      demoPackPath: join(app.getAppPath(), 'assets/demo.exampack'),
      // Files from outside (scans, packs, Moodle XML, result files) are decoded in a utility process.
      spawnWorker: utilityWorker(here),
      // An installed copy updates itself; a development tree and a test build never do, nor an
      // unsigned macOS build (Squirrel.Mac refuses to install an update to an unsigned app).
      updateFeed: installedCopy && !unsignedMac ? electronUpdateFeed(logger) : null,
      unsignedMac,
      quit: () => app.quit(),
      // Testers only (docs/testing.md), and only in a test build: a faster exam clock for deadline
      // tests; the rate-limit window of a fake API with a short window.
      ...(hooks.examClockSpeed && { examClockSpeed: hooks.examClockSpeed }),
      ...(hooks.rateWindowMs && { rateWindowMs: hooks.rateWindowMs }),
    });
    const ipcTrust: IpcTrust = { trusted: new Set() };
    registerIpc(services.handlers, ipcTrust, logger, record);
    handleProtocols(join(here, '../renderer'), () => services.workspace().images);
    session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
      callback(permissionDecision(permission)),
    );
    session.defaultSession.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission));
    installMenu({
      diagnostics: () => services.diagnostics(),
      save: (file) => saveFiles([file], saveTarget),
      onError: (error) => logger.error('diagnostics failed', { error: String(error) }),
    });
    window = createMainWindow(join(here, '../preload/index.cjs'), openOutside, activation);
    trust(ipcTrust, window.webContents);
    // Files opened from the OS wait until the page listens; main checks each before anything is asked.
    window.webContents.once('did-finish-load', () => {
      opener.ready((path) => services.offerFile(path));
    });
    // The notebook's daily reminder (opt-in in Settings): main decides, the OS shows it.
    const remind = () =>
      void services
        .reviewReminder()
        .then((text) => text && notify(text))
        .catch((error: unknown) => logger.error('reminder failed', { error: String(error) }));
    setTimeout(remind, 60_000).unref();
    setInterval(remind, 15 * 60_000).unref();
    // Updates: the policy says when a check is due (on start, then daily; later after failures).
    const tickUpdates = () =>
      void services.updates
        .tick()
        .catch((error: unknown) => logger.error('update check failed', { error: String(error) }));
    setTimeout(tickUpdates, START_DELAY_MS).unref();
    setInterval(tickUpdates, 10 * 60_000).unref();
    logger.info('app ready', { version: app.getVersion() });
    // Quitting waits for the services to save; a downloaded version installs then, unless an exam
    // is left running (app/quitting.ts decides, for a quit and for "Restart and update" alike).
    app.on('before-quit', (event) => services.quitting.beforeQuit(() => event.preventDefault()));
  };
  void app.whenReady().then(() =>
    start().catch((error: unknown) => {
      // Most likely the data folder is held by the CLI (one writer per folder): say so, then quit.
      const message = error instanceof Error ? error.message : String(error);
      if (testMode) {
        // No modal under xvfb: the test's output shows the reason, and the launch fails at once.
        process.stderr.write(`Exam Practice could not start: ${message}\n`);
        app.exit(1);
        return;
      }
      dialog.showErrorBox('Exam Practice', message);
      app.quit();
    }),
  );

  app.on('window-all-closed', () => app.quit());
  // Every webContents, not the main window's alone: no new window, no navigation off the app, no <webview>.
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));
}
