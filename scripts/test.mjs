// `npm test`: typecheck, lint, unit + integration (Vitest), build, UI e2e
// (Playwright: harness, and Electron where its binary exists), then one summary
// line counting every test that ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/vitest.json', { force: true });
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
const vitest = readJson('.tmp/vitest.json');
const playwright = readJson('.tmp/playwright.json');
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failedTests = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
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
