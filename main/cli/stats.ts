// cli stats: what the cache holds, read-only (the app may be open).
import { parseArgs } from 'node:util';
import { catalogStats } from '../core/catalog/query.js';
import { openWorkspace } from '../core/workspace.js';
import { EXIT, UsageError } from './common.js';

export async function stats(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values['data-dir']) throw new UsageError('missing --data-dir');
  const workspace = await openWorkspace(values['data-dir'], { readOnly: true });
  const result = catalogStats(workspace.store);
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    process.stdout.write(`${result.total} questions\n`);
    for (const [title, counts] of Object.entries({
      product: result.byProduct,
      exam: result.byExam,
      subject: result.bySubject,
      year: result.byYear,
      difficulty: result.byDifficulty,
      source: result.bySource,
    })) {
      process.stdout.write(
        `by ${title}: ${Object.entries(counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}\n`,
      );
    }
  }
  return EXIT.ok;
}
