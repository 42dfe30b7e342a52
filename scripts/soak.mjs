// `npm run soak`: the kill -9 loops of test/integration/crash.test.ts, many more times
// (SOAK_KILLS, default 200 per scenario) than the 4 of `npm test` and CI's 20, and the noninterference
// property over thousands of call sequences (NONINTERFERENCE_RUNS, default 3000 in the timed world
// and a third of that in each other kind) instead of `npm test`'s 12 and CI's 150, from a fresh seed each time
// (NONINTERFERENCE_SEED to replay one), printing per kind and channel how often each answered ok
// and with which refusals.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  SOAK_KILLS: process.env.SOAK_KILLS ?? '200',
  NONINTERFERENCE_RUNS: process.env.NONINTERFERENCE_RUNS ?? '3000',
  NONINTERFERENCE_SEED: process.env.NONINTERFERENCE_SEED ?? String(Date.now() % 2 ** 31),
  // The per-channel coverage table (calls, ok, refusals by code) after the property.
  NONINTERFERENCE_TABLE: '1',
};
console.log(
  `soak: ${env.SOAK_KILLS} kills per scenario; ${env.NONINTERFERENCE_RUNS} sequences, seed ${env.NONINTERFERENCE_SEED}`,
);
const { status } = spawnSync(
  'npx',
  ['vitest', 'run', 'test/integration/crash.test.ts', 'test/integration/noninterference/', '--testTimeout', '3600000'],
  { stdio: 'inherit', env, shell: process.platform === 'win32' },
);
process.exit(status ?? 1);
