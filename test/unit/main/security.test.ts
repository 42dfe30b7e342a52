// Each Electron security-checklist item that is ours to decide, proven on the
// values and functions the shell uses (docs/security.md maps items to tests).
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { resolveBundlePath } from '../../../main/app/bundle-path.js';
import { isTrustedSender } from '../../../main/ipc/sender-check.js';
import {
  CONTENT_SECURITY_POLICY,
  isAppUrl,
  isSafeExternalUrl,
  ACTIVATION_MS,
  navigationDecision,
  UserActivation,
  permissionDecision,
  secureWebPreferences,
  windowOpenDecision,
  withCsp,
  guardWebContents,
  type GuardedContents,
} from '../../../main/window-policy.js';

describe('window preferences', () => {
  const prefs = secureWebPreferences('/app/preload.cjs');
  it('isolates context, sandboxes the renderer and gives it no Node', () => {
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
    });
  });
  it('keeps web security on, no insecure content, no experimental features, no webview', () => {
    expect(prefs).toMatchObject({
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
    expect(prefs.enableBlinkFeatures).toBe('');
  });
});

describe('content security policy', () => {
  const directives = Object.fromEntries(
    CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
  );
  it('allows scripts from the app bundle only: no remote, inline or eval', () => {
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
  });
  it('lets images come only from the bundle and the image cache protocol', () => {
    expect(directives['img-src']).toEqual(["'self'", 'exam-image:', 'data:']);
  });
  it('is set as a response header', () => {
    expect(withCsp({ 'X-Other': ['1'] })).toEqual({
      'X-Other': ['1'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
  });
});

describe('navigation, new windows and permissions', () => {
  it('recognises only the bundled app as the app', () => {
    expect(isAppUrl('app://bundle/index.html')).toBe(true);
    expect(isAppUrl('app://evil/index.html')).toBe(false);
    expect(isAppUrl('https://bundle/index.html')).toBe(false);
    expect(isAppUrl('file:///etc/passwd')).toBe(false);
  });
  it('denies navigation away from the app and sends web links to the OS browser after a gesture', () => {
    const open = vi.fn();
    expect(navigationDecision('app://bundle/#/library', open, true)).toBe('allow');
    expect(navigationDecision('https://example.com/', open, true)).toBe('deny');
    expect(navigationDecision('file:///etc/passwd', open, true)).toBe('deny');
    expect(navigationDecision('javascript:alert(1)', open, true)).toBe('deny');
    // A script navigating on its own: nothing leaves the app.
    expect(navigationDecision('https://example.com/script', open, false)).toBe('deny');
    expect(open.mock.calls).toEqual([['https://example.com/']]);
  });
  it('never opens a new window; only http(s) links without credentials, after a gesture, reach the OS browser', () => {
    const open = vi.fn();
    for (const url of ['https://example.com/a', 'smb://server/share', 'file:///c:/x', 'https://user:pw@example.com/']) {
      expect(windowOpenDecision(url, open, true)).toEqual({ action: 'deny' });
    }
    expect(windowOpenDecision('https://example.com/popup', open, false)).toEqual({ action: 'deny' });
    expect(open.mock.calls).toEqual([['https://example.com/a']]);
    expect(isSafeExternalUrl('ms-msdt:/id')).toBe(false);
  });
  it('a gesture counts for 5 seconds after the key or click that made it, as Chromium’s popup rule', () => {
    let now = 1_000_000;
    const activation = new UserActivation(() => now);
    expect(activation.isActive()).toBe(false);
    activation.noteInput();
    now += ACTIVATION_MS;
    expect(activation.isActive()).toBe(true);
    now += 1;
    expect(activation.isActive()).toBe(false);
    // A clock set back does not make an old gesture new.
    activation.noteInput();
    now -= 60_000;
    expect(activation.isActive()).toBe(false);
  });
  it('denies every permission request', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
    ]) {
      expect(permissionDecision(permission)).toBe(false);
    }
  });
});

describe('app:// bundle protocol', () => {
  const root = '/opt/exam/out/renderer';
  it('serves files of the bundle and falls back to index.html for routes', () => {
    expect(resolveBundlePath('app://bundle/index.html', root)).toBe(join(root, 'index.html'));
    expect(resolveBundlePath('app://bundle/assets/app.js', root)).toBe(join(root, 'assets/app.js'));
    expect(resolveBundlePath('app://bundle/library', root)).toBe(join(root, 'index.html'));
  });
  it.each([
    'app://bundle/../../etc/passwd',
    'app://bundle/%2e%2e/%2e%2e/etc/passwd',
    'app://bundle/assets/..%2f..%2f..%2fsecret.js',
    'app://bundle/..%5c..%5cwindows%5cwin.ini',
    'app://other/index.html',
    'app://bundle/a%00.js',
    'app://bundle/%E0%A4%A',
  ])('refuses %s', (url) => {
    const path = resolveBundlePath(url, root);
    expect(path === null || path.startsWith(`${root}/`)).toBe(true);
    if (path !== null) expect(path).toBe(join(root, 'index.html'));
  });
});

describe('IPC sender check', () => {
  const trust = { trusted: new Set([7]) };
  const event = (id: number, url: string, parent: object | null = null) =>
    ({ sender: { id }, senderFrame: { url, parent } }) as unknown as Parameters<typeof isTrustedSender>[0];
  it('accepts the app’s own main frame only', () => {
    expect(isTrustedSender(event(7, 'app://bundle/index.html'), trust)).toBe(true);
    expect(isTrustedSender(event(8, 'app://bundle/index.html'), trust)).toBe(false);
    expect(isTrustedSender(event(7, 'https://evil.example/'), trust)).toBe(false);
    expect(isTrustedSender(event(7, 'app://bundle/index.html', {}), trust)).toBe(false);
  });
});

describe('every webContents, as it is created (web-contents-created)', () => {
  /** A webContents stand-in that records its guards, then plays each event at them. */
  function contents() {
    const listeners = new Map<string, ((event: { preventDefault(): void }, url?: string) => void)[]>();
    let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
    const guarded: GuardedContents = {
      setWindowOpenHandler: (handler) => (openHandler = handler),
      on: (event, listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    };
    const prevented = (event: string, url?: string) => {
      let stopped = false;
      for (const listener of listeners.get(event) ?? []) listener({ preventDefault: () => (stopped = true) }, url);
      return stopped;
    };
    return { guarded, prevented, open: (url: string) => openHandler?.({ url }) };
  }

  it('opens no new window, navigates and redirects only within app://bundle, attaches no <webview>', () => {
    const made = contents();
    guardWebContents(made.guarded);
    for (const url of ['https://example.com/', 'app://bundle/index.html', 'about:blank'])
      expect(made.open(url)).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(made.prevented(event, 'app://bundle/index.html')).toBe(false);
      for (const url of ['https://example.com/', 'file:///etc/passwd', 'app://other/x', 'javascript:alert(1)'])
        expect(made.prevented(event, url), `${event} ${url}`).toBe(true);
    }
    expect(made.prevented('will-attach-webview')).toBe(true);
  });
});
