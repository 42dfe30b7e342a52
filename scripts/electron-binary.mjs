// Finds (and on `install`, fetches) the Electron binary without ever calling
// `require('electron')`: in Electron 45 that call downloads the binary on first
// use, which must not happen implicitly (offline CI, tests, `npm start`).
//
//   node scripts/electron-binary.mjs install  -> postinstall: fetch unless skipped
//   node scripts/electron-binary.mjs path     -> print the binary path or exit 1
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function electronPackageDir() {
  try {
    const require = createRequire(join(root, 'package.json'));
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The absolute path of the Electron executable, or null when it is not installed. */
export function electronBinaryPath() {
  const dir = electronPackageDir();
  if (!dir) return null;
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export const FETCH_COMMAND = 'node node_modules/electron/install.js';

function install() {
  if (electronBinaryPath()) return 0;
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === '1') {
    console.log('Electron binary: skipped (ELECTRON_SKIP_BINARY_DOWNLOAD=1).');
    return 0;
  }
  const dir = electronPackageDir();
  if (!dir) return 0;
  const result = spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'inherit' });
  if (result.status !== 0) {
    // Never fail `npm install` for this: tests and the CLI work without the binary.
    console.log(`Electron binary could not be downloaded; retry later with: ${FETCH_COMMAND}`);
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'install') process.exit(install());
  if (command === 'path') {
    const binary = electronBinaryPath();
    if (binary) console.log(binary);
    process.exit(binary ? 0 : 1);
  }
  console.error('usage: electron-binary.mjs install|path');
  process.exit(2);
}
