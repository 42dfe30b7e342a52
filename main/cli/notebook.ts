// cli notebook stats: the error notebook's figures, read-only.
import { parseArgs } from 'node:util';
import { Notebook } from '../core/notebook/notebook.js';
import { EXIT, UsageError } from './common.js';

export async function notebook(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'stats') throw new UsageError(`unknown notebook command: ${sub ?? ''}`);
  const { values } = parseArgs({
    args: rest,
    options: { 'data-dir': { type: 'string' }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values['data-dir']) throw new UsageError('missing --data-dir');
  // Read-only, without the folder's lock: the app may be open on it.
  const opened = await Notebook.open(values['data-dir'], { readOnly: true, notices: { report: () => undefined } });
  const { dueToday, dueNext7Days, mastered, total } = opened.overview(Date.now());
  const result = { dueToday, dueNext7Days, mastered, total };
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    process.stdout.write(
      `${total} cards: ${dueToday} due today, ${dueNext7Days} in the next 7 days, ${mastered} mastered\n`,
    );
  }
  return EXIT.ok;
}
