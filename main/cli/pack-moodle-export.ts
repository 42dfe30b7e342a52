// cli pack moodle-export: a pack as Moodle XML (a quiz's question bank, with the pack's keys).
import { readFile, writeFile } from 'node:fs/promises';
import { Command } from 'commander';
import { PackError } from '../core/packs/format.js';
import { MoodleError, packFileToMoodle } from '../core/packs/moodle.js';
import { EXIT, printer, UsageError, type Done } from './common.js';

interface MoodleExportOptions {
  out: string;
  json?: boolean;
}

export function packMoodleExportCommand(done: Done): Command {
  return new Command('moodle-export')
    .description("a pack's questions as Moodle XML, for a quiz's question bank")
    .argument('<file>', 'the .exampack')
    .requiredOption('--out <file>', 'the XML file to write')
    .option('--json', 'print one JSON summary line')
    .action(async (file: string, opts: MoodleExportOptions) => done(await moodleExport(file, opts)));
}

async function moodleExport(file: string, opts: MoodleExportOptions): Promise<number> {
  const print = printer(opts.json);
  const bytes = await readFile(file).catch(() => null);
  if (!bytes) throw new UsageError(`cannot read ${file}`);
  try {
    const { xml, questions } = await packFileToMoodle(bytes);
    await writeFile(opts.out, xml);
    print({ out: opts.out, questions }, `Wrote ${opts.out}: ${questions} questions for Moodle`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof MoodleError) {
      process.stderr.write(`cli: not Moodle XML we can read (${error.code}) ${error.detail}\n`);
      return EXIT.invalidPack;
    }
    if (!(error instanceof PackError)) throw error;
    process.stderr.write(`cli: invalid pack (${error.code}) ${error.detail}\n`);
    return EXIT.invalidPack;
  }
}
