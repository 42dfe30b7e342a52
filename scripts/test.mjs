// `npm test`: the prerequisites (scripts/preflight.mjs), then the quick tier of every layer, then one
// summary line counting every test that ran.
//   typecheck and lint (side by side: each is one thread), unit + integration (Vitest), build, the
//   package (electron-builder's Linux dir target, checked and run from the package alone), UI e2e
//   (Playwright: the harness on the build, the harness on the package, and Electron where its
//   binary exists).
// `npm run test:long` (--tier long): what the quick tier leaves out (scripts/test-tiers.mjs), over a
//   fresh build and package. `npm run test:all` (--tier all): both in one run. CI runs quick then long.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { preflight } from './preflight.mjs';
import { selectedTier } from './test-tiers.mjs';

const tierArg = process.argv.indexOf('--tier');
const tier = selectedTier({ EXAM_PRACTICE_TIER: tierArg === -1 ? 'quick' : process.argv[tierArg + 1] });

// Prerequisites first (scripts/preflight.mjs): the packages, and a Chromium that runs, found or got
// (Playwright's download, the system's package manager); else one line saying what to run, now.
const ready = await preflight();
if (!ready.ok) {
  console.error(ready.message);
  process.exit(1);
}
console.log(`preflight: browser ${ready.browser}`);
const env = { ...ready.env, EXAM_PRACTICE_TIER: tier };

mkdirSync('.tmp', { recursive: true });
for (const file of ['.tmp/vitest.json', '.tmp/vitest-package.json', '.tmp/playwright.json'])
  rmSync(file, { force: true });
// A package left by an earlier run is never tested as this one's: every tier packages anew.
rmSync('.tmp/package/packaged.json', { force: true });

const json = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
const checks = [
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'npm', ['run', '-s', 'lint']],
];
const vitest = ['unit+integration', 'npx', ['vitest', 'run', ...json('.tmp/vitest.json')]];
const build = ['build', 'node', ['scripts/build.mjs']];
// What electron-builder packages, checked and run from the package alone (test/package/).
const packageChecks = [
  'package',
  'npx',
  ['vitest', 'run', '--config', 'vitest.package.config.ts', ...json('.tmp/vitest-package.json')],
];
// The long tier has no package test of its own; its packaged e2e journeys need a package all the same.
const packageOnly = ['package', 'node', ['scripts/package-app.mjs', '--quiet']];
// The harness project on the source tree's build, and the packaged project on the package.
const e2e = ['e2e', 'npx', ['playwright', 'test']];

/** Each stage is one step or several run side by side; a failed stage stops the run. */
const stages =
  tier === 'long' ? [[vitest], [build], [packageOnly], [e2e]] : [checks, [vitest], [build], [packageChecks], [e2e]];

/** Runs one step; side by side, its output is held and printed whole when it ends, not interleaved. */
function run([name, command, args], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    // npm and npx are .cmd files on Windows: they need a shell there.
    const child = spawn(command, args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env,
      shell: process.platform === 'win32',
    });
    const held = [];
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.on('close', (status) => {
      if (!alone) process.stdout.write(`\n▶ ${name}\n${Buffer.concat(held).toString()}`);
      resolve({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

console.log(`tier: ${tier}`);
const results = [];
let stopped = null;
for (const [index, stage] of stages.entries()) {
  if (stage.length === 1) console.log(`\n▶ ${stage[0][0]}`);
  else console.log(`\n▶ ${stage.map((step) => step[0]).join(' + ')}, side by side`);
  const done = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  results.push(...done);
  if (done.some((r) => !r.ok)) {
    stopped = index + 1;
    break;
  }
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
const sum = (field) => vitests.reduce((total, report) => total + (report?.[field] ?? 0), 0);
const passed = sum('numPassedTests') + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failedTests = sum('numFailedTests') + (playwright?.stats?.unexpected ?? 0);
const skipped = sum('numPendingTests') + sum('numTodoTests') + (playwright?.stats?.skipped ?? 0);
const failedSteps = results.filter((r) => !r.ok).length;

console.log(`\n${results.map((r) => `${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds}s)`).join('\n')}`);
if (stopped !== null && stopped < stages.length)
  console.log(
    `not run after the failure: ${stages
      .slice(stopped)
      .flat()
      .map((step) => step[0])
      .join(', ')}`,
  );
console.log(
  `tests: ${passed} passed, ${failedTests + (failedSteps && !failedTests ? 1 : 0)} failed, ${skipped} skipped`,
);
process.exit(failedSteps ? 1 : 0);
