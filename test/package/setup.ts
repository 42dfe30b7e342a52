// The packaged-app tests' global setup: the app built as `npm run build` builds it, then packaged by
// electron-builder with the project's configuration (scripts/package-app.mjs).
import { spawnSync } from 'node:child_process';
import { packageApp } from '../../scripts/package-app.mjs';

export default function setup(): void {
  // Built as `npm run build` builds it: Vitest's NODE_ENV=test would give Vite React's development build.
  const { NODE_ENV: _vitest, ...env } = process.env;
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env });
  if (build.status !== 0) throw new Error('build failed');
  const summary = packageApp({ quiet: true }) as { seconds: number; electronStandIn: boolean };
  console.log(
    `package: linux dir in ${summary.seconds.toFixed(1)} s${summary.electronStandIn ? ' (stand-in Electron binary: docs/testing.md › The package)' : ''}`,
  );
}
