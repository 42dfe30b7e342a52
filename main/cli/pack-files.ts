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
      process.stderr.write(`${moodleRefusal(error)}\n`);
      return EXIT.invalidPack;
    }
    if (!(error instanceof PackError)) throw error;
    const human = `cli: invalid pack (${error.code}) ${error.detail}`;
    if (report) report({ integrity: 'invalid', error: error.code, detail: error.detail }, human);
    else process.stderr.write(`${human}\n`);
    return EXIT.invalidPack;
  }
}

/** Why a Moodle file was refused, in the words the app's English screen uses (MoodleTools). */
const MOODLE_REFUSALS: Record<MoodleError['code'], string> = {
  'too-large': 'the file is too large',
  'not-moodle-xml': 'it is not a Moodle XML file',
  doctype: 'it declares a DOCTYPE or entities, which the app refuses for safety',
  'too-many-questions': 'it has too many questions for a pack',
  'too-complex': 'its structure is too complex',
  'no-questions': 'no multiple-choice question with a single right answer',
};

/** Why a Moodle question was left out (a skipped question's reason). */
export const MOODLE_SKIP_REASONS: Record<string, string> = {
  type: 'not multiple choice',
  'no-single-answer': 'not exactly one right answer',
  'too-few-answers': 'fewer than two answers',
  empty: 'empty statement',
};

/** One line per left-out question: "  <name>: not imported (<reason>)". */
export const skippedLines = (skipped: readonly { name: string; reason: string }[]) =>
  skipped.map(({ name, reason }) => `  ${name}: not imported (${MOODLE_SKIP_REASONS[reason] ?? reason})`);

function moodleRefusal(error: MoodleError): string {
  const head = `cli: could not import this Moodle XML file: ${MOODLE_REFUSALS[error.code]}${error.detail ? ` (${error.detail})` : ''}`;
  return [head, ...skippedLines(error.skippedQuestions)].join('\n');
}
