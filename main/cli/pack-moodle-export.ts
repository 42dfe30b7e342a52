// cli pack moodle-export: a pack as Moodle XML (a quiz's question bank, with the pack's keys).
import { writeFile } from 'node:fs/promises';
import { Command } from 'commander';
import { packFileToMoodle } from '../core/packs/moodle.js';
import { EXIT, printer, type Done } from './common.js';
import { inputFile, packWork } from './pack-files.js';

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
  const bytes = await inputFile(file);
  return packWork(async () => {
    const { xml, questions } = await packFileToMoodle(bytes);
    await writeFile(opts.out, xml);
    print({ out: opts.out, questions }, `Wrote ${opts.out}: ${questions} questions for Moodle`);
    return EXIT.ok;
  });
}
