// cli pack build | inspect | import | moodle-export | moodle-import.
import { isLoopbackHost } from '../core/util/net-policy.js';
import { parseArgs } from 'node:util';
import { readFile, writeFile } from 'node:fs/promises';
import { catalogQuerySchema, queryCatalog } from '../core/catalog/query.js';
import { PackError } from '../core/packs/format.js';
import { readPack } from '../core/packs/reader.js';
import { importPack } from '../core/packs/registry.js';
import { buildPack, fetchMissingImages } from '../core/packs/writer.js';
import { APP_VERSION } from '../core/version.js';
import { openWorkspace } from '../core/workspace.js';
import { MoodleError, moodleToPackFile, packFileToMoodle } from '../core/packs/moodle.js';
import { EXIT, UsageError } from './common.js';

export async function pack(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      out: { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
      author: { type: 'string' },
      product: { type: 'string' },
      exam: { type: 'string' },
      year: { type: 'string' },
      subject: { type: 'string' },
      difficulty: { type: 'string' },
      limit: { type: 'string' },
      'base-url': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const print = (value: unknown, human: string) =>
    process.stdout.write(values.json ? `${JSON.stringify(value)}\n` : `${human}\n`);
  if (sub === 'build') {
    if (!values['data-dir'] || !values.out || !values.title)
      throw new UsageError('pack build needs --data-dir, --out and --title');
    const filter = catalogQuerySchema.safeParse({
      ...(values.product && { product: values.product }),
      ...(values.exam && { examId: values.exam }),
      ...(values.year && { year: Number(values.year) }),
      ...(values.subject && { subjectId: values.subject }),
      ...(values.difficulty && { difficulty: values.difficulty }),
    });
    if (!filter.success) throw new UsageError(`invalid filter: ${filter.error.issues[0]?.message ?? ''}`);
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
      throw new UsageError('--limit must be a positive integer');
    const workspace = await openWorkspace(values['data-dir']);
    let built: Awaited<ReturnType<typeof buildPack>>;
    try {
      const selection = queryCatalog(workspace.store, filter.data)
        .sort((a, b) => a.id.localeCompare(b.id))
        .slice(0, limit);
      // Image hosts must be public; --base-url names a local API (the fake) whose images may be local.
      const local = values['base-url'] ? isLoopbackHost(new URL(values['base-url']).hostname) : false;
      await fetchMissingImages(selection, workspace.images, { allowLocal: local });
      built = await buildPack(selection, workspace.store, workspace.images, {
        title: values.title,
        ...(values.description && { description: values.description }),
        ...(values.author && { author: values.author }),
        appVersion: APP_VERSION,
        explanations: (id, q) => workspace.explanations.for(id, q),
      });
      await writeFile(values.out, built.bytes);
    } finally {
      await workspace.close();
    }
    print(
      {
        file: values.out,
        bytes: built.bytes.length,
        id: built.manifest.id,
        questions: built.manifest.questionCount,
        images: Object.keys(built.manifest.files).length - 1,
        missingImages: built.missingImages.length,
      },
      `Wrote ${values.out}: ${built.manifest.questionCount} questions, ${built.bytes.length} bytes` +
        (built.missingImages.length
          ? ` (${built.missingImages.length} images could not be downloaded and are left out)`
          : ''),
    );
    return EXIT.ok;
  }
  if (sub === 'moodle-export' || sub === 'moodle-import') {
    const file = positionals[0];
    if (!file || positionals.length > 1 || !values.out) throw new UsageError(`pack ${sub} takes one FILE and --out`);
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) throw new UsageError(`cannot read ${file}`);
    try {
      if (sub === 'moodle-export') {
        const { xml, questions } = await packFileToMoodle(bytes);
        await writeFile(values.out, xml);
        print({ out: values.out, questions }, `Wrote ${values.out}: ${questions} questions for Moodle`);
        return EXIT.ok;
      }
      if (!values.title) throw new UsageError('pack moodle-import needs --title');
      const built = await moodleToPackFile(bytes, {
        title: values.title,
        appVersion: APP_VERSION,
        ...(values.author && { author: values.author }),
        ...(values.description && { description: values.description }),
      });
      await writeFile(values.out, built.bytes);
      print(
        { out: values.out, id: built.manifest.id, questions: built.manifest.questionCount, skipped: built.skipped },
        `Wrote ${values.out}: ${built.manifest.questionCount} questions, ${built.skipped.length} skipped`,
      );
      return EXIT.ok;
    } catch (error) {
      if (error instanceof MoodleError) {
        process.stderr.write(`cli: not Moodle XML we can read (${error.code}) ${error.detail}\n`);
        return EXIT.invalidPack;
      }
      if (!(error instanceof PackError)) throw error;
      process.stderr.write(`cli: invalid pack (${error.code}) ${error.detail}\n`);
      return EXIT.invalidPack;
    }
  }
  if (sub === 'inspect' || sub === 'import') {
    const file = positionals[0];
    if (!file || positionals.length > 1) throw new UsageError(`pack ${sub} takes one FILE`);
    if (sub === 'import' && !values['data-dir']) throw new UsageError('pack import needs --data-dir');
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) throw new UsageError(`cannot read ${file}`);
    try {
      if (sub === 'inspect') {
        const read = await readPack(bytes);
        await read.dispose();
        const bySubject: Record<string, number> = {};
        const names = new Map(read.content.subjects.map((s) => [s.id, s.name]));
        for (const { q } of read.content.questions) {
          const name = names.get(q.subject.id) ?? q.subject.name ?? q.subject.id;
          bySubject[name] = (bySubject[name] ?? 0) + 1;
        }
        const summary = {
          manifest: read.manifest,
          counts: { questions: read.content.questions.length, images: read.images.size, bySubject },
          integrity: 'ok',
        };
        print(
          summary,
          `${read.manifest.title} (${read.manifest.id}): ${read.content.questions.length} questions, ${read.images.size} images, integrity ok`,
        );
        return EXIT.ok;
      }
      const workspace = await openWorkspace(values['data-dir'] ?? '');
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
  throw new UsageError(`unknown pack command: ${sub ?? ''}`);
}
