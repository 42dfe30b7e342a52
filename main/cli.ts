// Headless CLI over the same core as the app: `npm run --silent cli -- <command>`.
// The API key comes from EXAM_API_KEY only: arguments show up in `ps` and shell history.
// Exit codes: 0 done, 1 other error, 2 bad usage, 3 auth (401/403), 4 quota exhausted.
// The table of commands; each lives in main/cli/<command>.ts.
import { ApiError } from './core/api/errors.js';
import { WrongCodeError } from './core/packs/seal.js';
import { DataDirLockedError } from './core/util/data-lock.js';
import { EXIT, UsageError } from './cli/common.js';
import { classCommand } from './cli/class-report.js';
import { notebook } from './cli/notebook.js';
import { pack } from './cli/pack.js';
import { print } from './cli/print.js';
import { stats } from './cli/stats.js';
import { sync } from './cli/sync.js';

export { EXIT };

const USAGE = `usage:
  cli sync --base-url URL --product enem|vestibulares --data-dir DIR [--exam ID] [--year N]
           [--subject ID] [--difficulty easy|medium|hard] [--json]      (key: EXAM_API_KEY)
  cli stats --data-dir DIR [--json]
  cli pack build --data-dir DIR --out FILE --title T [--description D] [--author A] [--product P]
           [--exam ID] [--year N] [--subject ID] [--difficulty D] [--limit N] [--json]
           [--base-url URL]   (the API the data came from: a localhost API's images may be local)
  cli pack inspect FILE [--json]
  cli class report --pack FILE.exampack --results DIR [--code RELEASE_CODE] [--json] [--csv OUT_DIR]
           (the tutor's class report from the students' .examresult files; a sealed pack needs its code)
  cli print booklet --data-dir DIR (--preset ID | --pack FILE | --count N [--product P] [--exam ID]
           [--year N] [--subject ID] [--difficulty D]) --versions N --out DIR
           [--title T] [--minutes M] [--seed S] [--code RELEASE_CODE] [--json]
           (booklet-<n>.pdf per version, answer-sheet.pdf, key.pdf; the exam kept for grading;
            a sealed pack prints only with its code)
  cli notebook stats --data-dir DIR [--json]   (the error notebook: due today, next 7 days, mastered)
  cli pack import FILE --data-dir DIR [--json]
  cli pack moodle-export FILE.exampack --out QUIZ.xml [--json]
  cli pack moodle-import QUIZ.xml --out FILE.exampack --title T [--author A] [--json]`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'sync') return await sync(rest);
    if (command === 'stats') return await stats(rest);
    if (command === 'pack') return await pack(rest);
    if (command === 'notebook') return await notebook(rest);
    if (command === 'class') return await classCommand(rest);
    if (command === 'print') return await print(rest);
    if (command === '--help' || command === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return EXIT.ok;
    }
    throw new UsageError(command ? `unknown command: ${command}` : 'missing command');
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      process.stderr.write(`cli: ${error.message}\n${USAGE}\n`);
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
    if (error instanceof WrongCodeError) {
      process.stderr.write('cli: wrong release code: the sealed answers stay closed (nothing was changed)\n');
      return EXIT.usage;
    }
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`cli: ${error.message}\n`);
      return EXIT.error;
    }
    process.stderr.write(`cli: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.error;
  }
}

process.exitCode = await main(process.argv.slice(2));
