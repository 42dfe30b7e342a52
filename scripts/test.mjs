// `npm test`: typecheck, lint, unit + integration (Vitest), build, the package (electron-builder's
// Linux dir target, checked and run from the package alone), UI e2e (Playwright: the harness on the
// build, the harness on the package, and Electron where its binary exists), then one summary line
// counting every test that ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/vitest.json', { force: true });
rmSync('.tmp/vitest-package.json', { force: true });
rmSync('.tmp/package/packaged.json', { force: true });
rmSync('.tmp/playwright.json', { force: true });

const steps = [
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npm', ['run', '-s', 'lint']],
  [
    'unit+integration',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json'],
  ],
  ['build', 'node', ['scripts/build.mjs']],
  // What electron-builder packages, checked and run from the package alone (test/package/).
  [
    'package',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'vitest.package.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.tmp/vitest-package.json',
    ],
  ],
  // The harness project on the source tree's build, and the packaged project on the package.
  ['e2e', 'npx', ['playwright', 'test']],
];

const results = [];
for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  // npm and npx are .cmd files on Windows: they need a shell there.
  const { status } = spawnSync(command, args, {
    stdio: 'inherit',
    env: process.env,
    shell: process.platform === 'win32',
  });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (status !== 0) break;
}

const readJson = (path) => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
};
const vitests = ['.tmp/vitest.json', '.tmp/vitest-package.json'].map(readJson);
const playwright = readJson('.tmp/playwright.json');
const sum = (field) => vitests.reduce((total, run) => total + (run?.[field] ?? 0), 0);
const passed = sum('numPassedTests') + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failedTests = sum('numFailedTests') + (playwright?.stats?.unexpected ?? 0);
const skipped = sum('numPendingTests') + sum('numTodoTests') + (playwright?.stats?.skipped ?? 0);
const failedSteps = results.filter((r) => !r.ok).length;

console.log(`\n${results.map((r) => `${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds}s)`).join('\n')}`);
if (results.length < steps.length)
  console.log(
    `not run after the failure: ${steps
      .slice(results.length)
      .map((s) => s[0])
      .join(', ')}`,
  );
console.log(
  `tests: ${passed} passed, ${failedTests + (failedSteps && !failedTests ? 1 : 0)} failed, ${skipped} skipped`,
);
process.exit(failedSteps ? 1 : 0);
