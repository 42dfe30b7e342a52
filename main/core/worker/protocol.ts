// What crosses between main and the decoding worker: bytes in, plain data out. Nothing here holds
// a key, a catalog or an exam; a job names only what the file needs to be read.
import type { ScanTarget, PageOutcome } from '../paper/scan/scan.js';
import type { PackManifest, QuestionsFile } from '../packs/format.js';
import type { ResultFile } from '../class/result-file.js';
import type { ClassReport, ResponseMatrix } from '../class/report.js';
import type { HistoryStep } from '../notebook/fit.js';
import type { ClassTri } from '../../../preload/contract.js';

export type WorkerJob =
  /** One scanned file's pages from `fromPage` on (a restart after a crash resumes past the page). */
  | { kind: 'scan'; data: Uint8Array; target: ScanTarget; fromPage: number }
  /**
   * A pack checked whole; its images staged in a temporary folder the caller disposes of. Its bytes,
   * or a file main staged (a file from the OS, copied where only the app writes).
   */
  | { kind: 'pack'; data: Uint8Array }
  | { kind: 'pack'; path: string }
  /** Moodle XML converted into a pack file's bytes. */
  | { kind: 'moodle'; data: Uint8Array; meta: { title: string; appVersion: string } }
  /** A student's result file checked. */
  | { kind: 'result'; data: Uint8Array }
  /** FSRS fitted to the notebook's review histories (native code: its abort costs the worker, not the app). */
  | { kind: 'fit'; histories: HistoryStep[][] }
  /** A class's TRI calibrated (seconds of CPU for a large class: never on main's event loop). */
  /** With `link`, also on an earlier report's scale: its .examscale's bytes, read here like every outside file. */
  | { kind: 'irt'; responses: ResponseMatrix; link?: { ids: string[]; scale: Uint8Array } }
  /**
   * A class's result files read against its pack and analysed (1,000 files: seconds of parsing).
   * The files come staged in one file main wrote (results-file.ts): 55 MB cloned into a message
   * would hold main's event loop for 60 ms.
   */
  | { kind: 'class'; pack: { manifest: PackManifest; content: QuestionsFile }; resultsFile: string };

/** A pack as the worker read it: what main needs to import it. */
export interface PackRead {
  manifest: PackManifest;
  content: QuestionsFile;
  sealed: Uint8Array | null;
  images: [sha256: string, file: string][];
  tempDir: string;
}

export interface MoodleRead {
  bytes: Uint8Array;
  manifest: PackManifest;
  skipped: { name: string; reason: 'type' | 'no-single-answer' | 'too-few-answers' | 'empty' }[];
}

export interface JobValues {
  scan: null;
  pack: PackRead;
  moodle: MoodleRead;
  result: ResultFile;
  fit: number[];
  irt: ClassTri;
  class: ClassReport;
}

/** A failure the worker could name: the error's class and fields, rebuilt as the same class in main. */
export interface WorkerFailure {
  type: 'RasterError' | 'PackError' | 'MoodleError' | 'ResultFileError' | 'Error';
  code: string;
  detail: string;
  skipped?: Record<string, number>;
}

export interface ToWorker {
  id: number;
  job: WorkerJob;
}

export type FromWorker =
  | { id: number; type: 'opened'; pages: number }
  | { id: number; type: 'page'; outcome: PageOutcome }
  | { id: number; type: 'done'; value: JobValues[keyof JobValues] }
  | { id: number; type: 'failed'; failure: WorkerFailure }
  /** Sent once the worker listens, and after each job: its resident memory, for the cap. */
  | { id: 0; type: 'memory'; rss: number };
