import { spawn } from 'node:child_process';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function spawnCollect(nodeArgs: string[], env: Record<string, string | undefined>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgs, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The CLI's bundle (built by the tests' global setup, and by `npm run build`). */
export const CLI_BUNDLE = 'out/cli/index.js';

/** Runs the bundled CLI with plain Node, as `npm run cli` and the installed app do. */
export function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<RunResult> {
  return runNode(CLI_BUNDLE, args, env);
}

/** Runs a JavaScript file with plain Node and collects its output. */
export function runNode(
  entry: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<RunResult> {
  return spawnCollect([entry, ...args], env);
}
