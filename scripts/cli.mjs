// `npm run --silent cli -- <command>`: builds the CLI bundle (quietly: stdout is the command's),
// then runs it in this process with the arguments given.
import * as esbuild from 'esbuild';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { CLI_TARGET } from './cli-target.mjs';

await esbuild.build({ ...CLI_TARGET, bundle: true, logLevel: 'error' });
await import(pathToFileURL(resolve(CLI_TARGET.outfile)).href);
