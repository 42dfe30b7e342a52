// Runs only in the Electron project: reads the real windows' preferences and the
// real session handlers from the main process.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { electronBinaryPath } from '../../scripts/electron-binary.mjs';
import { APP_VERSION } from '../../main/core/version.js';
import { expect, test } from './fixtures.js';

test.beforeEach(({ launch: _launch }, testInfo) => {
  test.skip(testInfo.project.name !== 'electron', 'inspects the real Electron main process');
});

test('every webContents is isolated, sandboxed, without Node, on the app origin', async ({ launch }) => {
  const app = await launch();
  const electronApp = app.electronApp;
  if (!electronApp) throw new Error('no Electron app');
  const windows = await electronApp.evaluate(({ webContents }) =>
    webContents.getAllWebContents().map((contents) => {
      const prefs = (
        contents as unknown as { getLastWebPreferences(): Record<string, unknown> }
      ).getLastWebPreferences();
      return { url: contents.getURL(), prefs };
    }),
  );
  expect(windows.length).toBeGreaterThan(0);
  for (const { url, prefs } of windows) {
    expect(url).toMatch(/^app:\/\/bundle\//);
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
  }
});

test('refuses permissions, new windows and navigation away from the app', async ({ launch }) => {
  const app = await launch();
  const permission = await app.page.evaluate(() =>
    navigator.permissions.query({ name: 'geolocation' }).then((p) => p.state),
  );
  expect(permission).not.toBe('granted');
  const opened = await app.page.evaluate(() => window.open('https://example.com/') === null);
  expect(opened).toBe(true);
  expect(await app.electronApp?.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  await app.page.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await expect(app.page).toHaveURL(/^app:\/\/bundle\//);
});

test('serves the renderer with the CSP header and refuses traversal on both protocols', async ({ launch }) => {
  const app = await launch();
  const statuses = await app.page.evaluate(async () => {
    const ok = await fetch('app://bundle/index.html');
    const traversal = await fetch('app://bundle/..%2f..%2fpackage.json').then(
      (r) => r.status,
      () => 0,
    );
    return { csp: ok.headers.get('content-security-policy'), traversal };
  });
  expect(statuses.csp).toContain("script-src 'self'");
  expect([0, 400, 404]).toContain(statuses.traversal);
});

test('the app’s own binary runs the CLI with --cli: no window, its output, its exit code', async ({
  launch: _launch,
}, testInfo) => {
  const binary = process.env.EXAM_PRACTICE_E2E_APP ?? electronBinaryPath();
  test.skip(!binary, 'no Electron binary here');
  const args = process.env.EXAM_PRACTICE_E2E_APP ? [] : ['.'];
  const run = (more: string[]) =>
    spawnSync(binary ?? '', [...args, '--cli', ...more], {
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_RUN_AS_NODE: undefined, EXAM_PRACTICE_DATA_DIR: testInfo.outputPath('data') },
      timeout: 60_000,
    });
  const version = run(['--version']);
  expect(version.status).toBe(0);
  expect(version.stdout.trim()).toBe(APP_VERSION);
  const usage = run(['print', 'booklet']);
  expect(usage.status).toBe(2);
  const inspected = run(['pack', 'inspect', resolve('assets/demo.exampack'), '--json']);
  expect(inspected.status, inspected.stderr).toBe(0);
  expect(JSON.parse(inspected.stdout.trim().split('\n').at(-1) ?? '{}')).toMatchObject({
    manifest: { id: 'demo-pack' },
  });
});
