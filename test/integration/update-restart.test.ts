// "Restart and update" and a quit with a downloaded version, through the real electron-updater
// (its NsisUpdater: quitAndInstall, install, the installer's spawn) over a stubbed Electron `app`
// that quits as Electron does: `before-quit` first (preventable), then `quit`. The installer is a
// script that writes down how it was started. Before, the app's own quit handler held the updater's
// quit and asked it to install again, which it ignores: the window stayed open, nothing installed.
import { EventEmitter } from 'node:events';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as ElectronUpdater from 'electron-updater';
import type { AppUpdater, UpdateCheckResult } from 'electron-updater';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppServices } from '../../main/app/services.js';
import { handle } from '../../main/app/handle.js';
import { electronUpdateFeed } from '../../main/electron/update-feed.js';
import { createLogger } from '../../main/core/util/logger.js';
import { callValue } from '../support/bridge-call.js';
import { nodeServices } from '../support/node-services.js';
import { tempDir } from '../support/temp.js';

// electron-updater requires 'electron' when it quits (to emit before-quit-for-update): Electron's
// module is stood in for, as the one boundary that cannot run here.
const require = createRequire(import.meta.url);
const electronModule = require.resolve('electron');
require.cache[electronModule] = {
  id: electronModule,
  filename: electronModule,
  loaded: true,
  exports: { autoUpdater: new EventEmitter() },
} as unknown as NodeJS.Module;
const { NsisUpdater } = require('electron-updater') as typeof ElectronUpdater;

/** Electron's app as far as quitting goes: before-quit may be prevented; if not, quit and exit. */
class StubApp extends EventEmitter {
  exited = false;
  quit() {
    if (this.exited) return;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    this.exited = true;
    this.emit('quit', {}, 0);
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const until = async (what: () => boolean | Promise<boolean>, label: string) => {
  for (let n = 0; n < 400; n += 1) {
    if (await what()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${label}`);
};
const exists = (path: string) =>
  readFile(path, 'utf8').then(
    () => true,
    () => false,
  );

/** An app with a downloaded 0.2.0 waiting, the demo pack imported, and the real updater over `app`. */
async function installedApp(dir?: string) {
  const temp = dir ? null : await tempDir();
  if (temp) cleanups.push(temp.cleanup);
  const dataDir = dir ?? temp?.dir ?? '';
  const app = new StubApp();
  const installer = join(dataDir, 'installer.sh');
  const ran = join(dataDir, 'installer-ran');
  await writeFile(installer, `#!/bin/sh\nprintf '%s\\n' "$@" > '${ran}'\n`);
  await chmod(installer, 0o755);
  const updater = new NsisUpdater(null, {
    version: '0.1.0',
    name: 'Exam Practice',
    isPackaged: true,
    appUpdateConfigPath: join(dataDir, 'app-update.yml'),
    userDataPath: dataDir,
    baseCachePath: dataDir,
    whenReady: () => Promise.resolve(),
    quit: () => app.quit(),
    relaunch: () => undefined,
    onQuit: (handler: (exitCode: number) => void) => app.once('quit', (_event, code: number) => handler(code)),
  });
  // The download itself is test/integration/update-feed.test.ts's: here it is already on disk.
  Object.assign(updater, {
    downloadedUpdateHelper: {
      file: installer,
      packageFile: null,
      downloadedFileInfo: { isAdminRightsRequired: false },
    },
  });
  updater.checkForUpdates = () =>
    Promise.resolve({
      isUpdateAvailable: true,
      updateInfo: { version: '0.2.0' },
      downloadPromise: Promise.resolve([installer]),
    } as unknown as UpdateCheckResult);
  const quitting: string[] = [];
  const realQuitAndInstall = updater.quitAndInstall.bind(updater);
  updater.quitAndInstall = (silent, forceRun) => {
    quitting.push(services.quitting.state);
    realQuitAndInstall(silent, forceRun);
  };
  const services: AppServices = await nodeServices({
    dataDir,
    updateFeed: electronUpdateFeed(createLogger(join(dataDir, 'logs')), updater as AppUpdater),
    quit: () => app.quit(),
  });
  cleanups.push(() => (services.quitting.state === 'closed' ? Promise.resolve() : services.close()));
  app.on('before-quit', (event: { preventDefault(): void }) =>
    services.quitting.beforeQuit(() => event.preventDefault()),
  );
  await callValue(services, 'packs:import-demo', {});
  await callValue(services, 'updates:check', {});
  await until(async () => (await callValue(services, 'updates:status', {})).phase === 'ready', 'downloaded');
  const installerArgs = async () => (await readFile(ran, 'utf8')).trim().split('\n');
  return { dataDir, app, services, ran, installerArgs, quitAndInstallAt: quitting };
}

const START = {
  request: { count: 5 },
  settings: { title: 'Simulado', mode: 'timed' as const, timeLimitMinutes: 30, strict: true, seed: 1 },
};

describe('"Restart and update" and quitting with a downloaded version', () => {
  it('the click saves, quits and starts the installer (shown, reopening the app), once', async () => {
    const world = await installedApp();
    expect(await callValue(world.services, 'updates:install', {})).toMatchObject({ phase: 'ready' });
    await until(() => world.app.exited, 'the app quit');
    await until(() => exists(world.ran), 'the installer ran');
    expect(await world.installerArgs()).toEqual(['--updated', '--force-run']);
    // The services had saved and closed before the installer was asked to take over.
    expect(world.quitAndInstallAt).toEqual(['closed']);
  });

  it('an exam:start sent right after the click is refused: the app never quits with an exam running', async () => {
    const world = await installedApp();
    const [install, start] = await Promise.all([
      handle(world.services.handlers, 'updates:install', {}),
      handle(world.services.handlers, 'exam:start', START),
    ]);
    expect(install.ok).toBe(true);
    expect(start).toMatchObject({ ok: false, error: { code: 'app-closing' } });
    await until(() => world.app.exited, 'the app quit');
    await until(() => exists(world.ran), 'the installer ran');
    // Reopened (the new version would be): no attempt was left behind.
    const reopened = await nodeServices({ dataDir: world.dataDir });
    cleanups.push(() => reopened.close());
    expect(await callValue(reopened, 'exam:current', {})).toBeNull();
  });

  it('a start and the click sent together: exactly one of them goes ahead, whichever main takes first', async () => {
    for (const startFirst of [true, false]) {
      const world = await installedApp();
      // Sent in this order: each handler starts at once, and which reaches the engine first is main's.
      const start = startFirst ? handle(world.services.handlers, 'exam:start', START) : null;
      const install = handle(world.services.handlers, 'updates:install', {});
      const [started, installed] = await Promise.all([
        start ?? handle(world.services.handlers, 'exam:start', START),
        install,
      ]);
      if (started.ok) {
        expect(installed).toMatchObject({ ok: false, error: { code: 'exam-running' } });
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(world.app.exited).toBe(false);
        expect(await exists(world.ran)).toBe(false);
      } else {
        expect(started).toMatchObject({ ok: false, error: { code: 'app-closing' } });
        expect(installed.ok).toBe(true);
        await until(() => world.app.exited, 'the app quit');
        const reopened = await nodeServices({ dataDir: world.dataDir });
        cleanups.push(() => reopened.close());
        expect(await callValue(reopened, 'exam:current', {})).toBeNull();
      }
    }
  });

  it('refused while an exam runs, and the app goes on: after the submit, the restart goes ahead', async () => {
    const world = await installedApp();
    const state = await callValue(world.services, 'exam:start', START);
    expect(await handle(world.services.handlers, 'updates:install', {})).toMatchObject({
      ok: false,
      error: { code: 'exam-running' },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(world.app.exited).toBe(false);
    expect(await exists(world.ran)).toBe(false);
    // Nothing was left closed: answering and submitting work, and a new start would too.
    await callValue(world.services, 'exam:answer', { attemptId: state.attemptId, index: 0, choice: 1 });
    await callValue(world.services, 'exam:submit', { attemptId: state.attemptId });
    await callValue(world.services, 'updates:install', {});
    await until(() => world.app.exited, 'the app quit');
    await until(() => exists(world.ran), 'the installer ran');
  });

  it('a quit with no exam installs quietly; a quit that leaves an exam running does not install', async () => {
    const quiet = await installedApp();
    quiet.app.quit();
    await until(() => quiet.app.exited, 'the app quit');
    await until(() => exists(quiet.ran), 'the installer ran');
    expect(await quiet.installerArgs()).toEqual(['--updated', '/S']);

    const busy = await installedApp();
    const state = await callValue(busy.services, 'exam:start', START);
    busy.app.quit();
    await until(() => busy.app.exited, 'the app quit');
    expect(await exists(busy.ran)).toBe(false);
    const reopened = await nodeServices({ dataDir: busy.dataDir });
    cleanups.push(() => reopened.close());
    expect((await callValue(reopened, 'exam:current', {}))?.attemptId).toBe(state.attemptId);
  });
});
