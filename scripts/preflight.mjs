// What `npm test` needs before its first stage, checked in seconds rather than discovered at the end
// of a long one: the project's packages installed, and a Chromium that runs (the harness journeys,
// and the integration tests that read printed PDFs, drive one).
//
// The browser, in this order: CHROMIUM_PATH or the system's Chromium when it runs; Playwright's own
// when it was downloaded; the system's Google Chrome; Playwright's download where its host answers; the system's package
// manager where this user may use it without a password (apt-get, as CI's .ci/run does). Otherwise
// the run stops at once with one line saying what to run.
//
//   node scripts/preflight.mjs       -> prints what it found (or the line), exit 0 / 1
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:https';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const BROWSER_HINT =
  'npm test needs a Chromium and found none that runs: run `npx playwright install --with-deps chromium` (or install your system’s chromium, or set CHROMIUM_PATH to one)';

/**
 * Where a system browser usually is: CHROMIUM_PATH and the system's Chromium first (what the harness
 * used before Playwright's own), then Google Chrome, tried only after Playwright's own.
 */
export function systemCandidates(env = process.env, platform = process.platform) {
  const chromium = [env.CHROMIUM_PATH];
  const chrome = [];
  if (platform === 'darwin') {
    chromium.push('/Applications/Chromium.app/Contents/MacOS/Chromium');
    chrome.push('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
  } else if (platform === 'win32') {
    for (const base of [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA])
      if (base) chrome.push(join(base, 'Google/Chrome/Application/chrome.exe'));
  } else {
    chromium.push('/usr/bin/chromium', '/usr/bin/chromium-browser');
    chrome.push('/usr/bin/google-chrome', '/usr/bin/google-chrome-stable');
  }
  const set = (paths) => paths.filter((path) => typeof path === 'string' && path.length > 0);
  return { chromium: set(chromium), chrome: set(chrome) };
}

/**
 * A browser that starts and says its version within 15 s (a snap stub or a broken wrapper does
 * not). Chrome on Windows has no --version (it would open a window): there, being there is enough.
 */
export function runs(path, platform = process.platform) {
  if (!existsSync(path)) return false;
  if (platform === 'win32') return true;
  const run = spawnSync(path, ['--version'], { timeout: 15_000, stdio: 'ignore' });
  return run.status === 0;
}

/** Playwright's own Chromium, where `npx playwright install chromium` put it. */
export function playwrightBrowser() {
  try {
    const core = createRequire(join(root, 'package.json'))('playwright-core');
    const path = core.chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** Whether Playwright's download host answers within 5 s (offline machines fail here, fast). */
export function downloadHostAnswers(env = process.env) {
  const host = env.PLAYWRIGHT_DOWNLOAD_HOST ?? 'https://cdn.playwright.dev';
  return new Promise((resolve) => {
    try {
      const req = request(host, { method: 'HEAD', timeout: 5_000 }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
      req.end();
    } catch {
      resolve(false);
    }
  });
}

/** apt-get's command line where this user may run it without a password and it knows a chromium. */
export function packageManagerInstall(platform = process.platform) {
  if (platform !== 'linux') return null;
  const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
  if (!has('apt-get')) return null;
  const root = process.getuid?.() === 0;
  if (!root && !(has('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0)) return null;
  const policy = spawnSync('apt-cache', ['policy', 'chromium'], { encoding: 'utf8' });
  if (!/Candidate: (?!\(none\))/.test(policy.stdout ?? '')) return null;
  const apt = ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'];
  return root ? apt : ['sudo', '-n', ...apt];
}

/** Runs a command with its output shown; true when it succeeded. */
function install(command) {
  console.log(`preflight: ${command.join(' ')}`);
  const run = spawnSync(command[0], command.slice(1), {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return run.status === 0;
}

/** What the real machine is asked; tests pass fakes. */
export const machineProbes = {
  systemBrowser: () => systemCandidates().chromium.find((path) => runs(path)) ?? null,
  playwrightBrowser,
  otherBrowser: () => systemCandidates().chrome.find((path) => runs(path)) ?? null,
  online: () => downloadHostAnswers(),
  download: async () => install(['npx', 'playwright', 'install', 'chromium']),
  packageManager: () => packageManagerInstall(),
  install: async (command) => install(command),
};

/**
 * The decision: a browser found or got, or the one line that says what to run.
 * @returns {Promise<{ ok: true, source: 'system' | 'playwright', path: string | null } | { ok: false, message: string }>}
 */
export async function ensureBrowser(probes = machineProbes) {
  const system = probes.systemBrowser();
  if (system) return { ok: true, source: 'system', path: system };
  if (probes.playwrightBrowser()) return { ok: true, source: 'playwright', path: null };
  const other = probes.otherBrowser();
  if (other) return { ok: true, source: 'system', path: other };
  if ((await probes.online()) && (await probes.download()) && probes.playwrightBrowser())
    return { ok: true, source: 'playwright', path: null };
  const packageManager = probes.packageManager();
  if (packageManager && (await probes.install(packageManager))) {
    const installed = probes.systemBrowser();
    if (installed) return { ok: true, source: 'system', path: installed };
  }
  return { ok: false, message: BROWSER_HINT };
}

/** Everything `npm test` needs; on success, the environment its stages run with. */
export async function preflight(env = process.env, probes = machineProbes) {
  if (!existsSync(join(root, 'node_modules/.package-lock.json')) && !existsSync(join(root, 'node_modules/vitest')))
    return { ok: false, message: 'npm test needs the project’s packages: run `npm install` first' };
  const browser = await ensureBrowser(probes);
  if (!browser.ok) return browser;
  // The harness and the PDF reader launch CHROMIUM_PATH when set, Playwright's own otherwise.
  return {
    ok: true,
    env: browser.path ? { ...env, CHROMIUM_PATH: browser.path } : env,
    browser: browser.path ?? 'Playwright’s Chromium',
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await preflight();
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
  console.log(`preflight: browser ${result.browser}`);
}
