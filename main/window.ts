// The main window: secure preferences, navigation and window-open guards,
// remembered size and position.
import { BrowserWindow, shell } from 'electron';
import { loadWindowState, saveWindowState } from './electron/stores.js';
import {
  APP_ORIGIN,
  navigationDecision,
  secureWebPreferences,
  UserActivation,
  windowOpenDecision,
} from './window-policy.js';

/** `openExternal`: how a link leaves the app (the OS browser; recorded instead in e2e test mode). */
export function createMainWindow(
  preloadPath: string,
  openExternal: (url: string) => void = (url) => void shell.openExternal(url),
  activation: UserActivation = new UserActivation(),
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
  // The OS's input reaching the page: what counts as a user gesture for links that leave the app.
  window.webContents.on('before-input-event', (_event, input) => {
    if (input.type === 'keyDown') activation.noteInput();
  });
  window.webContents.on('before-mouse-event', (_event, mouse) => {
    if (mouse.type === 'mouseDown' || mouse.type === 'mouseUp') activation.noteInput();
  });
  window.webContents.setWindowOpenHandler(({ url }) => windowOpenDecision(url, openExternal, activation.isActive()));
  window.webContents.on('will-navigate', (event, url) => {
    if (navigationDecision(url, openExternal, activation.isActive()) === 'deny') event.preventDefault();
  });
  window.webContents.on('will-redirect', (event, url) => {
    // A redirect is never a gesture of its own.
    if (navigationDecision(url, openExternal, false) === 'deny') event.preventDefault();
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
