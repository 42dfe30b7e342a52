// What the pack commands share: reading the file they were given, and saying why it is no pack
// (or no Moodle XML we can read) with exit code 5.
import { readFile } from 'node:fs/promises';
import { PackError } from '../core/packs/format.js';
import { MoodleError } from '../core/packs/moodle.js';
import { EXIT, UsageError } from './common.js';

/** The bytes of the file a command was given; bad usage when it cannot be read. */
export async function inputFile(file: string): Promise<Buffer> {
  const bytes = await readFile(file).catch(() => null);
  if (!bytes) throw new UsageError(`cannot read ${file}`);
  return bytes;
}

/**
 * Runs a pack command's work; an invalid pack or unreadable Moodle XML ends it with exit code 5 and
 * a reason (`report`: how the command prints it; stderr when none), anything else is rethrown.
 */
export async function packWork(
  work: () => Promise<number>,
  report?: (value: unknown, human: string) => void,
): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MoodleError) {
      process.stderr.write(`cli: not Moodle XML we can read (${error.code}) ${error.detail}\n`);
      return EXIT.invalidPack;
    }
    if (!(error instanceof PackError)) throw error;
    const human = `cli: invalid pack (${error.code}) ${error.detail}`;
    if (report) report({ integrity: 'invalid', error: error.code, detail: error.detail }, human);
    else process.stderr.write(`${human}\n`);
    return EXIT.invalidPack;
  }
}
