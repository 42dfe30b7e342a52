// The decoding worker as Electron's utilityProcess: a Node process of its own, with no key, no
// catalog and no exam, that main kills and restarts at will (main/core/worker/client.ts). Thin: the
// messages, the limits and what a crash means live in core, shared with the forked-Node worker.
import { join } from 'node:path';
import { utilityProcess } from 'electron';
import type { SpawnWorker, WorkerHandle } from '../core/worker/client.js';
import type { FromWorker } from '../core/worker/protocol.js';
import { stderrTail, WORKER_EXEC_ARGV, workerEnv } from '../core/worker/node-spawn.js';

/** `bundleDir` is where out/main/index.js runs from: the worker's bundle is beside it. */
export function utilityWorker(bundleDir: string): SpawnWorker {
  return () => {
    const child = utilityProcess.fork(join(bundleDir, 'worker.js'), [], {
      serviceName: 'Exam Practice file reader',
      execArgv: WORKER_EXEC_ARGV,
      env: workerEnv(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const stderr = stderrTail(child.stderr);
    let alive = true;
    const handle: WorkerHandle = {
      get pid() {
        return child.pid;
      },
      send: (message) => {
        if (alive) child.postMessage(message);
      },
      onMessage: (listener) => child.on('message', (message: unknown) => listener(message as FromWorker)),
      onExit: (listener) =>
        child.once('exit', (code) => {
          alive = false;
          setImmediate(() => listener({ code, signal: null, stderr: stderr() }));
        }),
      kill: () => {
        if (alive) child.kill();
        alive = false;
      },
    };
    return handle;
  };
}
