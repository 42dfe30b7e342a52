// cli pack import: a pack into a data folder, as the app imports it.
import { Command } from 'commander';
import { importPack } from '../core/packs/registry.js';
import { openWorkspace } from '../core/workspace.js';
import { EXIT, printer, type Done } from './common.js';
import { inputFile, packWork } from './pack-files.js';

interface PackImportOptions {
  dataDir: string;
  json?: boolean;
}

export function packImportCommand(done: Done): Command {
  return new Command('import')
    .description('a pack into a data folder, as the app imports it')
    .argument('<file>', 'the .exampack')
    .requiredOption('--data-dir <dir>', "the app's data folder")
    .option('--json', 'print one JSON line')
    .action(async (file: string, opts: PackImportOptions) => done(await packImport(file, opts)));
}

async function packImport(file: string, opts: PackImportOptions): Promise<number> {
  const print = printer(opts.json);
  const bytes = await inputFile(file);
  return packWork(async () => {
    const workspace = await openWorkspace(opts.dataDir);
    try {
      const result = await importPack(workspace, bytes);
      print(
        {
          id: result.entry.id,
          title: result.entry.title,
          questions: result.entry.questionCount,
          added: result.added,
        },
        `Imported ${result.entry.title}: ${result.entry.questionCount} questions (${result.added} new)`,
      );
      return EXIT.ok;
    } finally {
      await workspace.close();
    }
  }, print);
}
