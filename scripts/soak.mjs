// `npm run soak`: the kill -9 loops of test/integration/crash.test.ts, many more times
// (SOAK_KILLS, default 200 per scenario) than the 20 of `npm test`.
import { spawnSync } from 'node:child_process';

const kills = process.env.SOAK_KILLS ?? '200';
const { status } = spawnSync('npx', ['vitest', 'run', 'test/integration/crash.test.ts', '--testTimeout', '1800000'], {
  stdio: 'inherit',
  env: { ...process.env, SOAK_KILLS: kills },
  shell: process.platform === 'win32',
});
process.exit(status ?? 1);
