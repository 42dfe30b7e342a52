// `npm run --silent cli -- <command>`: builds the CLI bundle (quietly: stdout is the command's),
// then runs it in this process with the arguments given.
import * as esbuild from 'esbuild';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { CLI_TARGET, WORKER_TARGET } from './cli-target.mjs';

await Promise.all(
  [CLI_TARGET, WORKER_TARGET].map((target) => esbuild.build({ ...target, bundle: true, logLevel: 'error' })),
);
await import(pathToFileURL(resolve(CLI_TARGET.outfile)).href);
