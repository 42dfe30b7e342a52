// Electron's security checklist as plain values and functions, so each item is
// unit-tested without Electron (docs/security.md maps items to tests).
import type { WebPreferences } from 'electron';

export const APP_SCHEME = 'app';
export const IMAGE_SCHEME = 'exam-image';
export const APP_ORIGIN = `${APP_SCHEME}://bundle`;

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  `img-src 'self' ${IMAGE_SCHEME}: data:`,
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** Only the bundled app may be shown in a window. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === 'bundle';
  } catch {
    return false;
  }
}

/** Links that may be handed to the OS browser: plain web pages, nothing else. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.username === '' && parsed.password === ''
    );
  } catch {
    return false;
  }
}

/** Every permission request (camera, notifications, geolocation…) is denied. */
export function permissionDecision(_permission: string): boolean {
  return false;
}

/**
 * Transient user activation, as main sees it: the OS's own keyboard and mouse events reaching the
 * window (a page cannot forge them). A link leaves for the OS browser only within this long after
 * one, as Chromium's own popup rule (5 s) has it: a script that navigates or calls window.open on
 * its own, or a renderer calling the bridge in a loop, opens nothing.
 */
export const ACTIVATION_MS = 5_000;

export class UserActivation {
  private last = Number.NEGATIVE_INFINITY;
  constructor(private readonly now: () => number = Date.now) {}
  /** A key or mouse button pressed in the window. */
  noteInput(): void {
    this.last = this.now();
  }
  isActive(): boolean {
    const elapsed = this.now() - this.last;
    return elapsed >= 0 && elapsed <= ACTIVATION_MS;
  }
}

/** New windows are never created; safe web links go to the OS browser instead, after a user gesture. */
export function windowOpenDecision(
  url: string,
  openExternal: (url: string) => void,
  activated = false,
): { action: 'deny' } {
  if (activated && isSafeExternalUrl(url)) openExternal(url);
  return { action: 'deny' };
}

/** Navigation away from the app is blocked; safe web links go to the OS browser after a user gesture. */
export function navigationDecision(
  url: string,
  openExternal: (url: string) => void,
  activated = false,
): 'allow' | 'deny' {
  if (isAppUrl(url)) return 'allow';
  if (activated && isSafeExternalUrl(url)) openExternal(url);
  return 'deny';
}

/** What guardWebContents needs of a webContents (Electron's, or a test's stand-in). */
export interface GuardedContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(
    event: 'will-navigate' | 'will-redirect' | 'will-attach-webview',
    listener: (event: { preventDefault(): void }, url?: string) => void,
  ): unknown;
}

/**
 * The limits every webContents gets as it is created (`app.on('web-contents-created')`), whatever
 * made it: no new window, no navigation or redirect off `app://bundle`, no `<webview>`. The main
 * window then sets its own window-open handler (links to the OS browser on a gesture), which
 * replaces the first; its navigation guard adds to this one, and both allow only the app's origin.
 */
export function guardWebContents(contents: GuardedContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const offApp = (event: { preventDefault(): void }, url?: string) => {
    if (url === undefined || !isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', offApp);
  contents.on('will-redirect', offApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Adds the CSP header to every response of the app's own origin. */
export function withCsp(headers: Record<string, string[]> | undefined): Record<string, string[]> {
  return { ...headers, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] };
}
