// cli print booklet: an exam as booklets, answer sheet and key (the exam kept for grading).
import { Command, InvalidArgumentError, Option } from 'commander';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  applyRelease,
  importPack,
  journalRelease,
  packNumbering,
  packOrigin,
  unsealPack,
} from '../core/packs/registry.js';
import { openWorkspace } from '../core/workspace.js';
import { PRESETS } from '../core/exams/builder.js';
import { cachedImage, PaperExams, printPaperExam } from '../core/paper/paper-exam.js';
import type { EnlargedPoints } from '../core/paper/pdf.js';
import { MAX_VERSIONS } from '../core/paper/versions.js';
import { createPaperExam } from '../app/paper.js';
import { type ExamRequest } from '../../preload/contract.js';
import { DIFFICULTIES, PRODUCTS, type Difficulty } from '../core/api/schemas.js';
import { EXIT, integer, progress, UsageError, type Done } from './common.js';

/** The national exam's two enlarged types. */
function enlargedPoints(value: string): EnlargedPoints {
  if (value.trim() === '18') return 18;
  if (value.trim() === '24') return 24;
  throw new InvalidArgumentError('must be 18 (ampliada) or 24 (superampliada)');
}

interface PrintOptions {
  dataDir: string;
  out: string;
  preset?: string;
  pack?: string;
  count?: number;
  product?: string;
  exam?: string;
  year?: number;
  subject?: string;
  difficulty?: Difficulty;
  versions: number;
  title?: string;
  minutes?: number;
  seed?: number;
  code?: string;
  sheets: number;
  /** `true`: the flag without a size (18 points). */
  enlarged?: EnlargedPoints | true;
  extraMinutes?: number;
  json?: boolean;
}

export function printBookletCommand(done: Done): Command {
  return new Command('booklet')
    .description(
      'an exam on paper: booklet-<n>.pdf per version, answer-sheet.pdf and key.pdf; the exam is kept for grading',
    )
    .requiredOption('--data-dir <dir>', "the app's data folder")
    .requiredOption('--out <dir>', 'where the PDFs go')
    .option('--preset <id>', `a fixed exam (${PRESETS.map((p) => p.id).join(', ')})`)
    .option('--pack <file>', "a pack's exam (a sealed pack prints only with --code)")
    .option('--count <n>', 'that many questions from the cache', integer(1, 500))
    .addOption(new Option('--product <product>', 'with --count: only this product').choices(PRODUCTS))
    .option('--exam <id>', 'with --count: only this exam')
    .option('--year <n>', 'with --count: only this year', integer(1900, 2100))
    .option('--subject <id>', 'with --count: only this subject')
    .addOption(new Option('--difficulty <level>', 'with --count: only this difficulty').choices(DIFFICULTIES))
    .option('--versions <n>', 'booklet versions (shuffled differently)', integer(1, MAX_VERSIONS), 1)
    .option('--title <title>', 'the title on the booklets')
    .option('--minutes <m>', 'the time printed on the booklets', integer(1, 24 * 60))
    .option('--seed <s>', 'the same seed prints the same booklets', integer(0))
    .option('--code <code>', "a sealed pack's release code")
    .option('--sheets <n>', 'numbered answer sheets, one per student (a scan tells them apart)', integer(1, 200), 1)
    .option(
      '--enlarged [points]',
      "also an enlarged-type booklet per version (a student's accommodation): 18 (ampliada, the default) or 24 (superampliada)",
      enlargedPoints,
    )
    .option(
      '--extra-minutes <m>',
      "also a booklet per version whose cover gives a student's extra time",
      integer(1, 24 * 60),
    )
    .option('--json', 'print one JSON summary line')
    .action(async (opts: PrintOptions) => done(await printBooklet(opts)));
}

async function printBooklet(opts: PrintOptions): Promise<number> {
  const sources = [opts.preset, opts.pack, opts.count].filter((v) => v !== undefined).length;
  if (sources !== 1) throw new UsageError('print booklet takes one of --preset, --pack or --count');
  const versions = opts.versions;
  const workspace = await openWorkspace(opts.dataDir);
  try {
    let request: ExamRequest;
    let minutes = opts.minutes ?? null;
    let title = opts.title;
    if (opts.preset) {
      const preset = PRESETS.find((p) => p.id === opts.preset);
      if (!preset) throw new UsageError(`unknown preset: ${opts.preset} (${PRESETS.map((p) => p.id).join(', ')})`);
      request = { ...preset.request };
      minutes ??= preset.settings.timeLimitMinutes ?? null;
      title ??= `Simulado ${preset.id}`;
    } else if (opts.pack) {
      const result = await importPack(workspace, await readFile(opts.pack));
      if (result.entry.sealed && !result.entry.sealed.released) {
        // The key goes on paper: a sealed pack's is there only with its release code.
        if (!opts.code) throw new UsageError('this pack is sealed: give its release code with --code');
        const payload = await unsealPack(workspace, result.entry.id, opts.code);
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
      request = {
        count: opts.count ?? 1,
        ...(opts.product && { sources: [`api:${opts.product}`] }),
        ...(opts.exam && { examId: opts.exam }),
        ...(opts.year !== undefined && { year: opts.year }),
        ...(opts.subject && { subjectId: opts.subject }),
        ...(opts.difficulty && { difficulty: opts.difficulty }),
      };
      title ??= 'Simulado';
    }
    const exam = await createPaperExam(
      {
        store: () => workspace.store,
        images: () => workspace.images,
        explanations: () => workspace.explanations,
        // A pack's exam keeps its pack: its gradings export result files for the class report.
        packOf: (id) => packOrigin(workspace, id),
        packNumbering: (id) => packNumbering(workspace, id),
        now: () => Date.now(),
      },
      request,
      { title, minutes, versions, ...(opts.seed !== undefined && { seed: opts.seed }) },
    );
    await new PaperExams(join(opts.dataDir, 'paper')).save(exam);
    const bar = progress('print');
    const enlarged: false | EnlargedPoints = opts.enlarged === true ? 18 : (opts.enlarged ?? false);
    const accommodation = enlarged || opts.extraMinutes ? { enlarged, extraMinutes: opts.extraMinutes ?? 0 } : null;
    const files = await printPaperExam(exam, cachedImage(workspace.images), {
      onFile: (done, total, name) => bar.update(done, total, name),
      sheets: opts.sheets,
      accommodation,
    });
    bar.end();
    await mkdir(opts.out, { recursive: true });
    for (const [name, bytes] of files) await writeFile(join(opts.out, name), bytes);
    const summary = { code: exam.code, questions: exam.questions.length, versions, files: [...files.keys()] };
    process.stdout.write(
      opts.json
        ? `${JSON.stringify(summary)}\n`
        : `${exam.code}: ${exam.questions.length} questions, ${versions} versions → ${opts.out}\n`,
    );
    return EXIT.ok;
  } finally {
    await workspace.close();
  }
}
