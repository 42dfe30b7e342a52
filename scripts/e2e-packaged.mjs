// The Electron specs against the packaged e2e build (electron-builder.e2e.yml, built with --dir):
// finds its executable where electron-builder put it on this OS and runs Playwright's electron
// project on it. CI's e2e-packaged job runs it on Linux, Windows and macOS before any release.
//
//   node scripts/e2e-packaged.mjs [playwright args…]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const OUT = 'dist-e2e';

/** electron-builder's unpacked folder for this OS (mac, mac-arm64, linux-unpacked, win-unpacked…). */
export function packagedExecutable(platform = process.platform, out = OUT) {
  const folders = existsSync(out) ? readdirSync(out) : [];
  const candidates = folders.flatMap((folder) => {
    if (platform === 'darwin' && /^mac/.test(folder))
      return [join(out, folder, 'Exam Practice.app', 'Contents', 'MacOS', 'Exam Practice')];
    if (platform === 'win32' && /^win.*-unpacked$/.test(folder)) return [join(out, folder, 'Exam Practice.exe')];
    if (platform === 'linux' && /^linux.*-unpacked$/.test(folder)) return [join(out, folder, 'exam-practice')];
    return [];
  });
  return candidates.find((path) => existsSync(path)) ?? null;
}

if (process.argv[1]?.endsWith('e2e-packaged.mjs')) {
  const executable = packagedExecutable();
  if (!executable) {
    console.error(
      `e2e-packaged: no packaged app in ${OUT}/ (npx electron-builder --config electron-builder.e2e.yml --dir)`,
    );
    process.exit(1);
  }
  console.log(`e2e-packaged: ${executable}`);
  const args = ['playwright', 'test', '--project', 'electron', ...process.argv.slice(2)];
  const linuxDisplay = process.platform === 'linux' && !process.env.DISPLAY;
  const [command, commandArgs] = linuxDisplay ? ['xvfb-run', ['-a', 'npx', ...args]] : ['npx', args];
  const run = spawnSync(command, commandArgs, {
    stdio: 'inherit',
    env: { ...process.env, EXAM_PRACTICE_E2E_APP: executable },
    shell: process.platform === 'win32',
  });
  process.exit(run.status ?? 1);
}
