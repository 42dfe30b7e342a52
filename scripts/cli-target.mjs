// The app's binary: the window, or with `--cli` the CLI (main/entry.ts decides).
export const MAIN_TARGET = {
  entryPoints: ['main/entry.ts'],
  outfile: 'out/main/index.js',
  format: 'esm',
  platform: 'node',
  target: 'node22',
  packages: 'external',
};

// The CLI's bundle, built like the main process: `node out/cli/index.js <command>` runs it with
// plain Node (no tsx at run time); scripts/cli.mjs and the tests build it alone.
export const CLI_TARGET = {
  entryPoints: ['main/cli.ts'],
  outfile: 'out/cli/index.js',
  format: 'esm',
  platform: 'node',
  target: 'node22',
  packages: 'external',
};

// The decoding worker (main/core/worker/entry.ts): untrusted and heavy files are read in its own
// process. The app's main and the CLI both find it beside their bundles, at out/main/worker.js.
export const WORKER_TARGET = {
  entryPoints: ['main/core/worker/entry.ts'],
  outfile: 'out/main/worker.js',
  format: 'esm',
  platform: 'node',
  target: 'node22',
  packages: 'external',
};
