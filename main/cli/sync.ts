// cli sync: a product (or a filtered scope) into the offline cache, with a progress bar on a TTY.
import { normalizeBaseUrl } from '../core/api/client.js';
import { InsecureUrlError } from '../core/util/net-policy.js';
import { parseArgs } from 'node:util';
import { DIFFICULTIES } from '../core/api/schemas.js';
import { runSync, type SyncProgress } from '../core/sync/engine.js';
import { syncScopeSchema } from '../core/sync/scope.js';
import { openWorkspace } from '../core/workspace.js';
import { EXIT, UsageError } from './common.js';

function progressLine(p: SyncProgress): string {
  const total = p.total ?? 0;
  const ratio = p.phase === 'images' ? p.images.done / Math.max(1, p.images.total) : p.questions / Math.max(1, total);
  const width = 24;
  const filled = Math.round(Math.min(1, ratio) * width);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
  const wait = p.rateLimitWait
    ? ` waiting ${Math.ceil((p.rateLimitWait.until - Date.now()) / 1000)}s for the rate limit`
    : '';
  const what =
    p.phase === 'images'
      ? `images ${p.images.done}/${p.images.total}`
      : `${p.questions}/${total} questions, ${p.pages} pages`;
  return `${bar} ${what}, ${p.requests} requests${wait}`;
}

export async function sync(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'base-url': { type: 'string' },
      product: { type: 'string' },
      exam: { type: 'string' },
      year: { type: 'string' },
      subject: { type: 'string' },
      difficulty: { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
      // For fakes with a short rate-limit window (tests, benchmarks); the real API's is a minute.
      'rate-window-ms': { type: 'string' },
    },
    strict: true,
  });
  const apiKey = process.env.EXAM_API_KEY;
  if (!values['base-url'] || !values.product || !values['data-dir'])
    throw new UsageError('missing --base-url, --product or --data-dir');
  if (!apiKey) throw new UsageError('set the API key in the EXAM_API_KEY environment variable');
  if (values.difficulty && !(DIFFICULTIES as readonly string[]).includes(values.difficulty)) {
    throw new UsageError(`--difficulty must be one of ${DIFFICULTIES.join(', ')}`);
  }
  const parsed = syncScopeSchema.safeParse({
    product: values.product,
    ...(values.exam && { examId: values.exam }),
    ...(values.year && { year: Number(values.year) }),
    ...(values.subject && { subjectId: values.subject }),
    ...(values.difficulty && { difficulty: values.difficulty }),
  });
  if (!parsed.success) {
    throw new UsageError(
      `invalid scope: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  try {
    normalizeBaseUrl(values['base-url']);
  } catch (error) {
    throw new UsageError(
      error instanceof InsecureUrlError
        ? '--base-url must be https:// (plain http only to localhost): the API key must not travel in clear text'
        : '--base-url is not a URL',
    );
  }
  const workspace = await openWorkspace(values['data-dir']);
  try {
    const windowMs = values['rate-window-ms'] ? Number(values['rate-window-ms']) : undefined;
    const client = workspace.client({
      product: parsed.data.product,
      baseUrl: values['base-url'],
      apiKey,
      ...(windowMs && { governor: { windowMs } }),
    });
    const tty = process.stderr.isTTY;
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    const report = await runSync(parsed.data, {
      client,
      store: workspace.store,
      images: workspace.images,
      state: workspace.state,
      signal: controller.signal,
      onProgress: (p) => {
        if (tty) process.stderr.write(`\r\x1b[2K${progressLine(p)}`);
      },
    });
    if (tty) process.stderr.write('\n');
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
    };
    if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else {
      process.stdout.write(
        `${report.status === 'done' ? 'Sync complete' : `Sync stopped (${report.status}); run again to resume`}: ` +
          `${report.questions}/${report.total} questions, ${report.requests} requests, ` +
          `${report.images.downloaded} images (${report.images.failed} failed), ${report.skipped} skipped.\n`,
      );
    }
    if (report.status === 'quota-exhausted') {
      process.stderr.write(
        'The request quota is exhausted; the questions fetched so far are kept. Run again later to resume.\n',
      );
      return EXIT.quota;
    }
    return report.status === 'done' ? EXIT.ok : EXIT.error;
  } finally {
    await workspace.close();
  }
}
