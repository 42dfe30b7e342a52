// Packages the app as a student installs it: electron-builder's Linux `dir` target with the
// project's own electron-builder.yml, then opens what it made so that tests run the package alone.
//
//   node scripts/package-app.mjs            -> .tmp/package/linux-unpacked + an extracted copy
//
// Where the Electron binary was downloaded, electron-builder packages it. Where it was not (offline
// machines, CI here), it packages a stand-in distribution made below: a one-line program that carries
// Electron's fuse sentinel, so that electron-builder copies it, renames it and flips its fuses exactly
// as it does the real binary. Everything else in the package (app.asar, app.asar.unpacked, the
// resources electron-builder adds) is the real thing.
//
// The extracted copy lives outside the source tree, so that Node's module resolution cannot climb
// into the repository's node_modules: a module the package lacks fails there as it fails for a student.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinaryPath } from './electron-binary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const asar = require('@electron/asar');

/** Electron's fuse wire: the sentinel, the wire's version (1) and its length, one byte a fuse. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_COUNT = 8;

export const PACKAGE_DIR = join(root, '.tmp/package');
export const UNPACKED_DIR = join(PACKAGE_DIR, 'linux-unpacked');
/** Where the package's app.asar is opened, away from the repository's node_modules. */
// One per checkout: two checkouts' tests (a CI rehearsal beside a working tree) never share it.
export const EXTRACTED_DIR = join(
  tmpdir(),
  `exam-practice-packaged-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`,
  'app',
);
export const STANDIN_MARK = 'exam-practice electron stand-in';

/** A stand-in Electron distribution: what electron-builder needs of one, and nothing that runs a window. */
function standInDistribution() {
  const dir = join(PACKAGE_DIR, 'electron-standin');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'resources'), { recursive: true });
  mkdirSync(join(dir, 'locales'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, FUSE_COUNT]),
    Buffer.from('0'.repeat(FUSE_COUNT)),
  ]);
  const program = Buffer.concat([
    Buffer.from(`#!/bin/sh\n# ${STANDIN_MARK}: no window here (docs/testing.md › The package)\n# `),
    wire,
    Buffer.from('\necho "exam-practice: stand-in binary (the real Electron was not downloaded)" >&2\nexit 64\n'),
  ]);
  writeFileSync(join(dir, 'electron'), program);
  chmodSync(join(dir, 'electron'), 0o755);
  const version = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
  writeFileSync(join(dir, 'version'), version);
  writeFileSync(join(dir, 'LICENSE'), 'stand-in\n');
  return dir;
}

/** The real distribution where it was downloaded (node_modules/electron/dist), else the stand-in. */
function electronDistribution() {
  const binary = electronBinaryPath();
  if (binary && process.platform === 'linux') return { dir: dirname(binary), standIn: false };
  return { dir: standInDistribution(), standIn: true };
}

/** Runs electron-builder over out/ (which `npm run build` made) and opens the result. */
export function packageApp({ quiet = false, arch = 'x64' } = {}) {
  if (!existsSync(join(root, 'out/main/index.js'))) throw new Error('out/ is not built: run `npm run build` first');
  const distribution = electronDistribution();
  rmSync(arch === 'x64' ? UNPACKED_DIR : join(PACKAGE_DIR, `linux-${arch}-unpacked`), { recursive: true, force: true });
  const builder = join(dirname(require.resolve('electron-builder/package.json')), 'cli.js');
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      builder,
      '--linux',
      'dir',
      `--${arch}`,
      '--publish',
      'never',
      `-c.electronDist=${distribution.dir}`,
      `-c.directories.output=${PACKAGE_DIR}`,
    ],
    { cwd: root, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' },
  );
  if (run.status !== 0) {
    if (quiet) process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
    throw new Error(`electron-builder failed (exit ${run.status})`);
  }
  const unpacked = arch === 'x64' ? UNPACKED_DIR : join(PACKAGE_DIR, `linux-${arch}-unpacked`);
  const resources = join(unpacked, 'resources');
  rmSync(EXTRACTED_DIR, { recursive: true, force: true });
  mkdirSync(dirname(EXTRACTED_DIR), { recursive: true });
  // What Electron shows the app of its asar: the archive's files, with the unpacked ones in place.
  asar.extractAll(join(resources, 'app.asar'), EXTRACTED_DIR);
  if (existsSync(join(resources, 'app.asar.unpacked')))
    cpSync(join(resources, 'app.asar.unpacked'), EXTRACTED_DIR, { recursive: true, force: true });
  const summary = {
    unpacked,
    resources,
    asar: join(resources, 'app.asar'),
    extracted: EXTRACTED_DIR,
    electronStandIn: distribution.standIn,
    seconds: (Date.now() - started) / 1000,
  };
  writeFileSync(join(PACKAGE_DIR, 'packaged.json'), `${JSON.stringify(summary, null, 2)}\n`);
  return summary;
}

/** The bound on app.asar for the Linux target (docs/performance.md › The package): what runs, no more. */
export const ASAR_MAX_BYTES = 40 * 1000 * 1000;

/** app.asar's size and its largest files (unpacked files live beside it and are not counted). */
export function asarReport(asarPath, count = 10) {
  const files = [];
  for (const listed of asar.listPackage(asarPath)) {
    const path = listed.replaceAll('\\', '/').replace(/^\//, '');
    const stat = asar.statFile(asarPath, path);
    if (stat.files || stat.link || stat.unpacked || typeof stat.size !== 'number') continue;
    files.push({ path, bytes: stat.size });
  }
  files.sort((a, b) => b.bytes - a.bytes);
  return {
    bytes: statSync(asarPath).size,
    largest: files.slice(0, count),
    maps: files.filter((f) => f.path.endsWith('.map')),
  };
}

/** The report as lines: the size, then the largest files. */
export function describeAsar(report) {
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  return [
    `app.asar: ${mb(report.bytes)} (bound ${mb(ASAR_MAX_BYTES)}); its ${report.largest.length} largest files:`,
    ...report.largest.map((file) => `  ${mb(file.bytes).padStart(8)}  ${file.path}`),
  ].join('\n');
}

/** What the last packaging left (tests read it), or null. */
export function packagedApp() {
  try {
    return JSON.parse(readFileSync(join(PACKAGE_DIR, 'packaged.json'), 'utf8'));
  } catch {
    return null;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const archArg = process.argv.indexOf('--arch');
  const summary = packageApp({
    quiet: process.argv.includes('--quiet'),
    ...(archArg !== -1 && { arch: process.argv[archArg + 1] }),
  });
  console.log(
    `package: linux dir in ${summary.seconds.toFixed(1)} s${summary.electronStandIn ? ' (stand-in Electron binary)' : ''}; opened at ${summary.extracted}`,
  );
  console.log(describeAsar(asarReport(summary.asar)));
}
