// cli pack import: a pack into a data folder, as the app imports it.
import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { PackError } from '../core/packs/format.js';
import { importPack } from '../core/packs/registry.js';
import { openWorkspace } from '../core/workspace.js';
import { EXIT, printer, UsageError, type Done } from './common.js';

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
  const bytes = await readFile(file).catch(() => null);
  if (!bytes) throw new UsageError(`cannot read ${file}`);
  try {
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
  } catch (error) {
    if (!(error instanceof PackError)) throw error;
    print(
      { integrity: 'invalid', error: error.code, detail: error.detail },
      `cli: invalid pack (${error.code}) ${error.detail}`,
    );
    return EXIT.invalidPack;
  }
}
