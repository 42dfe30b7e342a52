// Electron's module as the packaged main bundle sees it, for running that bundle under plain Node
// in the packaged-app tests (the real binary cannot be fetched here). Only what the CLI mode uses
// works (`app`'s paths, exit, dock); every other export exists, so that the bundle links as it does
// in Electron, and throws if the CLI ever reaches it: a CLI that needs the window fails loudly here.
'use strict';
const path = require('node:path');

const appPath = process.env.EXAM_PRACTICE_STANDIN_APP_PATH ?? process.cwd();
const resourcesPath = process.env.EXAM_PRACTICE_STANDIN_RESOURCES ?? path.dirname(appPath);
Object.defineProperty(process, 'resourcesPath', { value: resourcesPath, configurable: true });

const unavailable = (name) =>
  new Proxy(function () {}, {
    get(_target, key) {
      if (key === 'then') return undefined;
      throw new Error(`electron stand-in: ${name}.${String(key)} is not available to the CLI`);
    },
    apply() {
      throw new Error(`electron stand-in: ${name}() is not available to the CLI`);
    },
    construct() {
      throw new Error(`electron stand-in: new ${name}() is not available to the CLI`);
    },
  });

exports.app = {
  isPackaged: true,
  dock: undefined,
  getAppPath: () => appPath,
  getPath: (name) => path.join(process.env.EXAM_PRACTICE_STANDIN_HOME ?? process.cwd(), name),
  getVersion: () => require(path.join(appPath, 'package.json')).version,
  exit: (code) => process.exit(code),
  quit: () => process.exit(0),
  on: () => undefined,
  whenReady: () => new Promise(() => undefined),
};
exports.autoUpdater = unavailable('autoUpdater');
exports.BaseWindow = unavailable('BaseWindow');
exports.BrowserWindow = unavailable('BrowserWindow');
exports.clipboard = unavailable('clipboard');
exports.contentTracing = unavailable('contentTracing');
exports.crashReporter = unavailable('crashReporter');
exports.desktopCapturer = unavailable('desktopCapturer');
exports.dialog = unavailable('dialog');
exports.globalShortcut = unavailable('globalShortcut');
exports.ipcMain = unavailable('ipcMain');
exports.Menu = unavailable('Menu');
exports.MenuItem = unavailable('MenuItem');
exports.MessageChannelMain = unavailable('MessageChannelMain');
exports.nativeImage = unavailable('nativeImage');
exports.nativeTheme = unavailable('nativeTheme');
exports.net = unavailable('net');
exports.Notification = unavailable('Notification');
exports.powerMonitor = unavailable('powerMonitor');
exports.powerSaveBlocker = unavailable('powerSaveBlocker');
exports.protocol = unavailable('protocol');
exports.safeStorage = unavailable('safeStorage');
exports.screen = unavailable('screen');
exports.session = unavailable('session');
exports.shell = unavailable('shell');
exports.systemPreferences = unavailable('systemPreferences');
exports.Tray = unavailable('Tray');
exports.utilityProcess = unavailable('utilityProcess');
exports.webContents = unavailable('webContents');
exports.WebContentsView = unavailable('WebContentsView');
