// The main window: secure preferences, navigation and window-open guards,
// remembered size and position.
import { BrowserWindow, shell } from 'electron';
import { loadWindowState, saveWindowState } from './electron/stores.js';
import { APP_ORIGIN, navigationDecision, secureWebPreferences, windowOpenDecision } from './window-policy.js';

/** `openExternal`: how a link leaves the app (the OS browser; recorded instead in e2e test mode). */
export function createMainWindow(
  preloadPath: string,
  openExternal: (url: string) => void = (url) => void shell.openExternal(url),
): BrowserWindow {
  const state = loadWindowState();
  const window = new BrowserWindow({
    width: state.width,
    height: state.height,
    ...(state.x !== undefined && state.y !== undefined && { x: state.x, y: state.y }),
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Exam Practice',
    backgroundColor: '#101418',
    webPreferences: secureWebPreferences(preloadPath),
  });
  window.webContents.setWindowOpenHandler(({ url }) => windowOpenDecision(url, openExternal));
  window.webContents.on('will-navigate', (event, url) => {
    if (navigationDecision(url, openExternal) === 'deny') event.preventDefault();
  });
  window.webContents.on('will-redirect', (event, url) => {
    if (navigationDecision(url, openExternal) === 'deny') event.preventDefault();
  });
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    const bounds = window.getNormalBounds();
    saveWindowState({ ...bounds, maximized: window.isMaximized() });
  });
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
