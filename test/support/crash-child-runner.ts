// Builds test/support/crash-child.ts into one file (esbuild, dependencies left to
// node_modules) so that each child starts in ~100 ms, and runs it line by line.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';

export type ChildRunner = (
  args: string[],
  onLine: (line: string, child: ChildProcess) => void,
  env?: NodeJS.ProcessEnv,
) => Promise<{ lines: string[]; stderr: string; pid: number }>;

export async function bundleCrashChild(): Promise<{ run: ChildRunner; remove: () => Promise<void> }> {
  // Inside the repository, so that its imports resolve from node_modules.
  const file = join(process.cwd(), '.tmp', `crash-child-${process.pid}-${Date.now()}.mjs`);
  await build({
    entryPoints: ['test/support/crash-child.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: file,
    packages: 'external',
    logLevel: 'silent',
  });
  const run: ChildRunner = (args, onLine, env = {}) => runChildProcess(file, args, onLine, env);
  return { run, remove: () => rm(file, { force: true }) };
}

/** Runs the child; `onLine` may kill it. Settles when it has exited, with every line it printed. */
function runChildProcess(
  file: string,
  args: string[],
  onLine: (line: string, child: ChildProcess) => void,
  env: NodeJS.ProcessEnv,
) {
  const child = spawn(process.execPath, [file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      onLine(line, child);
    }
  });
  return new Promise<{ lines: string[]; stderr: string; pid: number }>((resolve) =>
    child.once('exit', () => resolve({ lines, stderr, pid: child.pid ?? 0 })),
  );
}

/**
 * A test file's crash child: bundled before its tests, removed after them with every cleanup the
 * file pushed (a scratch folder, a fake API). `run` is the child's runner once it is bundled.
 */
export function crashChildSuite(): { run: ChildRunner; cleanups: (() => Promise<unknown>)[] } {
  const cleanups: (() => Promise<unknown>)[] = [];
  let runner: ChildRunner | null = null;
  beforeAll(async () => {
    const child = await bundleCrashChild();
    runner = child.run;
    cleanups.push(child.remove);
  });
  afterAll(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  const run: ChildRunner = (args, onLine, env) => {
    if (!runner) throw new Error('the crash child is bundled before the tests run');
    return runner(args, onLine, env);
  };
  return { run, cleanups };
}
