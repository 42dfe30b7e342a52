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
