// cli print scan: a printed exam's scanned answer sheets read as the app reads them (in the decoding
// worker, one page at a time), each sheet's answers and what the tutor must settle, each refused page
// with its cause and what to do. It reads and reports; grading stays in the app, where the tutor
// settles the flagged rows by looking at them.
import { Command } from 'commander';
import { basename, join } from 'node:path';
import { PaperExams, rowsOf } from '../core/paper/paper-exam.js';
import { MAX_FILE_BYTES } from '../core/paper/scan/raster-bounds.js';
import type { ScanFile } from '../core/paper/scan/scan.js';
import { DecodingWorker } from '../core/worker/client.js';
import { Decoder } from '../core/worker/decoder.js';
import { readRegularFile, RegularFileError } from '../core/util/regular-file.js';
import type { ScanRefusal } from '../../preload/contract.js';
import { EXIT, UsageError, type CliHost, type Done } from './common.js';
import { refusalLine } from './scan-words.js';

interface ScanOptions {
  dataDir: string;
  code: string;
  json?: boolean;
}

export function printScanCommand(done: Done, host: CliHost): Command {
  return new Command('scan')
    .description(
      "a printed exam's scanned answer sheets (PDF, JPEG, PNG): each sheet's answers, each refused page and why",
    )
    .requiredOption('--data-dir <dir>', "the app's data folder (where `print booklet` kept the exam)")
    .requiredOption('--code <code>', "the exam's code, as printed on its sheets (P and six letters or digits)")
    .option('--json', 'print the reading as one JSON line')
    .argument('<files...>', 'scanned files')
    .action(async (files: string[], opts: ScanOptions) => done(await scan(files, opts, host)));
}

async function scan(paths: string[], opts: ScanOptions, host: CliHost): Promise<number> {
  const exam = await new PaperExams(join(opts.dataDir, 'paper')).get(opts.code);
  if (!exam) throw new UsageError(`no printed exam ${opts.code} in ${opts.dataDir}`);
  // A file that cannot be read as a file (gone, too large, not regular) is refused by name; the rest still read.
  const files: ScanFile[] = [];
  const unread: ScanRefusal[] = [];
  for (const path of paths) {
    try {
      files.push({ name: basename(path), data: new Uint8Array(await readRegularFile(path, MAX_FILE_BYTES)) });
    } catch (error) {
      const tooLarge = error instanceof RegularFileError && error.reason === 'too-large';
      unread.push({
        source: basename(path),
        reason: tooLarge ? 'too-large' : 'unreadable',
        detail: tooLarge ? `over ${MAX_FILE_BYTES / 1024 / 1024} MB` : '',
      });
    }
  }
  const worker = new DecodingWorker(await host.workerSpawner());
  try {
    const result = await new Decoder(worker).scan(files, {
      code: exam.code,
      questions: rowsOf(exam),
      versions: exam.versions,
      language: exam.languageChoice,
    });
    const refused = [...unread, ...result.refused];
    // The pictures (name boxes, rows, pages) are for the app's screen: a terminal gets the words.
    const sheets = result.sheets.map((s) => ({
      sheet: s.sheet,
      source: s.source,
      version: s.version,
      language: s.language,
      answers: s.answers,
      toSettle: s.flags.map((f) => ({ question: f.question, kind: f.kind })),
    }));
    if (opts.json)
      process.stdout.write(
        `${JSON.stringify({ code: exam.code, sheets, refused: refused.map((r) => ({ source: r.source, reason: r.reason, detail: r.detail, said: refusalLine(r) })) })}\n`,
      );
    else {
      for (const s of sheets) {
        const settle = s.toSettle.map((f) => `${f.question} (${f.kind})`).join(', ');
        process.stdout.write(
          `sheet ${s.sheet} (${s.source}): ${s.answers}, version ${s.version ?? 'not marked'}${settle ? `; to settle in the app: ${settle}` : ''}\n`,
        );
      }
      for (const r of refused) process.stdout.write(`${refusalLine(r)}\n`);
      process.stdout.write(
        `${exam.code}: ${sheets.length} sheet${sheets.length === 1 ? '' : 's'} read, ${refused.length} refused\n`,
      );
    }
    return EXIT.ok;
  } finally {
    await worker.close();
  }
}
