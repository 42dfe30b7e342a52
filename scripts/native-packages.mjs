// The app's native parts ship one npm package per platform and architecture (@napi-rs/canvas's Skia
// binding, the FSRS optimizer), and npm installs only the build machine's. An installer for another
// architecture built on that machine (Windows arm64 on an x64 runner, macOS x64 on an arm64 one)
// would carry none of its own: the scan reader and the notebook's fit would fail in every copy.
//
//   node scripts/native-packages.mjs install        -> fetches, for each architecture electron-builder.yml
//                                                      builds on this system, the packages the lockfile
//                                                      pins for it (integrity checked), into node_modules
//   node scripts/native-packages.mjs check <dist>   -> every unpacked app in <dist> holds its own
//                                                      platform's and architecture's native files, no other's
//
// electron-builder.yml keeps, of these packages, only the target's (`${platform}-${arch}`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The packages whose native binaries come in per-platform optional packages. */
export const NATIVE_PARENTS = ['@napi-rs/canvas', '@open-spaced-repetition/binding'];

/** electron-builder's names for each system's configuration key. */
const CONFIG_KEY = { linux: 'linux', win32: 'win', darwin: 'mac' };

/**
 * The architectures electron-builder.yml builds on a machine of `platform` (its targets' `arch`, or
 * the machine's own where a target names none, as electron-builder does).
 */
export function targetArchs(config, platform, hostArch = 'x64') {
  const targets = [config[CONFIG_KEY[platform]]?.target ?? []].flat();
  const archs = new Set();
  for (const target of targets) {
    const named = typeof target === 'string' ? undefined : target.arch;
    for (const arch of named === undefined ? [hostArch] : [named].flat()) archs.add(arch);
  }
  return [...archs].sort();
}

/**
 * The lockfile's package for each native parent on `platform`/`arch` (glibc on Linux, as the
 * installers' users run): `{ name, version, integrity }`, or a missing one as `{ name: null }`.
 */
export function nativePackagesFor(lock, platform, arch) {
  return NATIVE_PARENTS.map((parent) => {
    const optional = Object.keys(lock.packages[`node_modules/${parent}`]?.optionalDependencies ?? {});
    const fits = optional.filter((name) => {
      const entry = lock.packages[`node_modules/${name}`];
      return (
        entry?.os?.includes(platform) &&
        entry.cpu?.includes(arch) &&
        (platform !== 'linux' || entry.libc === undefined || entry.libc.includes('glibc'))
      );
    });
    if (fits.length !== 1) return { parent, name: null, candidates: fits };
    const name = fits[0];
    const entry = lock.packages[`node_modules/${name}`];
    return { parent, name, version: entry.version, integrity: entry.integrity };
  });
}

const readConfig = () => parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));
const readLock = () => JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));

/** Fetches one package's tarball with npm, checks it against the lockfile and unpacks it in place. */
export function fetchPackage({ name, version, integrity }) {
  const target = join(root, 'node_modules', name);
  if (existsSync(join(target, 'package.json'))) return false;
  const temp = mkdtempSync(join(tmpdir(), 'native-'));
  try {
    const packed = spawnSync('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', temp], {
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    if (packed.status !== 0) throw new Error(`npm pack ${name}@${version} failed: ${packed.stderr}`);
    const [{ filename }] = JSON.parse(packed.stdout);
    const tarball = join(temp, filename);
    const [algorithm, expected] = integrity.split('-', 2);
    const actual = createHash(algorithm).update(readFileSync(tarball)).digest('base64');
    if (actual !== expected) throw new Error(`${name}@${version}: integrity differs from package-lock.json`);
    mkdirSync(target, { recursive: true });
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`could not unpack ${filename}`);
    return true;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

function install() {
  const lock = readLock();
  for (const arch of targetArchs(readConfig(), process.platform, process.arch)) {
    for (const found of nativePackagesFor(lock, process.platform, arch)) {
      if (!found.name)
        throw new Error(`no ${found.parent} package for ${process.platform}-${arch} in package-lock.json`);
      console.log(
        `${process.platform}-${arch}: ${found.name}@${found.version} ${fetchPackage(found) ? 'fetched' : 'present'}`,
      );
    }
  }
}

/** electron-builder's unpacked folders and the architecture each holds. */
export function unpackedArch(folder) {
  if (!/(^|-)unpacked$/.test(folder) && !/^mac(-arm64|-universal)?$/.test(folder)) return null;
  if (folder.includes('arm64')) return 'arm64';
  if (folder.includes('ia32')) return 'ia32';
  return 'x64';
}

/** The `.node` files under a folder. */
function nativeFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.node'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Problems with one unpacked app: a native part missing for its target, or another target's present. */
export function checkUnpacked(resources, platform, arch, lock = readLock()) {
  const natives = nativeFiles(join(resources, 'app.asar.unpacked')).map((path) => path.replaceAll('\\', '/'));
  const problems = [];
  for (const found of nativePackagesFor(lock, platform, arch)) {
    if (!found.name) problems.push(`${found.parent}: no package for ${platform}-${arch}`);
    else if (!natives.some((path) => path.includes(`/node_modules/${found.name}/`)))
      problems.push(`${found.name}: its .node is not unpacked`);
  }
  const own = nativePackagesFor(lock, platform, arch).map((found) => found.name);
  for (const path of natives)
    if (!own.some((name) => name && path.includes(`/node_modules/${name}/`)))
      problems.push(`another target's: ${path}`);
  return problems;
}

function check(dist) {
  const lock = readLock();
  let checked = 0;
  const problems = [];
  for (const folder of readdirSync(dist)) {
    const arch = unpackedArch(folder);
    if (!arch) continue;
    const resources =
      process.platform === 'darwin'
        ? join(
            dist,
            folder,
            readdirSync(join(dist, folder)).find((name) => name.endsWith('.app')) ?? '',
            'Contents/Resources',
          )
        : join(dist, folder, 'resources');
    const found = checkUnpacked(resources, process.platform, arch, lock);
    problems.push(...found.map((problem) => `${folder}: ${problem}`));
    console.log(
      `${folder} (${process.platform}-${arch}): ${found.length === 0 ? 'its native parts, no other' : 'INCOMPLETE'}`,
    );
    checked++;
  }
  if (checked === 0) problems.push(`no unpacked app in ${dist}`);
  for (const problem of problems) console.error(problem);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, dist] = process.argv.slice(2);
  if (command === 'install') install();
  else if (command === 'check' && dist) process.exit(check(dist));
  else {
    console.error('usage: native-packages.mjs install | check <dist>');
    process.exit(2);
  }
}
