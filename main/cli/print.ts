// cli print booklet: an exam as booklets, answer sheet and key (the exam kept for grading).
import { parseArgs } from 'node:util';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyRelease, importPack, journalRelease, unsealPack } from '../core/packs/registry.js';
import { openWorkspace } from '../core/workspace.js';
import { PRESETS } from '../core/exams/builder.js';
import { cachedImage, PaperExams, printPaperExam } from '../core/paper/paper-exam.js';
import { MAX_VERSIONS } from '../core/paper/versions.js';
import { createPaperExam } from '../app/paper.js';
import { type ExamRequest } from '../../preload/contract.js';
import { EXIT, UsageError } from './common.js';

export async function print(args: string[]): Promise<number> {
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
