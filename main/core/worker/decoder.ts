// What main asks of files from outside, answered by the decoding worker: scanned answer sheets,
// packs, Moodle XML, result files. A worker that crashes, runs out of memory or of time costs the
// one file (or page) it was reading, refused by name; the rest of the batch stands.
import { rm } from 'node:fs/promises';
import type { ClassTri, ScanRefusal, ScanRefusalReason, ScanResult } from '../../../preload/contract.js';
import type { PageOutcome, ScanFile, ScanTarget } from '../paper/scan/scan.js';
import { joinSheets, type FileReading } from '../paper/scan/join-sheets.js';
import { RasterError } from '../paper/scan/raster-bounds.js';
import type { ReadPack } from '../packs/reader.js';
import { PackError, type PackErrorCode } from '../packs/format.js';
import { MoodleError } from '../packs/moodle-scan.js';
import { ResultFileError, type ResultErrorCode, type ResultFile } from '../class/result-file.js';
import type { DecodingWorker, WorkerDeath } from './client.js';
import { stageResults } from './staged-results.js';
import {
  checkedClassReport,
  checkedFit,
  checkedMoodleRead,
  checkedPackRead,
  checkedResult,
  checkedTri,
} from './answers.js';
import type { ClassReport } from '../class/report.js';
import type { PackManifest, QuestionsFile } from '../packs/format.js';
import type { MoodleRead, WorkerFailure } from './protocol.js';
import type { HistoryStep } from '../notebook/fit.js';

/** Pages in a row a worker may die on before the rest of that file is refused at once. */
const DEATHS_IN_A_ROW = 3;

const SCAN_REASON: Record<WorkerDeath, ScanRefusalReason> = {
  crash: 'unreadable',
  memory: 'too-large',
  timeout: 'too-slow',
};
const PACK_REASON: Record<WorkerDeath, PackErrorCode> = {
  crash: 'unreadable',
  memory: 'too-large',
  timeout: 'too-slow',
};

/**
 * The failure rebuilt as the error main already maps to a translated bridge code. A failure the
 * decoder did not name (`Error`) is still the file's: `unnamed` says how that file is refused.
 */
function rethrow(failure: WorkerFailure, unnamed: () => Error): never {
  switch (failure.type) {
    case 'PackError':
      throw new PackError(failure.code as PackErrorCode, failure.detail);
    case 'MoodleError':
      throw new MoodleError(failure.code as MoodleError['code'], failure.detail, failure.skipped ?? {});
    case 'ResultFileError':
      throw new ResultFileError(failure.code as ResultErrorCode, failure.detail);
    case 'RasterError':
      throw new RasterError(failure.code as RasterError['reason'], failure.detail);
    case 'Error':
      throw unnamed();
  }
}

export class Decoder {
  constructor(readonly worker: DecodingWorker) {}

  /** Every page of every file read in the worker; sheets joined here. */
  async scan(files: ScanFile[], target: ScanTarget): Promise<ScanResult> {
    const readings: FileReading[] = [];
    for (const file of files) readings.push(await this.scanFile(file, target));
    return joinSheets(readings, target);
  }

  private async scanFile(file: ScanFile, target: ScanTarget): Promise<FileReading> {
    const pages: PageOutcome[] = [];
    const refused: ScanRefusal[] = [];
    const started = Date.now();
    const file$ = { total: null as number | null };
    let fromPage = 1;
    let deathsInARow = 0;
    for (;;) {
      let last = fromPage - 1;
      const outcome = await this.worker.run(
        { kind: 'scan', data: file.data, target, fromPage },
        {
          deadlineAt: started + this.worker.limits.fileMs,
          opened: (count) => (file$.total = count),
          page: (page) => {
            pages.push(page);
            last = page.page;
            deathsInARow = 0;
          },
        },
      );
      if (outcome.ok) break;
      // Named by the decoder (a broken page) or by how the worker died (a crash, memory, time).
      const reason =
        'failure' in outcome
          ? outcome.failure.type === 'RasterError'
            ? (outcome.failure.code as ScanRefusalReason)
            : 'unreadable'
          : SCAN_REASON[outcome.died];
      // Before the file opened (or when it is too big to open), it is the file that cannot be read.
      if (file$.total === null) {
        const detail = 'failure' in outcome && outcome.failure.type === 'RasterError' ? outcome.failure.detail : '';
        refused.push({ source: file.name, reason, detail });
        break;
      }
      const total = file$.total;
      const failed = last + 1;
      refused.push({ source: `${file.name} · p. ${failed}`, reason, detail: `${failed}/${total}` });
      deathsInARow++;
      if (failed >= total) break;
      if (deathsInARow >= DEATHS_IN_A_ROW || Date.now() >= started + this.worker.limits.fileMs) {
        refused.push({ source: `${file.name} · p. ${failed + 1}–${total}`, reason, detail: `${failed + 1}/${total}` });
        break;
      }
      fromPage = failed + 1;
    }
    return { name: file.name, pages, refused };
  }

  /** A pack checked whole in the worker; its images staged where main imports them from. */
  async readPack(source: Uint8Array | { path: string }): Promise<ReadPack> {
    const outcome = await this.worker.run(
      source instanceof Uint8Array ? { kind: 'pack', data: source } : { kind: 'pack', path: source.path },
    );
    if (!outcome.ok) {
      if ('failure' in outcome) rethrow(outcome.failure, () => new PackError('unreadable', outcome.failure.detail));
      throw new PackError(PACK_REASON[outcome.died]);
    }
    const read = await checkedPackRead(outcome.value);
    // A reading that is not what the reader makes (a path outside the staging folder, an id that
    // would leave its folder) is refused; its folder is not ours to delete.
    if (!read) throw new PackError('unreadable', 'the file reader answered out of protocol');
    return {
      manifest: read.manifest,
      content: read.content,
      sealed: read.sealed && Buffer.from(read.sealed.buffer, read.sealed.byteOffset, read.sealed.byteLength),
      images: new Map(read.images),
      tempDir: read.tempDir,
      dispose: () => rm(read.tempDir, { recursive: true, force: true }),
    };
  }

  async moodleToPack(bytes: Uint8Array, meta: { title: string; appVersion: string }): Promise<MoodleRead> {
    const outcome = await this.worker.run({ kind: 'moodle', data: bytes, meta });
    if (outcome.ok) {
      const built = checkedMoodleRead(outcome.value);
      if (!built) throw new MoodleError('not-moodle-xml', 'the file reader answered out of protocol');
      return built;
    }
    if ('failure' in outcome) rethrow(outcome.failure, () => new MoodleError('not-moodle-xml', outcome.failure.detail));
    throw new MoodleError(outcome.died === 'timeout' ? 'too-complex' : 'too-large');
  }

  async readResult(bytes: Uint8Array): Promise<ResultFile> {
    const outcome = await this.worker.run({ kind: 'result', data: bytes });
    if (outcome.ok) {
      const checked = checkedResult(outcome.value);
      if (!checked) throw new ResultFileError('invalid-schema', 'the file reader answered out of protocol');
      return checked;
    }
    if ('failure' in outcome)
      rethrow(outcome.failure, () => new ResultFileError('invalid-json', outcome.failure.detail));
    throw new ResultFileError('too-large');
  }

  /**
   * FSRS's parameters fitted to these histories, in the worker: the optimizer is native code that
   * aborts its process on input it rejects, and a fit takes seconds of CPU.
   */
  async fit(histories: HistoryStep[][]): Promise<number[]> {
    const outcome = await this.worker.run({ kind: 'fit', histories });
    if (outcome.ok) {
      const parameters = checkedFit(outcome.value);
      if (!parameters) throw new Error('fit failed: the worker answered out of protocol');
      return parameters;
    }
    throw new Error(
      'failure' in outcome ? `fit failed: ${outcome.failure.detail}` : `fit failed: worker ${outcome.died}`,
    );
  }

  /**
   * A class's TRI calibrated in the worker (a 3PL of a large class is seconds of CPU). A calibration
   * that fails or runs past its time is that section refused with its reason: never the report's end.
   */
  async calibrate(responses: ClassReport['responses'], link?: { ids: string[]; scale: Uint8Array }): Promise<ClassTri> {
    const outcome = await this.worker.run(link ? { kind: 'irt', responses, link } : { kind: 'irt', responses });
    const have = responses.students;
    if (!outcome.ok)
      return {
        status: 'refused',
        reason: 'died' in outcome && outcome.died === 'timeout' ? 'too-slow' : 'failed',
        needed: 0,
        have,
      };
    return (await checkedTri(outcome.value)) ?? { status: 'refused', reason: 'failed', needed: 0, have };
  }

  /** The class's result files read and analysed in the worker: main only checks what comes back. */
  async classReport(
    pack: { manifest: PackManifest; content: QuestionsFile },
    results: { name: string; bytes: Uint8Array | null }[],
  ): Promise<ClassReport> {
    const resultsFile = await stageResults(results);
    const outcome = await this.worker
      .run({ kind: 'class', pack, resultsFile })
      .finally(() => rm(resultsFile, { force: true }));
    if (!outcome.ok)
      throw new Error(
        'failure' in outcome
          ? `class report failed: ${outcome.failure.detail}`
          : `class report failed: worker ${outcome.died}`,
      );
    const report = await checkedClassReport(outcome.value);
    if (!report) throw new Error('class report failed: the worker answered out of protocol');
    return report;
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
