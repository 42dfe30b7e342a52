// The decoding worker as a forked Node process: the harness, the CLI and the tests. (The app uses
// Electron's utilityProcess: main/electron/utility-worker.ts.) Same entry, same messages.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WORKER_HEAP_MB, type SpawnWorker, type WorkerHandle } from './client.js';
import type { FromWorker } from './protocol.js';

/** V8's own bounds for the worker: its heap, and gc() between pages. */
export const WORKER_EXEC_ARGV = [`--max-old-space-size=${WORKER_HEAP_MB}`, '--expose-gc'];

/**
 * glibc gives each thread that allocates its own arena and keeps freed pages in it: two arenas
 * bring the worker's plateau over a long PDF from about 590 MB to about 430 MB (measured on Linux).
 * Other C libraries ignore the variable.
 */
export function workerEnv(): NodeJS.ProcessEnv {
  return { ...process.env, MALLOC_ARENA_MAX: '2' };
}

/**
 * The worker's script: from source (tests, the harness: run through tsx) or beside the bundle
 * (out/main/index.js and out/cli/index.js both find out/main/worker.js).
 */
export function workerScript(): { script: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const tsx = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs');
    return { script: join(dirname(here), 'entry.ts'), execArgv: ['--import', pathToFileURL(tsx).href] };
  }
  return { script: join(dirname(here), '..', 'main', 'worker.js'), execArgv: [] };
}

/** How much of the worker's stderr is kept: enough for V8's out-of-memory line. */
const STDERR_TAIL = 4096;

/** Keeps the last few KB a worker writes to stderr (both spawners read its out-of-memory line there). */
export function stderrTail(stream: NodeJS.ReadableStream | null): () => string {
  let tail = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL);
  });
  return () => tail;
}

/**
 * `at` names another worker bundle (the packaged app's, which tests fork as the app's utilityProcess
 * would start it); by default the one beside this bundle, or the source through tsx.
 */
export function forkWorker(extraExecArgv: string[] = [], at?: string): SpawnWorker {
  return () => {
    const { script, execArgv } = at ? { script: at, execArgv: [] } : workerScript();
    const child = fork(script, [], {
      execArgv: [...execArgv, ...WORKER_EXEC_ARGV, ...extraExecArgv],
      serialization: 'advanced',
      env: workerEnv(),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const stderr = stderrTail(child.stderr);
    const handle: WorkerHandle = {
      pid: child.pid,
      send: (message) => {
        // A worker that just died cannot take it: its exit ends the job.
        if (child.connected) child.send(message);
      },
      onMessage: (listener) => child.on('message', (message) => listener(message as FromWorker)),
      onExit: (listener) =>
        child.once('exit', (code, signal) => {
          // The last lines of stderr may still be in the pipe when the process is reported gone.
          setImmediate(() => listener({ code, signal, stderr: stderr() }));
        }),
      kill: () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      },
    };
    return handle;
  };
}
