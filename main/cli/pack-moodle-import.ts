// cli pack moodle-import: Moodle XML (multiple choice) as a practice pack.
import { writeFile } from 'node:fs/promises';
import { Command } from 'commander';
import { moodleToPackFile } from '../core/packs/moodle.js';
import { APP_VERSION } from '../core/version.js';
import { EXIT, printer, type Done } from './common.js';
import { inputFile, packWork, skippedLines } from './pack-files.js';

interface MoodleImportOptions {
  out: string;
  title: string;
  author?: string;
  description?: string;
  json?: boolean;
}

export function packMoodleImportCommand(done: Done): Command {
  return new Command('moodle-import')
    .description("Moodle XML's multiple-choice questions as a practice pack (others are skipped and listed)")
    .argument('<file>', 'the Moodle XML file')
    .requiredOption('--out <file>', 'the .exampack to write')
    .requiredOption('--title <title>', "the pack's title")
    .option('--author <name>', "the pack's author")
    .option('--description <text>', "the pack's description")
    .option('--json', 'print one JSON summary line')
    .action(async (file: string, opts: MoodleImportOptions) => done(await moodleImport(file, opts)));
}

async function moodleImport(file: string, opts: MoodleImportOptions): Promise<number> {
  const print = printer(opts.json);
  const bytes = await inputFile(file);
  return packWork(async () => {
    const built = await moodleToPackFile(bytes, {
      title: opts.title,
      appVersion: APP_VERSION,
      ...(opts.author && { author: opts.author }),
      ...(opts.description && { description: opts.description }),
    });
    await writeFile(opts.out, built.bytes);
    print(
      { out: opts.out, id: built.manifest.id, questions: built.manifest.questionCount, skipped: built.skipped },
      [
        `Wrote ${opts.out}: ${built.manifest.questionCount} question${built.manifest.questionCount === 1 ? '' : 's'}, ${built.skipped.length} skipped`,
        ...skippedLines(built.skipped),
      ].join('\n'),
    );
    return EXIT.ok;
  });
}
