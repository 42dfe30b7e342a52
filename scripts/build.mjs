// Builds every part: main (ESM), preload (sandbox-compatible CJS), the e2e harness
// bridge (browser IIFE) with esbuild, and the renderer with Vite.
//   node scripts/build.mjs [--watch]
import * as esbuild from 'esbuild';
import { build as viteBuild } from 'vite';
import { CLI_TARGET, MAIN_TARGET, WORKER_TARGET } from './cli-target.mjs';

const watch = process.argv.includes('--watch');

/**
 * The channel names, read from the declarations at build time (preload/channels/): the preload needs
 * only the names, and this keeps zod, which the declarations carry, out of the sandboxed preload.
 * (In --watch mode a new channel needs a restart of the build.)
 */
async function channelNames() {
  const built = await esbuild.build({
    entryPoints: ['preload/channels/index.ts'],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'warning',
  });
  const code = built.outputFiles[0]?.text ?? '';
  const declared = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return declared.CHANNELS;
}
const channelNamesOnly = {
  name: 'channel-names',
  setup(build) {
    build.onResolve({ filter: /channels\/index\.js$/ }, () => ({ path: 'channel-names', namespace: 'channel-names' }));
    build.onLoad({ filter: /.*/, namespace: 'channel-names' }, async () => ({
      contents: `export const CHANNELS = ${JSON.stringify(await channelNames())};`,
      loader: 'js',
    }));
  },
};

const targets = [
  MAIN_TARGET,
  CLI_TARGET,
  WORKER_TARGET,
  {
    // Sandboxed preloads can require only 'electron': everything else is bundled in.
    entryPoints: ['preload/index.ts'],
    outfile: 'out/preload/index.cjs',
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    external: ['electron'],
    plugins: [channelNamesOnly],
  },
  {
    entryPoints: ['test/support/harness-bridge.ts'],
    outfile: 'out/harness/bridge.js',
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
  },
  {
    // The harness over the package: what the shipped preload asks of Electron, over the same binding.
    entryPoints: ['test/support/electron-standin-page.ts'],
    outfile: 'out/harness/electron-standin.js',
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
  },
];

const started = Date.now();
if (watch) {
  for (const options of targets) await (await esbuild.context({ ...options, bundle: true, logLevel: 'info' })).watch();
  await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn', build: { watch: {} } });
} else {
  await Promise.all(targets.map((options) => esbuild.build({ ...options, bundle: true, logLevel: 'warning' })));
  await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
  console.log(`build: main, decoding worker, CLI, preload, harness bridges and renderer in ${Date.now() - started} ms`);
}
