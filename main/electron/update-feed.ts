// The installed app's update feed: electron-updater, over what electron-builder published (GitHub
// Releases by default; a school's own server with `publish: generic`). It downloads in the
// background and verifies each file's sha512 (and, in a signed Windows build, the installer's signature) before
// it can be installed; installing at quit is core/updates/policy.ts's decision, never its own.
import electronUpdater, { type AppUpdater } from 'electron-updater';
import type { UpdateFeed } from '../core/updates/controller.js';
import { feedChannel } from '../core/updates/policy.js';
import type { Logger } from '../core/util/logger.js';

/** `autoUpdater`: the platform's updater (tests pass a real one over a stubbed Electron app). */
export function electronUpdateFeed(logger: Logger, autoUpdater: AppUpdater = electronUpdater.autoUpdater): UpdateFeed {
  autoUpdater.autoDownload = true;
  // The policy decides at quit (never leaving a running exam behind): not electron-updater.
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.logger = {
    info: () => undefined,
    debug: () => undefined,
    warn: (message: unknown) => logger.warn('updater', { message: String(message).slice(0, 300) }),
    error: (message: unknown) => logger.error('updater', { message: String(message).slice(0, 300) }),
  };
  return {
    async check(channel) {
      const feed = feedChannel(channel);
      autoUpdater.channel = feed.channel;
      autoUpdater.allowPrerelease = feed.allowPrerelease;
      // Setting a channel allows downgrades in electron-updater: a student never goes back a version.
      autoUpdater.allowDowngrade = false;
      const result = await autoUpdater.checkForUpdates();
      if (!result?.isUpdateAvailable || !result.downloadPromise) return null;
      return { version: result.updateInfo.version, download: result.downloadPromise };
    },
    // "Restart and update" shows the installer and reopens the app; at quit it installs quietly.
    install: (restart) => autoUpdater.quitAndInstall(!restart, restart),
  };
}
