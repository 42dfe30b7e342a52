// The GitHub Actions workflow cannot run here (no Electron download, no GitHub): it is kept valid
// by reading it as the runner would and checking it does what the README and the issue promise.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  strategy?: { matrix?: { os?: string[] } };
  steps: Step[];
}
const workflow = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
};
const readme = readFileSync('README.md', 'utf8');
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const runs = (job: Job) => job.steps.map((step) => step.run ?? '').filter(Boolean);

describe('the CI workflow', () => {
  const test = workflow.jobs.test;
  const packaged = workflow.jobs['e2e-packaged'];
  if (!test || !packaged) throw new Error('jobs "test" and "e2e-packaged" are required');

  it('runs on pushes and pull requests, on Linux, Windows and macOS', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(test.strategy?.matrix?.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(test['runs-on']).toBe('${{ matrix.os }}');
  });

  it('installs with the Electron download (never skipped) and runs the README’s test command', () => {
    expect(readme).toContain('npm test ');
    for (const job of [test, packaged]) {
      expect(runs(job)).toContain('npm ci');
      for (const step of job.steps) expect(JSON.stringify(step)).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
    }
    const testSteps = runs(test).filter((run) => /\bnpm test$/.test(run));
    expect(testSteps).toEqual(['xvfb-run -a npm test', 'npm test']); // Linux needs a display for Electron
    expect(scripts.test).toBe('node scripts/test.mjs');
    // Then the long tier, so that CI runs every test once: what npm test leaves out, on every system.
    const longSteps = runs(test).filter((run) => /\bnpm run test:long$/.test(run));
    expect(longSteps).toEqual(['xvfb-run -a npm run test:long', 'npm run test:long']);
    expect(scripts['test:long']).toBe('node scripts/test.mjs --tier long');
    expect(runs(test).indexOf('npm test')).toBeLessThan(runs(test).indexOf('npm run test:long'));
  });

  it('builds the installers and keeps them as artifacts', () => {
    expect(runs(test)).toContain('npx electron-builder --publish never');
    // Then runs the installer's PATH edit with the NSIS those installers were built with.
    const names = test.steps.map((step) => step.name ?? step.uses ?? '');
    const pathStep = test.steps.find((step) => step.run?.includes('installer-path.test.ts'));
    expect(pathStep?.if).toBe("runner.os == 'Windows'");
    expect(pathStep?.env?.EXAM_PRACTICE_REQUIRE_MAKENSIS).toBe('1');
    expect(names.indexOf(pathStep?.name ?? '')).toBeGreaterThan(
      names.indexOf('Installers (nsis; dmg and zip; AppImage and deb)'),
    );
    const upload = test.steps.find((step) => step.uses?.startsWith('actions/upload-artifact') && !step.if);
    const paths = String(upload?.with?.path ?? '');
    for (const kind of ['.exe', '.dmg', '.zip', '.AppImage', '.deb']) expect(paths).toContain(kind);
  });

  it('runs the Electron specs against the packaged e2e build on every system, found where electron-builder puts it', async () => {
    expect(packaged.strategy?.matrix?.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(packaged['runs-on']).toBe('${{ matrix.os }}');
    const config = runs(packaged).find((run) => run.includes('electron-builder'));
    expect(config).toContain('--config electron-builder.e2e.yml');
    expect(existsSync('electron-builder.e2e.yml')).toBe(true);
    expect(runs(packaged)).toContain('node scripts/e2e-packaged.mjs');
    expect(readFileSync('electron-builder.yml', 'utf8')).toContain('executableName: exam-practice');
    // The executable of each system's unpacked folder (electron-builder's names, the product's name).
    const { packagedExecutable } = await import('../../scripts/e2e-packaged.mjs');
    const temp = mkdtempSync(join(tmpdir(), 'dist-e2e-'));
    const made = (path: string) => {
      mkdirSync(dirname(join(temp, path)), { recursive: true });
      writeFileSync(join(temp, path), '');
      return join(temp, path);
    };
    const linux = made('linux-unpacked/exam-practice');
    const windows = made('win-unpacked/Exam Practice.exe');
    const mac = made('mac-arm64/Exam Practice.app/Contents/MacOS/Exam Practice');
    expect(packagedExecutable('linux', temp)).toBe(linux);
    expect(packagedExecutable('win32', temp)).toBe(windows);
    expect(packagedExecutable('darwin', temp)).toBe(mac);
    rmSync(temp, { recursive: true, force: true });
  });

  it('publishes the installers with their update feeds (latest*.yml) on a version tag, after every test', () => {
    const release = workflow.jobs.release as (Job & { if?: string; needs?: string[] }) | undefined;
    expect(release?.if).toBe("startsWith(github.ref, 'refs/tags/v')");
    expect(release?.needs).toEqual(['test', 'e2e-packaged']);
    expect(release?.strategy?.matrix?.os).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    const publish = release?.steps.find((step) => step.run?.includes('scripts/release.mjs'));
    expect(publish?.run).toBe('node scripts/release.mjs');
    expect(publish?.env?.GH_TOKEN).toBe('${{ secrets.GITHUB_TOKEN }}');
    // Signing from optional secrets, under the names electron-builder reads.
    expect(publish?.env).toMatchObject({
      WIN_CSC_LINK: '${{ secrets.WIN_CSC_LINK }}',
      WIN_CSC_KEY_PASSWORD: '${{ secrets.WIN_CSC_KEY_PASSWORD }}',
      CSC_LINK: '${{ secrets.MAC_CSC_LINK }}',
      APPLE_ID: '${{ secrets.APPLE_ID }}',
      APPLE_APP_SPECIFIC_PASSWORD: '${{ secrets.APPLE_APP_SPECIFIC_PASSWORD }}',
      APPLE_TEAM_ID: '${{ secrets.APPLE_TEAM_ID }}',
    });
    expect((workflow.on.push as { tags?: string[] }).tags).toEqual(['v*']);
    // electron-builder writes latest*.yml for the provider the packaging config names.
    expect(parse(readFileSync('electron-builder.yml', 'utf8'))).toMatchObject({ publish: { provider: 'github' } });
  });

  it('uses only actions pinned to a major version', () => {
    for (const job of Object.values(workflow.jobs)) {
      for (const step of job.steps) if (step.uses) expect(step.uses).toMatch(/^actions\/[\w-]+@v\d+$/);
    }
  });
});

describe('the release build’s signing (scripts/release.mjs)', () => {
  it('signs only with a certificate, and says what each build’s updates verify', async () => {
    const { signingPlan } = await import('../../scripts/release.mjs');
    const unsignedWin = signingPlan({ WIN_CSC_LINK: '' }, 'win32');
    expect(unsignedWin).toMatchObject({ signed: false, args: ['electron-builder', '--publish', 'always'] });
    expect(unsignedWin.verified).toHaveLength(1);
    expect(unsignedWin.verified[0]).toContain('sha512');
    const signedWin = signingPlan({ WIN_CSC_LINK: 'base64…', WIN_CSC_KEY_PASSWORD: 'x' }, 'win32');
    expect(signedWin.signed).toBe(true);
    expect(signedWin.args).toContain('-c.extraMetadata.examPracticeSigned=true');
    expect(signedWin.verified.join(' ')).toContain('Authenticode');
    const unsignedMac = signingPlan({}, 'darwin');
    expect(unsignedMac).toMatchObject({ signed: false, notarized: false });
    expect(unsignedMac.extraEnv).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(signingPlan({ CSC_LINK: 'p12' }, 'darwin')).toMatchObject({ signed: true, notarized: false });
    expect(
      signingPlan({ CSC_LINK: 'p12', APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b', APPLE_TEAM_ID: 'c' }, 'darwin'),
    ).toMatchObject({ signed: true, notarized: true });
    expect(signingPlan({ WIN_CSC_LINK: 'x' }, 'linux').signed).toBe(false);
  });

  it('reads whether app-update.yml names the publisher electron-updater checks', async () => {
    const { namesPublisher } = await import('../../scripts/release.mjs');
    expect(namesPublisher('owner: x\nrepo: y\nprovider: github\n')).toBe(false);
    expect(namesPublisher('publisherName:\n  - Escola Exemplo Ltda\nprovider: github\n')).toBe(true);
    expect(namesPublisher('publisherName: null\nprovider: github\n')).toBe(false);
  });
});
