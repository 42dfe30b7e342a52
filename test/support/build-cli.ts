// Vitest's global setup: the CLI's bundle and the decoding worker beside it, built once as
// `npm run build` builds them, so that every CLI test runs what ships (plain Node, no tsx).
import * as esbuild from 'esbuild';
import { CLI_TARGET, WORKER_TARGET } from '../../scripts/cli-target.mjs';

export default async function setup(): Promise<void> {
  await Promise.all(
    [CLI_TARGET, WORKER_TARGET].map((target) => esbuild.build({ ...target, bundle: true, logLevel: 'error' })),
  );
}
