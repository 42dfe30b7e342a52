// The benchmarks' catalog: the fake API in its own process (as the real API is remote), and a
// sync into a data folder timed apart from the close that writes the catalog's index.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { runSync } from '../../main/core/sync/engine.js';
import { openWorkspace } from '../../main/core/workspace.js';
import type { FakeApi, FakeKeys, LoggedRequest } from '../fake-api/server.js';

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
}

export type Remote = Pick<FakeApi, 'baseUrl' | 'keys'> & {
  log(): Promise<LoggedRequest[]>;
  clearLog(): Promise<void>;
  close(): void;
};

/** The fake in its own process, as the real API is: server work does not share this thread. */
export async function remoteFake(args: string[]): Promise<Remote> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fake-api/cli.ts', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  const contract = JSON.parse(first) as { baseUrl: string; keys: FakeKeys };
  return {
    ...contract,
    log: async () => (await (await fetch(`${contract.baseUrl}/__fake/log`)).json()) as LoggedRequest[],
    clearLog: async () => void (await fetch(`${contract.baseUrl}/__fake/reset`, { method: 'POST' })),
    close: () => child.kill('SIGTERM'),
  };
}

/** A sync timed alone; closing (which writes the summary index for the next start) timed apart. */
export async function syncInto(
  dir: string,
  api: Pick<FakeApi, 'baseUrl' | 'keys'>,
  product: 'vestibulares' | 'enem',
  windowMs?: number,
) {
  const workspace = await openWorkspace(dir);
  const client = workspace.client({
    product,
    baseUrl: api.baseUrl,
    apiKey: api.keys[product],
    ...(windowMs && { governor: { windowMs } }),
  });
  const [report, syncMs] = await timed(() =>
    runSync(
      { product },
      { client, store: workspace.store, images: workspace.images, state: workspace.state, downloadImages: false },
    ),
  );
  const [, closeMs] = await timed(() => workspace.close());
  return { report, syncMs, closeMs };
}

/** The benchmarks' catalog of `questions` (seed 1), with limits no bench reaches. */
export function unthrottledFake(questions: number): Promise<Remote> {
  return remoteFake([
    '--questions',
    String(questions),
    '--seed',
    '1',
    '--rate-per-minute',
    '1000000',
    '--daily-limit',
    '1000000',
  ]);
}
