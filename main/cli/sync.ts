// cli sync: a product (or a filtered scope) into the offline cache, with progress on stderr.
import { Command, Option } from 'commander';
import { normalizeBaseUrl } from '../core/api/client.js';
import { DIFFICULTIES, PRODUCTS } from '../core/api/schemas.js';
import { runSync, type SyncProgress } from '../core/sync/engine.js';
import type { KeylessCause, SyncOutcome } from '../../preload/contract.js';
import { syncScopeSchema } from '../core/sync/scope.js';
import { InsecureUrlError } from '../core/util/net-policy.js';
import { openWorkspace } from '../core/workspace.js';
import { sayBoth, UNENDED_LISTING } from './api-failure.js';
import { EXIT, integer, progress, UsageError, type Done } from './common.js';

interface SyncOptions {
  baseUrl: string;
  product: string;
  dataDir: string;
  exam?: string;
  year?: number;
  subject?: string;
  difficulty?: string;
  json?: boolean;
  rateWindowMs?: number;
}

function progressLine(p: SyncProgress): string {
  const wait = p.rateLimitWait
    ? ` waiting ${Math.ceil((p.rateLimitWait.until - Date.now()) / 1000)}s for the rate limit`
    : '';
  const what =
    p.phase === 'images'
      ? `images ${p.images.done}/${p.images.total}`
      : `${p.questions}/${p.total ?? 0} questions, ${p.pages} pages`;
  return `${what}, ${p.requests} requests${wait}`;
}

const KEYLESS_WORDS: Record<KeylessCause, string> = {
  'none-marked': 'no alternative marked correct',
  'several-marked': 'more than one alternative marked correct',
  contradicted: 'correctAlternative names another alternative than isCorrect',
  'earlier-run': 'stored by an earlier run',
};

/** Each question once, by what became of it: the kept, the kept without a key and the refused, with why. */
function outcomeLines(outcome: SyncOutcome): string {
  const causes = (counts: Partial<Record<string, number>>, words: (cause: string) => string) =>
    Object.entries(counts)
      .map(([cause, n]) => `    ${n ?? 0} ${words(cause)}\n`)
      .join('');
  const unreadable = Object.entries(outcome.unreadable).map(([field, n]) => `${field} ${n ?? 0}`);
  return (
    `  ${outcome.kept} kept with an answer key\n` +
    `  ${outcome.keyless.total} kept without a key (practice only, never in a graded exam):\n` +
    causes(outcome.keyless.causes, (cause) => KEYLESS_WORDS[cause as KeylessCause]) +
    `  ${outcome.refused.total} refused (a field the spec requires missing or of another type):\n` +
    causes(outcome.refused.causes, (field) => `without a valid ${field}`) +
    (unreadable.length > 0 ? `  fields shown as — (unreadable): ${unreadable.join(', ')}\n` : '')
  );
}

export function syncCommand(done: Done): Command {
  return (
    new Command('sync')
      .description('sync a product (or a filtered part of it) into the offline cache; the key comes from EXAM_API_KEY')
      .requiredOption('--base-url <url>', 'the API (https://, or http:// only to localhost)')
      .addOption(new Option('--product <product>', 'which product').choices(PRODUCTS).makeOptionMandatory())
      .requiredOption('--data-dir <dir>', "the app's data folder")
      .option('--exam <id>', 'only this exam')
      .option('--year <n>', 'only this year', integer(1900, 2100))
      .option('--subject <id>', 'only this subject')
      .addOption(new Option('--difficulty <level>', 'only this difficulty').choices(DIFFICULTIES))
      .option('--json', 'print one JSON summary line')
      // For fakes with a short rate-limit window (tests, benchmarks); the real API's is a minute.
      .addOption(new Option('--rate-window-ms <ms>').argParser(integer(1)).hideHelp())
      .action(async (opts: SyncOptions) => done(await sync(opts)))
  );
}

async function sync(opts: SyncOptions): Promise<number> {
  const apiKey = process.env.EXAM_API_KEY;
  if (!apiKey) throw new UsageError('set the API key in the EXAM_API_KEY environment variable');
  const parsed = syncScopeSchema.safeParse({
    product: opts.product,
    ...(opts.exam && { examId: opts.exam }),
    ...(opts.year !== undefined && { year: opts.year }),
    ...(opts.subject && { subjectId: opts.subject }),
    ...(opts.difficulty && { difficulty: opts.difficulty }),
  });
  if (!parsed.success) {
    throw new UsageError(
      `invalid scope: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  try {
    normalizeBaseUrl(opts.baseUrl);
  } catch (error) {
    throw new UsageError(
      error instanceof InsecureUrlError
        ? '--base-url must be https:// (plain http only to localhost): the API key must not travel in clear text'
        : '--base-url is not a URL',
    );
  }
  const workspace = await openWorkspace(opts.dataDir);
  try {
    const windowMs = opts.rateWindowMs;
    const client = workspace.client({
      product: parsed.data.product,
      baseUrl: opts.baseUrl,
      apiKey,
      ...(windowMs && { governor: { windowMs } }),
    });
    const bar = progress('sync');
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    const report = await runSync(parsed.data, {
      client,
      store: workspace.store,
      images: workspace.images,
      state: workspace.state,
      signal: controller.signal,
      onProgress: (p) =>
        p.phase === 'images'
          ? bar.update(p.images.done, p.images.total, progressLine(p))
          : bar.update(p.questions, p.total ?? 0, progressLine(p)),
    });
    bar.end();
    const summary = {
      product: report.product,
      total: report.total,
      questions: report.questions,
      requests: report.requests,
      retries: report.retries,
      rateLimitWaits: report.rateLimitWaits,
      images: report.images,
      skipped: report.skipped,
      durationMs: report.durationMs,
      outcome: report.outcome,
      unendedListings: report.unendedListings,
    };
    if (opts.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else {
      process.stdout.write(
        `${report.status === 'done' ? 'Sync complete' : `Sync stopped (${report.status}); run again to resume`}: ` +
          `${report.questions}/${report.total} questions, ${report.requests} requests, ` +
          `${report.images.downloaded} images (${report.images.failed} failed), ${report.skipped} skipped.\n` +
          outcomeLines(report.outcome),
      );
    }
    if (report.status === 'quota-exhausted') {
      process.stderr.write(
        'The request quota is exhausted; the questions fetched so far are kept. Run again later to resume.\n',
      );
      return EXIT.quota;
    }
    if (report.unendedListings > 0) {
      process.stderr.write(sayBoth(UNENDED_LISTING));
      return UNENDED_LISTING.exit;
    }
    return report.status === 'done' ? EXIT.ok : EXIT.error;
  } finally {
    await workspace.close();
  }
}
