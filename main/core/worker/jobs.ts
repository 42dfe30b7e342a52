// The decoding worker's side of each job: the same core functions main used to call, now run in a
// process that holds nothing worth protecting. Every failure becomes a WorkerFailure by name.
import { readPack } from '../packs/reader.js';
import { PackError } from '../packs/format.js';
import { moodleToPackFile } from '../packs/moodle.js';
import { MoodleError } from '../packs/moodle-scan.js';
import { readResultFile, ResultFileError } from '../class/result-file.js';
import { readScanFile, type PageOutcome } from '../paper/scan/scan.js';
import { RasterError } from '../paper/scan/raster.js';
import { bindingOptimizer } from '../notebook/fit.js';
import { classTri } from '../class/irt.js';
import { readScaleFile } from '../class/scale-file.js';
import { buildClassReport, rowsOf } from '../class/report.js';
import { readStagedResults } from './staged-results.js';
import type { JobValues, WorkerFailure, WorkerJob } from './protocol.js';

export interface JobReporter {
  opened(pages: number): void;
  /** Awaited: the worker frees the page's memory before the next is drawn. */
  page(outcome: PageOutcome): Promise<void> | void;
}

export async function runJob(job: WorkerJob, report: JobReporter): Promise<JobValues[keyof JobValues]> {
  switch (job.kind) {
    case 'scan':
      await readScanFile(job.data, job.target, job.fromPage, report.page, report.opened);
      return null;
    case 'pack': {
      const pack = await readPack(
        'path' in job ? { path: job.path } : Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength),
      );
      // The staged images stay for main to import; the folder is main's to remove.
      return {
        manifest: pack.manifest,
        content: pack.content,
        sealed: pack.sealed && new Uint8Array(pack.sealed),
        images: [...pack.images],
        tempDir: pack.tempDir,
      };
    }
    case 'moodle': {
      const built = await moodleToPackFile(job.data, job.meta);
      return { bytes: new Uint8Array(built.bytes), manifest: built.manifest, skipped: built.skipped };
    }
    case 'result':
      return readResultFile(job.data);
    case 'fit': {
      const optimize = await bindingOptimizer();
      if (!optimize) throw new Error('the FSRS optimizer has no build for this platform');
      return optimize(job.histories);
    }
    case 'irt':
      return classTri(rowsOf(job.responses), job.link && { ids: job.link.ids, earlier: readScaleFile(job.link.scale) });
    case 'class':
      return buildClassReport(job.pack, await readStagedResults(job.resultsFile));
  }
}

export function failureOf(error: unknown): WorkerFailure {
  if (error instanceof RasterError) return { type: 'RasterError', code: error.reason, detail: error.detail };
  if (error instanceof PackError) return { type: 'PackError', code: error.code, detail: error.detail };
  if (error instanceof MoodleError)
    return { type: 'MoodleError', code: error.code, detail: error.detail, skipped: error.skipped };
  if (error instanceof ResultFileError) return { type: 'ResultFileError', code: error.code, detail: error.detail };
  // Anything else a decoder threw is the file's fault, never a reason to stop the batch.
  return { type: 'Error', code: 'unreadable', detail: error instanceof Error ? error.message.slice(0, 200) : '' };
}
