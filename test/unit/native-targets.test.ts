// Every installer the workflow builds carries the native parts of its own platform and architecture
// (issue 67: macOS x64 was built on an arm64 runner and Windows arm64 on an x64 one, each with the
// runner's natives only). The cross-builds cannot run here: this reads the workflow, the packaging
// configuration and the lockfile as they would, and scripts/native-packages.mjs's check is run on
// the Linux package by test/package/ and on every installer by the workflow.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { NATIVE_PARENTS, nativePackagesFor, targetArchs, unpackedArch } from '../../scripts/native-packages.mjs';

interface Step {
  name?: string;
  run?: string;
}
interface Job {
  strategy?: { matrix?: { os?: string[] } };
  steps: Step[];
}
const workflow = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as { jobs: Record<string, Job> };
const config = parse(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown> & { files: string[] };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Parameters<typeof nativePackagesFor>[0];

/** GitHub's runner images: the system and the architecture npm installs natives for there. */
const RUNNERS: Record<string, { platform: 'linux' | 'win32' | 'darwin'; arch: string }> = {
  'ubuntu-latest': { platform: 'linux', arch: 'x64' },
  'windows-latest': { platform: 'win32', arch: 'x64' },
  'macos-latest': { platform: 'darwin', arch: 'arm64' },
};

/** The jobs that build installers, and the step index of the build. */
const installerJobs = Object.entries(workflow.jobs).flatMap(([name, job]) => {
  const at = job.steps.findIndex(
    (step) =>
      (step.run?.includes('electron-builder') && !step.run.includes('electron-builder.e2e.yml')) ||
      step.run?.includes('scripts/release.mjs'),
  );
  return at === -1 ? [] : [{ name, job, at }];
});

describe('every installer the workflow builds, whole', () => {
  it('builds installers in the test and release jobs, on the three systems', () => {
    expect(installerJobs.map((j) => j.name).sort()).toEqual(['release', 'test']);
    for (const { job } of installerJobs) expect(job.strategy?.matrix?.os).toEqual(Object.keys(RUNNERS));
  });

  it('fetches the other architectures’ native packages before each build, and checks each installer after', () => {
    for (const { name, job, at } of installerJobs) {
      const install = job.steps.findIndex((step) => step.run === 'node scripts/native-packages.mjs install');
      expect(install, name).toBeGreaterThan(-1);
      expect(install, name).toBeLessThan(at);
    }
    const test = installerJobs.find((j) => j.name === 'test');
    const check = test?.job.steps.findIndex((step) => step.run === 'node scripts/native-packages.mjs check dist');
    expect(check).toBeGreaterThan(test?.at ?? Infinity);
  });

  const targets = Object.values(RUNNERS).flatMap(({ platform, arch }) =>
    targetArchs(config, platform, arch).map((target) => ({ platform, arch: target })),
  );

  it('knows every target the configuration builds on those runners', () => {
    expect(targets.map((t) => `${t.platform}-${t.arch}`).sort()).toEqual([
      'darwin-arm64',
      'darwin-x64',
      'linux-x64',
      'win32-arm64',
      'win32-x64',
    ]);
  });

  it('finds, for every target, one package of each native binding in the lockfile, integrity and all', () => {
    for (const { platform, arch } of targets) {
      const found = nativePackagesFor(lock, platform, arch);
      expect(found.map((f) => f.parent)).toEqual(NATIVE_PARENTS);
      for (const f of found) {
        expect(f.name, `${f.parent} for ${platform}-${arch}`).toMatch(new RegExp(`-${platform}-${arch}(-|$)`));
        expect('integrity' in f && f.integrity).toMatch(/^sha512-/);
      }
    }
  });

  it('puts only the target’s native packages in each package (electron-builder.yml files)', () => {
    for (const parent of NATIVE_PARENTS) {
      const excluded = config.files.indexOf(`!node_modules/${parent}-*/**`);
      const kept = config.files.indexOf(`node_modules/${parent}-\${platform}-\${arch}*/**`);
      expect(excluded, parent).toBeGreaterThan(-1);
      expect(kept, parent).toBeGreaterThan(excluded);
    }
    const asarUnpack = config.asarUnpack as string[];
    expect(asarUnpack).toEqual(['node_modules/@napi-rs/**', 'node_modules/@open-spaced-repetition/**']);
  });

  it('reads the architecture of each of electron-builder’s unpacked folders', () => {
    expect(
      ['linux-unpacked', 'win-unpacked', 'win-arm64-unpacked', 'mac', 'mac-arm64', 'dist.zip'].map(unpackedArch),
    ).toEqual(['x64', 'x64', 'arm64', 'x64', 'arm64', null]);
  });
});
