// cli pack build: a tutor's practice pack (questions + images in one file) from the offline cache.
import { writeFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import { DIFFICULTIES, PRODUCTS } from '../core/api/schemas.js';
import { catalogQuerySchema, queryCatalog } from '../core/catalog/query.js';
import { buildPack, fetchMissingImages } from '../core/packs/writer.js';
import { isLoopbackHost } from '../core/util/net-policy.js';
import { APP_VERSION } from '../core/version.js';
import { openWorkspace } from '../core/workspace.js';
import { EXIT, integer, printer, progress, UsageError, type Done } from './common.js';

interface PackBuildOptions {
  dataDir: string;
  out: string;
  title: string;
  description?: string;
  author?: string;
  product?: string;
  exam?: string;
  year?: number;
  subject?: string;
  difficulty?: string;
  limit?: number;
  baseUrl?: string;
  json?: boolean;
}

export function packBuildCommand(done: Done): Command {
  return new Command('build')
    .description('a practice pack from the offline cache (students import it without any key)')
    .requiredOption('--data-dir <dir>', "the app's data folder")
    .requiredOption('--out <file>', 'the .exampack to write')
    .requiredOption('--title <title>', "the pack's title")
    .option('--description <text>', "the pack's description")
    .option('--author <name>', "the pack's author")
    .addOption(new Option('--product <product>', 'only this product').choices(PRODUCTS))
    .option('--exam <id>', 'only this exam')
    .option('--year <n>', 'only this year', integer(1900, 2100))
    .option('--subject <id>', 'only this subject')
    .addOption(new Option('--difficulty <level>', 'only this difficulty').choices(DIFFICULTIES))
    .option('--limit <n>', 'at most this many questions', integer(1))
    .option('--base-url <url>', "the API the data came from (a localhost API's images may be local)")
    .option('--json', 'print one JSON summary line')
    .action(async (opts: PackBuildOptions) => done(await packBuild(opts)));
}

async function packBuild(opts: PackBuildOptions): Promise<number> {
  const print = printer(opts.json);
  const filter = catalogQuerySchema.safeParse({
    ...(opts.product && { product: opts.product }),
    ...(opts.exam && { examId: opts.exam }),
    ...(opts.year !== undefined && { year: opts.year }),
    ...(opts.subject && { subjectId: opts.subject }),
    ...(opts.difficulty && { difficulty: opts.difficulty }),
  });
  if (!filter.success) throw new UsageError(`invalid filter: ${filter.error.issues[0]?.message ?? ''}`);
  const limit = opts.limit;
  const workspace = await openWorkspace(opts.dataDir);
  let built: Awaited<ReturnType<typeof buildPack>>;
  try {
    const chosen = (await queryCatalog(workspace.store, filter.data))
      .sort((a, b) => a.id.localeCompare(b.id))
      .slice(0, limit);
    const selection = await workspace.store.load(
      chosen.map((entry) => entry.id),
      { cache: false },
    );
    // Image hosts must be public; --base-url names a local API (the fake) whose images may be local.
    const local = opts.baseUrl ? isLoopbackHost(new URL(opts.baseUrl).hostname) : false;
    const bar = progress('pack build');
    bar.update(0, 2, `${selection.length} questions: images`);
    await fetchMissingImages(selection, workspace.images, { allowLocal: local });
    bar.update(1, 2, 'writing the pack');
    built = await buildPack(selection, workspace.store, workspace.images, {
      title: opts.title,
      ...(opts.description && { description: opts.description }),
      ...(opts.author && { author: opts.author }),
      appVersion: APP_VERSION,
      explanations: (id, q) => workspace.explanations.for(id, q),
    });
    await writeFile(opts.out, built.bytes);
    bar.update(2, 2, 'done');
    bar.end();
  } finally {
    await workspace.close();
  }
  print(
    {
      file: opts.out,
      bytes: built.bytes.length,
      id: built.manifest.id,
      questions: built.manifest.questionCount,
      images: Object.keys(built.manifest.files).length - 1,
      missingImages: built.missingImages.length,
    },
    `Wrote ${opts.out}: ${built.manifest.questionCount} questions, ${built.bytes.length} bytes` +
      (built.missingImages.length
        ? ` (${built.missingImages.length} images could not be downloaded and are left out)`
        : ''),
  );
  return EXIT.ok;
}
