// A package a bundle loads at run time must be a dependency: electron-builder packages only
// `dependencies`, so a devDependency imported by main, the worker or the CLI is missing from every
// installed copy (pdfjs-dist was: every scanned PDF failed). The bundles are made here as
// scripts/build.mjs makes them; test/package/ checks the same of the packaged files themselves.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CLI_TARGET, MAIN_TARGET, WORKER_TARGET } from '../../scripts/cli-target.mjs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const builtins = new Set(builtinModules);
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The packages a bundle leaves external, with the files that import each. */
async function externalPackages(target: typeof MAIN_TARGET): Promise<Map<string, string[]>> {
  const built = await esbuild.build({ ...target, bundle: true, write: false, metafile: true, logLevel: 'silent' });
  const found = new Map<string, string[]>();
  for (const [file, input] of Object.entries(built.metafile.inputs))
    for (const i of input.imports) {
      // Relative paths here are type-only imports esbuild drops; Electron's module is the runtime's own.
      if (!i.external || /^[./]/.test(i.path) || i.path.startsWith('node:') || builtins.has(i.path)) continue;
      if (i.path === 'electron') continue;
      found.set(packageOf(i.path), [...(found.get(packageOf(i.path)) ?? []), file]);
    }
  return found;
}

describe('runtime dependencies', () => {
  for (const [name, target] of [
    ['main (the app and its --cli)', MAIN_TARGET],
    ['the decoding worker', WORKER_TARGET],
    ['the CLI', CLI_TARGET],
  ] as const) {
    it(`every package ${name} imports is in dependencies`, async () => {
      const imported = await externalPackages(target);
      expect(imported.size).toBeGreaterThan(5);
      const missing = [...imported]
        .filter(([pkg]) => !(pkg in manifest.dependencies))
        .map(([pkg, by]) => `${pkg} (${by[0]})`);
      expect(missing).toEqual([]);
    });
  }

  it('packages found by require.resolve at run time (fonts, pdf.js’s standard fonts) are dependencies too', () => {
    // esbuild cannot see a createRequire().resolve(): these are the ones main/ makes.
    for (const pkg of ['dejavu-fonts-ttf', 'pdfjs-dist']) expect(manifest.dependencies[pkg], pkg).toBeDefined();
    const resolved = [
      ...readFileSync('main/core/paper/typeset.ts', 'utf8').matchAll(/require\.resolve\('([^']+)'\)/g),
      ...readFileSync('main/core/paper/scan/raster.ts', 'utf8').matchAll(/require\.resolve\('([^']+)'\)/g),
    ].map((m) => packageOf(m[1] ?? ''));
    expect(resolved.sort()).toEqual(['dejavu-fonts-ttf', 'pdfjs-dist']);
  });
});
