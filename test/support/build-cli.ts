// Vitest's global setup: the CLI's bundle, built once as `npm run build` builds it, so that every
// CLI test runs what ships (plain Node, no tsx).
import * as esbuild from 'esbuild';
import { CLI_TARGET } from '../../scripts/cli-target.mjs';

export default async function setup(): Promise<void> {
  await esbuild.build({ ...CLI_TARGET, bundle: true, logLevel: 'error' });
}
