// cli notebook stats: the error notebook's figures, read-only.
import { Command } from 'commander';
import { Notebook } from '../core/notebook/notebook.js';
import { EXIT, type Done } from './common.js';

interface NotebookStatsOptions {
  dataDir: string;
  json?: boolean;
}

export function notebookStatsCommand(done: Done): Command {
  return new Command('stats')
    .description('the error notebook: due today, in the next 7 days, mastered (read-only)')
    .requiredOption('--data-dir <dir>', "the app's data folder")
    .option('--json', 'print one JSON line')
    .action(async (opts: NotebookStatsOptions) => done(await notebookStats(opts)));
}

async function notebookStats(opts: NotebookStatsOptions): Promise<number> {
  // Read-only, without the folder's lock: the app may be open on it.
  const opened = await Notebook.open(opts.dataDir, { readOnly: true, notices: { report: () => undefined } });
  const { dueToday, dueNext7Days, mastered, total } = opened.overview(Date.now());
  const result = { dueToday, dueNext7Days, mastered, total };
  if (opts.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    process.stdout.write(
      `${total} cards: ${dueToday} due today, ${dueNext7Days} in the next 7 days, ${mastered} mastered\n`,
    );
  }
  return EXIT.ok;
}
