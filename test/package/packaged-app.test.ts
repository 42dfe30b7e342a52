// What a student installs, checked from the package alone: electron-builder's Linux dir target built
// with the project's own configuration (global setup: scripts/package-app.mjs), its app.asar opened
// outside the source tree so that nothing resolves from the repository's node_modules. Each test
// fails on a package that misses a module, an asset or an unpacked native binary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkUnpacked } from '../../scripts/native-packages.mjs';
import { ASAR_MAX_BYTES, asarReport, describeAsar, packagedApp } from '../../scripts/package-app.mjs';
import { DEFAULT_LIMITS, DecodingWorker } from '../../main/core/worker/client.js';
import { Decoder } from '../../main/core/worker/decoder.js';
import { forkWorker } from '../../main/core/worker/node-spawn.js';
import { packFileToMoodle } from '../../main/core/packs/moodle.js';
import { writeResultFile } from '../../main/core/class/result-file.js';
import { stackPdf, synthesize } from '../support/omr-synth.js';

const asar = createRequire(import.meta.url)('@electron/asar') as {
  listPackage(path: string, options?: object): string[];
  statFile(path: string, file: string, followLinks?: boolean): { unpacked?: boolean };
};

interface Packaged {
  unpacked: string;
  resources: string;
  asar: string;
  extracted: string;
  electronStandIn: boolean;
}
const found = packagedApp() as Packaged | null;
if (!found) throw new Error('nothing packaged: the global setup runs scripts/package-app.mjs');
const packaged: Packaged = found;
const app = packaged.extracted;
const inAsar = new Set(asar.listPackage(packaged.asar).map((path) => path.replaceAll('\\', '/').replace(/^\//, '')));
const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
};

/** The bundles the packaged app runs: main (the app and, with --cli, the CLI) and the decoding worker. */
const BUNDLES = ['out/main/index.js', 'out/main/worker.js'];

/** Every package a packaged bundle imports (statically or by import()), from esbuild's reading of it. */
async function bareImports(bundle: string): Promise<string[]> {
  const built = await esbuild.build({
    entryPoints: [join(app, bundle)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const specifiers = Object.values(built.metafile.inputs).flatMap((input) =>
    input.imports.filter((i) => i.external).map((i) => i.path),
  );
  const builtins = new Set(builtinModules);
  return [...new Set(specifiers)]
    .filter((s) => !/^[./]/.test(s) && !s.startsWith('node:') && !builtins.has(s) && s !== 'electron')
    .sort();
}

/**
 * `node` over a probe script written beside a packaged bundle (the extracted copy is the test's own),
 * so that its imports resolve as the bundle's do: from the package, never from the repository.
 */
function probe(bundleDir: string, body: string): { status: number | null; out: string } {
  const script = join(app, bundleDir, `.probe-${process.pid}.mjs`);
  writeFileSync(script, body);
  const run = spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    cwd: tmpdir(),
    env: { PATH: process.env.PATH },
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('the package electron-builder makes', () => {
  it('declares every package its bundles import at run time as a dependency, and holds each one', async () => {
    for (const bundle of BUNDLES) {
      const imports = await bareImports(bundle);
      expect(imports.length, bundle).toBeGreaterThan(5);
      const packages = imports.map((s) =>
        s
          .split('/')
          .slice(0, s.startsWith('@') ? 2 : 1)
          .join('/'),
      );
      const undeclared = packages.filter((name) => !(name in manifest.dependencies));
      expect(undeclared, `${bundle} imports packages that are not dependencies`).toEqual([]);
      for (const name of packages) expect(inAsar.has(`node_modules/${name}/package.json`), name).toBe(true);
    }
  });

  it('resolves every module the packaged main imports, and loads every one the worker imports, from the package alone', async () => {
    const main = await bareImports('out/main/index.js');
    const worker = await bareImports('out/main/worker.js');
    const body = `
      const failed = [];
      for (const s of ${JSON.stringify(main)}) { try { import.meta.resolve(s); } catch (e) { failed.push(s + ': ' + e.code); } }
      // The worker runs in a plain Node process (utilityProcess): its modules must load, native ones included.
      for (const s of ${JSON.stringify(worker)}) { try { await import(s); } catch (e) { failed.push(s + ': ' + (e.code ?? e.message)); } }
      console.log(JSON.stringify(failed));`;
    const { status, out } = probe('out/main', body);
    expect(status, out).toBe(0);
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? 'null')).toEqual([]);
  });

  it('unpacks every native binary, for the target, beside the asar', () => {
    const natives = [...inAsar].filter((path) => path.endsWith('.node'));
    // The scan reader's Skia binding and the notebook's FSRS optimizer, for linux-x64.
    expect(natives.some((path) => path.includes('canvas-linux-x64'))).toBe(true);
    expect(natives.some((path) => path.includes('binding-linux-x64'))).toBe(true);
    for (const path of natives) {
      expect(asar.statFile(packaged.asar, path).unpacked, path).toBe(true);
      expect(existsSync(join(packaged.resources, 'app.asar.unpacked', path)), path).toBe(true);
    }
    // Its own platform's and architecture's native packages (the lockfile's), and no other's.
    expect(checkUnpacked(packaged.resources, 'linux', 'x64')).toEqual([]);
  });

  it('holds every asset where the packaged main looks for it', () => {
    // app.getAppPath() is the asar: the demo pack, the manifest main reads, the renderer it serves.
    for (const path of [
      'assets/demo.exampack',
      'package.json',
      manifest.main,
      'out/main/worker.js',
      'out/preload/index.cjs',
    ])
      expect(inAsar.has(path), path).toBe(true);
    const html = readFileSync(join(app, 'out/renderer/index.html'), 'utf8');
    const linked = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(linked.length).toBeGreaterThan(1);
    for (const path of linked) expect(inAsar.has(`out/renderer/${path}`), path).toBe(true);
    // Found through require.resolve from the bundle: the booklet's fonts and pdf.js's standard fonts.
    expect(inAsar.has('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf')).toBe(true);
    expect(inAsar.has('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')).toBe(true);
    expect([...inAsar].some((path) => path.startsWith('node_modules/pdfjs-dist/standard_fonts/'))).toBe(true);
    // process.resourcesPath: electron-updater's feed (its provider is named only where the build finds
    // the repository's GitHub remote, as on GitHub's runners; a clone without one names none).
    const feed = parse(readFileSync(join(packaged.resources, 'app-update.yml'), 'utf8')) as Record<string, unknown>;
    expect(feed.updaterCacheDirName).toBe('exam-practice-updater');
    if ('provider' in feed) expect(feed.provider).toBe('github');
  });

  it('carries what runs: app.asar within its bound, no source maps, no renderer package twice', () => {
    const report = asarReport(packaged.asar);
    console.log(describeAsar(report));
    expect(report.maps.map((file) => file.path)).toEqual([]);
    expect(report.bytes).toBeLessThanOrEqual(ASAR_MAX_BYTES);
    // Vite bundled these into the renderer's script: none is a dependency, none is in the asar.
    for (const name of ['react', 'react-dom', '@tanstack/react-query', 'i18next', 'react-i18next', 'papaparse']) {
      expect(name in manifest.dependencies, name).toBe(false);
      expect(inAsar.has(`node_modules/${name}/package.json`), name).toBe(false);
    }
    // Of pdf.js, ZXing and DejaVu, only the files the app loads.
    const under = (prefix: string) => [...inAsar].filter((path) => path.startsWith(prefix) && !path.endsWith('/'));
    expect(under('node_modules/pdfjs-dist/build/')).toEqual([]);
    expect(under('node_modules/pdfjs-dist/web/')).toEqual([]);
    expect(under('node_modules/@zxing/library/umd/')).toEqual([]);
    expect(under('node_modules/dejavu-fonts-ttf/ttf/').sort()).toEqual([
      'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
      'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
    ]);
  });

  it('is the project’s executable, its fuses flipped as configured', () => {
    const binary = readFileSync(join(packaged.unpacked, 'exam-practice'));
    const at = binary.indexOf('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX') + 32;
    expect(at).toBeGreaterThan(32);
    // RunAsNode, cookie encryption, NODE_OPTIONS, inspect, asar integrity, asar only, …, file:// privileges.
    expect(binary.subarray(at + 2, at + 10).toString('latin1')).toMatch(/^010011.0$/);
  });
});

describe('the packaged decoding worker, started as the app starts it', () => {
  const EXAM = { code: 'PKGED42', questions: 10, versions: 1, language: false };
  // A forked Node stands in for Electron's utilityProcess: the same bundle, flags and messages.
  const decoder = new Decoder(new DecodingWorker(forkWorker([], join(app, 'out/main/worker.js')), DEFAULT_LIMITS));
  afterAll(() => decoder.close());

  it('reads a scanned PDF and a phone photo', async () => {
    const scanned = await synthesize(EXAM, 2, 11, { photos: 'none' });
    const photo = await synthesize(EXAM, 3, 12, { photos: 'all' }); // its third sheet: a number of its own
    const result = await decoder.scan(
      [
        { name: 'turma.pdf', data: await stackPdf(scanned.images) },
        { name: 'foto.jpg', data: photo.images[2] ?? Buffer.alloc(0) },
      ],
      EXAM,
    );
    expect(result.refused).toEqual([]);
    expect(result.sheets).toHaveLength(3);
  }, 120_000);

  it('reads a pack (the package’s demo pack), a Moodle file and a result file, and fits FSRS natively', async () => {
    const demo = await readFile(join(app, 'assets/demo.exampack'));
    const pack = await decoder.readPack(demo);
    try {
      expect(pack.manifest.questionCount).toBe(44);
    } finally {
      await pack.dispose();
    }
    const { xml } = await packFileToMoodle(demo);
    const moodle = await decoder.moodleToPack(new TextEncoder().encode(xml), { title: 'Moodle', appVersion: '0.1.0' });
    expect(moodle.manifest.questionCount).toBe(44);
    const result = await decoder.readResult(new TextEncoder().encode(writeResultFile(sampleResult())));
    expect(result.student).toBe('Ana');
    const histories = Array.from({ length: 40 }, (_, n) => [
      { grade: 3 as const, deltaDays: 0 },
      { grade: (n % 3 === 0 ? 1 : 3) as 1 | 3, deltaDays: 2 },
      { grade: 3 as const, deltaDays: 5 },
    ]);
    expect((await decoder.fit(histories)).length).toBeGreaterThan(16);
  }, 120_000);
});

describe('the packaged binary’s CLI (`exam-practice --cli`)', () => {
  // The packaged main bundle under Node, with Electron's module stood in for (electron-standin.cjs):
  // the entry, the command table, every reader and writer are the package's.
  const standIn = mkdtempSync(join(tmpdir(), 'exam-practice-standin-'));
  const data = mkdtempSync(join(tmpdir(), 'exam-practice-packaged-cli-'));
  beforeAll(async () => {
    const dir = join(standIn, 'electron');
    mkdirSync(dir, { recursive: true });
    await writeFile(join(dir, 'index.js'), await readFile(join(import.meta.dirname, 'electron-standin.cjs')));
  });
  const cli = (...args: string[]) => {
    const run = spawnSync(
      process.execPath,
      ['--import', join(import.meta.dirname, 'electron-standin-hooks.mjs'), join(app, manifest.main), '--cli', ...args],
      {
        encoding: 'utf8',
        cwd: data,
        env: {
          PATH: process.env.PATH,
          NODE_PATH: standIn,
          EXAM_PRACTICE_STANDIN_APP_PATH: app,
          EXAM_PRACTICE_STANDIN_RESOURCES: packaged.resources,
        },
      },
    );
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  };

  it('lists its commands', () => {
    const help = cli('--help');
    expect(help.status, help.stderr).toBe(0);
    for (const command of ['sync', 'stats', 'pack', 'class', 'print', 'notebook'])
      expect(help.stdout).toContain(command);
  });

  it('imports the demo pack, builds a pack and prints a booklet (the fonts are found in the package)', () => {
    const imported = cli('pack', 'import', join(app, 'assets/demo.exampack'), '--data-dir', 'd', '--json');
    expect(imported.status, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ questions: 44 });
    const built = cli('pack', 'build', '--data-dir', 'd', '--out', 'turma.exampack', '--title', 'Turma', '--json');
    expect(built.status, built.stderr).toBe(0);
    expect(JSON.parse(built.stdout)).toMatchObject({ questions: 44, images: 4, missingImages: 0 });
    const printed = cli('print', 'booklet', '--data-dir', 'd', '--out', 'papel', '--count', '5', '--json');
    expect(printed.status, printed.stderr).toBe(0);
    expect(readdirSync(join(data, 'papel')).sort()).toEqual(['answer-sheet.pdf', 'booklet-1.pdf', 'key.pdf']);
  }, 60_000);
});

/** One student's result, as the app writes it after a pack's exam. */
function sampleResult(): Parameters<typeof writeResultFile>[0] {
  const at = '2026-11-20T13:30:00.000Z';
  return {
    format: 'exam-practice-result',
    formatVersion: '1.0',
    student: 'Ana',
    pack: { id: 'demo-pack', title: 'Pacote de demonstração', contentHash: 'a'.repeat(64) },
    attempt: { id: '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', startedAt: at, submittedAt: at, timeLimitMinutes: null },
    answers: [{ questionId: 'q1', choice: 'B', guessed: false, timeMs: 30_000 }],
  };
}
