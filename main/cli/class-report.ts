// cli class report: the tutor's class report from a pack and a folder of result files.
import { Command } from 'commander';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readPack } from '../core/packs/reader.js';
import { openSealedContent } from '../core/packs/registry.js';
import { buildClassReport, classReportCsv, rowsOf } from '../core/class/report.js';
import { classTri, type LinkRequest } from '../core/class/irt.js';
import { readScaleFile, reportScaleFile, SCALE_EXTENSION, SCALE_MAX_BYTES } from '../core/class/scale-file.js';
import { readRegularFile } from '../core/util/regular-file.js';
import { readResultBytes, RESULT_EXTENSION } from '../core/class/result-file.js';
import { EXIT, UsageError, type Done } from './common.js';

interface ClassReportOptions {
  pack: string;
  results: string;
  code?: string;
  csv?: string;
  json?: boolean;
  scale?: string;
}

export function classReportCommand(done: Done): Command {
  return new Command('report')
    .description("the tutor's class report from a pack and the students' result files")
    .requiredOption('--pack <file>', 'the .exampack the students answered')
    .requiredOption('--results <dir>', `a folder of the students' ${RESULT_EXTENSION} files`)
    .option('--code <code>', "a sealed pack's release code (its answers are the report's key)")
    .option('--csv <dir>', `also write the report as CSV files here, with its ${SCALE_EXTENSION} for a later report`)
    .option('--scale <file>', `an earlier report's ${SCALE_EXTENSION}: this class's TRI also on its scale (its growth)`)
    .option('--json', 'print the report as one JSON line')
    .action(async (opts: ClassReportOptions) => done(await classReport(opts)));
}

async function classReport(opts: ClassReportOptions): Promise<number> {
  const read = await readPack(await readFile(opts.pack));
  try {
    // A sealed pack's answers are the report's key: without its code there is nothing to grade against.
    if (read.manifest.sealed && !opts.code)
      throw new UsageError('this pack is sealed: give its release code with --code');
    const pack = { manifest: read.manifest, content: await openSealedContent(read, opts.code ?? '') };
    const names = (await readdir(opts.results)).filter((n) => n.endsWith(RESULT_EXTENSION)).sort();
    // One file that vanished or cannot be read is refused by name; the others still count.
    const sources = await Promise.all(
      names.map(async (name) => ({
        name,
        bytes: await readResultBytes(join(opts.results, name)),
      })),
    );
    const report = buildClassReport(pack, sources);
    let link: LinkRequest | undefined;
    if (opts.scale) {
      const bytes = await readRegularFile(opts.scale, SCALE_MAX_BYTES).catch(() => null);
      const earlier = bytes ? readScaleFile(bytes) : { problem: 'unreadable or too large' };
      if ('problem' in earlier)
        throw new UsageError(`${opts.scale} is not a class report's scale (${earlier.problem})`);
      link = { ids: report.questions.map((q) => q.id), earlier };
    }
    // The CLI is its own process: the calibration runs here, as the app's worker runs it.
    const tri = classTri(rowsOf(report.responses), link);
    if (opts.csv) {
      await mkdir(opts.csv, { recursive: true });
      for (const [name, text] of Object.entries(classReportCsv(report, tri)))
        await writeFile(join(opts.csv, name), text);
      const scale = reportScaleFile(report, tri);
      if (scale) await writeFile(join(opts.csv, scale.fileName), scale.data);
    }
    // The response matrix as rows of numbers (1 right, 0 wrong or blank, 2 not seen), as scripts
    // read it: a typed array would be written as an object of indices.
    const responses = rowsOf(report.responses).map((row) => [...row]);
    if (opts.json) process.stdout.write(`${JSON.stringify({ ...report, responses, tri })}\n`);
    else {
      const { analysis } = report;
      process.stdout.write(
        `${report.pack.title}: ${report.accepted.length} students, ${report.questions.length} questions, mean ${analysis.meanScore.toFixed(1)}\n`,
      );
      for (const r of report.rejected) process.stdout.write(`rejected ${r.file}: ${r.reason} ${r.detail}\n`);
      for (const d of report.duplicates)
        process.stdout.write(`duplicate ${d.file} (${d.student}): kept ${d.keptFile}\n`);
      process.stdout.write(
        tri.status === 'ok'
          ? `TRI of this class (${tri.model}; the class's own 500/100 scale, not the ENEM's): ${analysis.students
              .map(
                (s, i) =>
                  `${s.name} ${tri.students[i]?.score.toFixed(0) ?? '–'} ± ${tri.students[i]?.se.toFixed(0) ?? '–'}`,
              )
              .join('; ')}\n`
          : `no TRI: ${tri.have} of the ${tri.needed} ${tri.reason === 'too-few-students' ? 'students' : 'usable questions'} it needs\n`,
      );
      const linked = tri.status === 'ok' ? tri.link : null;
      if (linked?.status === 'ok')
        process.stdout.write(
          `on the scale of ${linked.earlier.title} (${linked.common} shared questions): mean ${linked.score.toFixed(0)} against ${linked.earlier.score.toFixed(0)}, growth ${linked.growth.toFixed(0)} (95 %: ${(linked.growth - 1.96 * linked.growthSe).toFixed(0)} to ${(linked.growth + 1.96 * linked.growthSe).toFixed(0)})\n`,
        );
      else if (linked)
        process.stdout.write(
          `no link to the earlier scale: ${linked.common} shared questions of the ${linked.needed} it needs\n`,
        );
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
