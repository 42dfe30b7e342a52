// npm test's first step (scripts/preflight.mjs): a browser that runs is found or got before any stage
// needs one, or the run stops at once with one line saying what to run.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BROWSER_HINT, ensureBrowser, systemCandidates, type BrowserProbes } from '../../scripts/preflight.mjs';

/** A machine described by what it has; every probe call is recorded. */
function machine(has: {
  system?: string;
  playwright?: boolean;
  chrome?: string;
  online?: boolean;
  downloads?: boolean;
  apt?: boolean;
}) {
  const calls: string[] = [];
  let playwright = has.playwright ?? false;
  let system = has.system ?? null;
  const probes: BrowserProbes = {
    systemBrowser: () => (calls.push('system'), system),
    playwrightBrowser: () => (calls.push('playwright'), playwright ? '/cache/ms-playwright/chrome' : null),
    otherBrowser: () => (calls.push('chrome'), has.chrome ?? null),
    online: () => (calls.push('online'), Promise.resolve(has.online ?? false)),
    download: () => {
      calls.push('download');
      playwright = has.downloads ?? false;
      return Promise.resolve(playwright);
    },
    packageManager: () => (calls.push('package manager'), has.apt ? ['apt-get', 'install', 'chromium'] : null),
    install: () => {
      calls.push('install');
      system = '/usr/bin/chromium';
      return Promise.resolve(true);
    },
  };
  return { probes, calls };
}

describe('npm test’s preflight: the browser', () => {
  it('uses the system’s chromium when it runs, and downloads nothing', async () => {
    const { probes, calls } = machine({ system: '/usr/bin/chromium', online: true });
    expect(await ensureBrowser(probes)).toEqual({ ok: true, source: 'system', path: '/usr/bin/chromium' });
    expect(calls).toEqual(['system']);
  });

  it('uses Playwright’s own browser when it was downloaded', async () => {
    const { probes, calls } = machine({ playwright: true, online: true });
    expect(await ensureBrowser(probes)).toEqual({ ok: true, source: 'playwright', path: null });
    expect(calls).not.toContain('download');
  });

  it('prefers Playwright’s own to Google Chrome, and takes Chrome where it is the only one', async () => {
    const both = machine({ playwright: true, chrome: '/usr/bin/google-chrome' });
    expect(await ensureBrowser(both.probes)).toEqual({ ok: true, source: 'playwright', path: null });
    const chromeOnly = machine({ chrome: '/usr/bin/google-chrome', online: true });
    expect(await ensureBrowser(chromeOnly.probes)).toEqual({
      ok: true,
      source: 'system',
      path: '/usr/bin/google-chrome',
    });
    expect(chromeOnly.calls).not.toContain('download');
  });

  it('downloads Playwright’s where the network allows', async () => {
    const { probes, calls } = machine({ online: true, downloads: true, apt: true });
    expect(await ensureBrowser(probes)).toEqual({ ok: true, source: 'playwright', path: null });
    expect(calls).toContain('download');
    expect(calls).not.toContain('install');
  });

  it('offline, installs the system’s package where the user may (as CI does)', async () => {
    const { probes, calls } = machine({ online: false, apt: true });
    expect(await ensureBrowser(probes)).toEqual({ ok: true, source: 'system', path: '/usr/bin/chromium' });
    expect(calls).not.toContain('download');
    expect(calls).toContain('install');
  });

  it('with neither and offline, stops at once with one line saying what to run', async () => {
    const { probes } = machine({ online: false });
    const started = Date.now();
    const found = await ensureBrowser(probes);
    expect(found).toEqual({ ok: false, message: BROWSER_HINT });
    expect(BROWSER_HINT).not.toContain('\n');
    expect(BROWSER_HINT).toContain('npx playwright install');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('the script itself: with no browser anywhere and offline, exits non-zero with that line in seconds', () => {
    const started = Date.now();
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { ensureBrowser, machineProbes } from './scripts/preflight.mjs';
         const found = await ensureBrowser({ ...machineProbes, systemBrowser: () => null, playwrightBrowser: () => null,
           otherBrowser: () => null, online: () => Promise.resolve(false), packageManager: () => null });
         if (!found.ok) { console.error(found.message); process.exit(1); }`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(BROWSER_HINT);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('looks for the system’s browser where each platform keeps it, CHROMIUM_PATH first', () => {
    expect(systemCandidates({ CHROMIUM_PATH: '/opt/c' }, 'linux')).toEqual({
      chromium: ['/opt/c', '/usr/bin/chromium', '/usr/bin/chromium-browser'],
      chrome: ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'],
    });
    expect(systemCandidates({}, 'darwin').chromium[0]).toContain('Chromium.app');
    expect(systemCandidates({ PROGRAMFILES: 'C:\\Program Files' }, 'win32').chrome[0]).toContain('chrome.exe');
  });
});
