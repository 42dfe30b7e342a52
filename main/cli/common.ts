// What every command shares: exit codes (0 done, 1 other error, 2 bad usage, 3 auth, 4 quota
// exhausted, 5 invalid pack, 6 the API server failed or misbehaved, 7 the API server unreachable,
// 8 backup file refused), the error that means "bad usage", option parsers, and progress.
import { Command, InvalidArgumentError } from 'commander';
import type { SpawnWorker } from '../core/worker/client.js';

export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  auth: 3,
  quota: 4,
  invalidPack: 5,
  server: 6,
  network: 7,
  invalidBackup: 8,
} as const;

export class UsageError extends Error {}

/** What a command's action reports back to the table: its exit code. */
export type Done = (code: number) => void;

/**
 * What differs between the CLI's two homes: plain Node forks the decoding worker; the installed app's
 * binary (`--cli`), whose fuses forbid running as Node, starts it as Electron's utilityProcess.
 */
export interface CliHost {
  /** Asked only by a command that reads files from outside, when it needs the worker. */
  workerSpawner(): Promise<SpawnWorker>;
}

/** An option's value as a whole number within bounds (commander reports a bad one as usage). */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max)
      throw new InvalidArgumentError(
        `must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`,
      );
    return parsed;
  };
}

/** Prints a result as one JSON line (`--json`) or as a sentence. */
export function printer(json: boolean | undefined) {
  return (value: unknown, human: string) => process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${human}\n`);
}

/**
 * Progress of long work on stderr: a bar redrawn in place on a terminal; otherwise a plain line
 * at each quarter (logs and pipes get a few lines, not hundreds). stdout stays the result's.
 */
export function progress(label: string, stream: NodeJS.WriteStream = process.stderr) {
  const tty = Boolean(stream.isTTY);
  let lastQuarter = -1;
  let drawn = false;
  return {
    update(done: number, total: number, detail = '') {
      const ratio = total > 0 ? Math.min(1, done / total) : 0;
      if (tty) {
        const width = 24;
        const filled = Math.round(ratio * width);
        stream.write(`\r\x1b[2K${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${detail}`);
        drawn = true;
        return;
      }
      const quarter = Math.floor(ratio * 4);
      if (quarter === lastQuarter) return;
      lastQuarter = quarter;
      stream.write(`${label}: ${Math.round(ratio * 100)}%${detail ? ` (${detail})` : ''}\n`);
    },
    end() {
      if (tty && drawn) stream.write('\n');
    },
  };
}

/** A command over a data folder, answering in one JSON line with `--json`. */
export function dataDirCommand(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .requiredOption('--data-dir <dir>', "the app's data folder")
    .option('--json', 'print one JSON line');
}
