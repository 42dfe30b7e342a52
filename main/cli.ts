// Headless CLI over the same core as the app: `npm run --silent cli -- <command>`.
// The API key comes from EXAM_API_KEY only: arguments show up in `ps` and shell history.
// Exit codes: 0 done, 1 other error, 2 bad usage, 3 auth (401/403), 4 quota exhausted.
import { normalizeBaseUrl } from './core/api/client.js';
import { InsecureUrlError, isLoopbackHost } from './core/util/net-policy.js';
import { parseArgs } from 'node:util';
import { ApiError } from './core/api/errors.js';
import { DIFFICULTIES } from './core/api/schemas.js';
import { mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogQuerySchema, catalogStats, queryCatalog } from './core/catalog/query.js';
import { PackError } from './core/packs/format.js';
import { readPack } from './core/packs/reader.js';
import { applyRelease, importPack, journalRelease, openSealedContent, unsealPack } from './core/packs/registry.js';
import { WrongCodeError } from './core/packs/seal.js';
import { buildPack, fetchMissingImages } from './core/packs/writer.js';
import { APP_VERSION } from './core/version.js';
import { runSync, type SyncProgress } from './core/sync/engine.js';
import { syncScopeSchema } from './core/sync/scope.js';
import { DataDirLockedError } from './core/util/data-lock.js';
import { openWorkspace } from './core/workspace.js';
import { Notebook } from './core/notebook/notebook.js';
import { MoodleError, moodleToPackFile, packFileToMoodle } from './core/packs/moodle.js';
import { PRESETS } from './core/exams/builder.js';
import { cachedImage, PaperExams, printPaperExam } from './core/paper/paper-exam.js';
import { MAX_VERSIONS } from './core/paper/versions.js';
import { createPaperExam } from './app/paper.js';
import { RESULT_FILE_MAX_BYTES, type ExamRequest } from '../preload/contract.js';
import { buildClassReport, classReportCsv } from './core/class/report.js';
import { RESULT_EXTENSION } from './core/class/result-file.js';

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

export const EXIT = { ok: 0, error: 1, usage: 2, auth: 3, quota: 4, invalidPack: 5 } as const;

class UsageError extends Error {}

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

async function sync(args: string[]): Promise<number> {
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

async function stats(args: string[]): Promise<number> {
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

async function classCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'report') throw new UsageError(`unknown class command: ${sub ?? ''}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      pack: { type: 'string' },
      results: { type: 'string' },
      json: { type: 'boolean', default: false },
      csv: { type: 'string' },
      code: { type: 'string' },
    },
    strict: true,
  });
  if (!values.pack) throw new UsageError('missing --pack');
  if (!values.results) throw new UsageError('missing --results');
  const read = await readPack(await readFile(values.pack));
  try {
    // A sealed pack's answers are the report's key: without its code there is nothing to grade against.
    if (read.manifest.sealed && !values.code)
      throw new UsageError('this pack is sealed: give its release code with --code');
    const pack = { manifest: read.manifest, content: await openSealedContent(read, values.code ?? '') };
    const names = (await readdir(values.results)).filter((n) => n.endsWith(RESULT_EXTENSION)).sort();
    // One file that vanished or cannot be read is refused by name; the others still count.
    const sources = await Promise.all(
      names.map(async (name) => ({
        name,
        bytes: await readResultBytes(join(values.results ?? '', name)),
      })),
    );
    const report = buildClassReport(pack, sources);
    if (values.csv) {
      await mkdir(values.csv, { recursive: true });
      for (const [name, text] of Object.entries(classReportCsv(report))) await writeFile(join(values.csv, name), text);
    }
    if (values.json) process.stdout.write(`${JSON.stringify(report)}\n`);
    else {
      const { analysis } = report;
      process.stdout.write(
        `${report.pack.title}: ${report.accepted.length} students, ${report.questions.length} questions, mean ${analysis.meanScore.toFixed(1)}\n`,
      );
      for (const r of report.rejected) process.stdout.write(`rejected ${r.file}: ${r.reason} ${r.detail}\n`);
      for (const d of report.duplicates)
        process.stdout.write(`duplicate ${d.file} (${d.student}): kept ${d.keptFile}\n`);
      analysis.items.forEach((item, i) => {
        const flags = item.flags.length ? ` [${item.flags.join(', ')}]` : '';
        process.stdout.write(
          `${i + 1}. ${item.id} key ${item.key}: facility ${item.facility.toFixed(2)}, r ${item.pointBiserial?.toFixed(2) ?? '–'}, D ${item.upperLower.toFixed(2)}${flags}\n`,
        );
      });
    }
    return EXIT.ok;
  } finally {
    await read.dispose();
  }
}

/** A result file's bytes, at most one past the largest a reader takes; null when it cannot be read. */
async function readResultBytes(path: string): Promise<Uint8Array | null> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(RESULT_FILE_MAX_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

async function print(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'booklet') throw new UsageError(`unknown print command: ${sub ?? ''}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      'data-dir': { type: 'string' },
      preset: { type: 'string' },
      pack: { type: 'string' },
      count: { type: 'string' },
      product: { type: 'string' },
      exam: { type: 'string' },
      year: { type: 'string' },
      subject: { type: 'string' },
      difficulty: { type: 'string' },
      versions: { type: 'string', default: '1' },
      out: { type: 'string' },
      title: { type: 'string' },
      minutes: { type: 'string' },
      seed: { type: 'string' },
      code: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values['data-dir'] || !values.out) throw new UsageError('print booklet needs --data-dir and --out');
  const sources = [values.preset, values.pack, values.count].filter(Boolean).length;
  if (sources !== 1) throw new UsageError('print booklet takes one of --preset, --pack or --count');
  const versions = Number(values.versions);
  if (!Number.isInteger(versions) || versions < 1 || versions > MAX_VERSIONS)
    throw new UsageError(`--versions must be 1 to ${MAX_VERSIONS}`);
  const workspace = await openWorkspace(values['data-dir']);
  try {
    let request: ExamRequest;
    let minutes = values.minutes ? Number(values.minutes) : null;
    let title = values.title;
    if (values.preset) {
      const preset = PRESETS.find((p) => p.id === values.preset);
      if (!preset) throw new UsageError(`unknown preset: ${values.preset} (${PRESETS.map((p) => p.id).join(', ')})`);
      request = { ...preset.request };
      minutes ??= preset.settings.timeLimitMinutes ?? null;
      title ??= `Simulado ${preset.id}`;
    } else if (values.pack) {
      const result = await importPack(workspace, await readFile(values.pack));
      if (result.entry.sealed && !result.entry.sealed.released) {
        // The key goes on paper: a sealed pack's is there only with its release code.
        if (!values.code) throw new UsageError('this pack is sealed: give its release code with --code');
        const payload = await unsealPack(workspace, result.entry.id, values.code);
        // Journaled like the app's release: the app finishes it (grading any waiting exam) when it opens this folder.
        await journalRelease(workspace, result.entry.id, payload);
        await applyRelease(workspace, result.entry.id, payload);
      }
      const config = result.entry.examConfig;
      request = {
        sources: [`pack:${result.entry.id}`],
        count: Math.min(500, config?.count ?? config?.questionIds?.length ?? result.entry.questionCount),
        ...(config?.questionIds && { questionIds: config.questionIds }),
      };
      minutes ??= config?.timeLimitMinutes ?? null;
      title ??= result.entry.title;
    } else {
      const count = Number(values.count);
      if (!Number.isInteger(count) || count < 1 || count > 500) throw new UsageError('--count must be 1 to 500');
      request = {
        count,
        ...(values.product && { sources: [`api:${values.product}`] }),
        ...(values.exam && { examId: values.exam }),
        ...(values.year && { year: Number(values.year) }),
        ...(values.subject && { subjectId: values.subject }),
        ...(values.difficulty && { difficulty: values.difficulty as 'easy' | 'medium' | 'hard' }),
      };
      title ??= 'Simulado';
    }
    await workspace.catalogReady();
    const exam = await createPaperExam(
      {
        store: () => workspace.store,
        images: () => workspace.images,
        explanations: () => workspace.explanations,
        packOf: async () => null,
        now: () => Date.now(),
      },
      request,
      { title, minutes, versions, ...(values.seed && { seed: Number(values.seed) }) },
    );
    await new PaperExams(join(values['data-dir'], 'paper')).save(exam);
    const files = await printPaperExam(exam, cachedImage(workspace.images));
    await mkdir(values.out, { recursive: true });
    for (const [name, bytes] of files) await writeFile(join(values.out, name), bytes);
    const summary = { code: exam.code, questions: exam.questions.length, versions, files: [...files.keys()] };
    process.stdout.write(
      values.json
        ? `${JSON.stringify(summary)}\n`
        : `${exam.code}: ${exam.questions.length} questions, ${versions} versions → ${values.out}\n`,
    );
    return EXIT.ok;
  } finally {
    await workspace.close();
  }
}

async function notebook(args: string[]): Promise<number> {
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

async function pack(args: string[]): Promise<number> {
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
