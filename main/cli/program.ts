// The CLI's commands over the same core as the app, one program for every way it runs: `npm run
// cli`, the bundle (`node out/cli/index.js`) and the installed app's own binary (`--cli`).
// Exit codes: 0 done, 1 other error, 2 bad usage, 3 auth (401/403), 4 quota exhausted, 5 invalid pack,
// 6 the API server failed or misbehaved (5xx, time-out, not its answer, a redirect, a listing that
// never ended), 7 the API server could not be reached, 8 backup file refused.
// Each command lives in main/cli/<command>.ts over commander, which gives every command its help
// (`cli <command> --help`), validation and `--version`.
import { Command, CommanderError } from 'commander';
import { ApiError } from '../core/api/errors.js';
import { apiFailure, sayBoth } from './api-failure.js';
import { BackupError } from '../core/backup/format.js';
import { backupCreateCommand, backupListCommand } from './backup.js';
import { backupRefusal } from './backup-messages.js';
import { dataExportCommand, dataRestoreCommand } from './data.js';
import { WrongCodeError } from '../core/packs/seal.js';
import { DataDirLockedError } from '../core/util/data-lock.js';
import { APP_VERSION } from '../core/version.js';
import { classReportCommand } from './class-report.js';
import { EXIT, UsageError, type CliHost, type Done } from './common.js';
import { forkWorker } from '../core/worker/node-spawn.js';
import { notebookStatsCommand } from './notebook-stats.js';
import { packBuildCommand } from './pack-build.js';
import { packImportCommand } from './pack-import.js';
import { packInspectCommand } from './pack-inspect.js';
import { packMoodleExportCommand } from './pack-moodle-export.js';
import { packMoodleImportCommand } from './pack-moodle-import.js';
import { printBookletCommand } from './print-booklet.js';
import { printScanCommand } from './print-scan.js';
import { statsCommand } from './stats.js';
import { syncCommand } from './sync.js';

export { EXIT };

type Make = (done: Done, host: CliHost) => Command;

/** Plain Node (`npm run cli`, `node out/cli/index.js`): the worker is a forked Node process. */
const NODE_HOST: CliHost = { workerSpawner: () => Promise.resolve(forkWorker()) };

/** The commands, grouped as they are typed: `cli sync`, `cli pack build`, … */
const COMMANDS: (Make | { group: string; description: string; commands: Make[] })[] = [
  syncCommand,
  statsCommand,
  {
    group: 'pack',
    description: "tutors' practice packs: build, inspect, import, Moodle XML out and in",
    commands: [
      packBuildCommand,
      packInspectCommand,
      packImportCommand,
      packMoodleExportCommand,
      packMoodleImportCommand,
    ],
  },
  { group: 'class', description: "a class's results", commands: [classReportCommand] },
  { group: 'print', description: 'exams on paper', commands: [printBookletCommand, printScanCommand] },
  { group: 'notebook', description: 'the error notebook', commands: [notebookStatsCommand] },
  {
    group: 'backup',
    description: "the student's work, backed up in the data folder",
    commands: [backupCreateCommand, backupListCommand],
  },
  {
    group: 'data',
    description: "the student's work to another machine: export, restore",
    commands: [dataExportCommand, dataRestoreCommand],
  },
];

function program(done: Done, host: CliHost): Command {
  const root = new Command('cli')
    .description('Exam Practice, headless: sync, packs, class reports, paper exams')
    .version(APP_VERSION, '-V, --version');
  for (const entry of COMMANDS) {
    if (typeof entry === 'function') root.addCommand(entry(done, host));
    else {
      const group = new Command(entry.group).description(entry.description);
      for (const make of entry.commands) group.addCommand(make(done, host));
      root.addCommand(group);
    }
  }
  // Every command answers bad usage with its own help, and lets main map the exit code.
  const configure = (command: Command) => {
    command.exitOverride().showHelpAfterError(`(cli ${command.name() === 'cli' ? '' : `${command.name()} `}--help)`);
    command.commands.forEach(configure);
  };
  configure(root);
  return root;
}

export async function main(argv: string[], host: CliHost = NODE_HOST): Promise<number> {
  let code: number = EXIT.ok;
  try {
    await program((result) => (code = result), host).parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version print and exit 0; a group typed alone shows its help (commander's code 1).
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
      return EXIT.usage;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`cli: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof ApiError && (error.code === 'unauthorized' || error.code === 'forbidden')) {
      process.stderr.write(
        error.code === 'unauthorized'
          ? 'cli: the API key was refused (401): it is missing, invalid, revoked or expired.\n'
          : 'cli: the API key has no access here (403): it belongs to the other product, or the subscription is not active.\n',
      );
      return EXIT.auth;
    }
    const failure = error instanceof ApiError ? apiFailure(error.code) : null;
    if (failure) {
      process.stderr.write(sayBoth(failure));
      return failure.exit;
    }
    if (error instanceof WrongCodeError) {
      process.stderr.write('cli: wrong release code: the sealed answers stay closed (nothing was changed)\n');
      return EXIT.usage;
    }
    if (error instanceof BackupError) {
      const refusal = backupRefusal(error.code);
      process.stderr.write(`cli: ${refusal.message}${error.detail ? ` [${error.detail}]` : ''}\n`);
      return refusal.exit;
    }
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`cli: ${error.message}\n`);
      return EXIT.error;
    }
    process.stderr.write(`cli: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.error;
  }
}
