// cli class report: the tutor's class report from a pack and a folder of result files.
import { parseArgs } from 'node:util';
import { mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readPack } from '../core/packs/reader.js';
import { openSealedContent } from '../core/packs/registry.js';
import { RESULT_FILE_MAX_BYTES } from '../../preload/contract.js';
import { buildClassReport, classReportCsv } from '../core/class/report.js';
import { RESULT_EXTENSION } from '../core/class/result-file.js';
import { EXIT, UsageError } from './common.js';

export async function classCommand(args: string[]): Promise<number> {
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
