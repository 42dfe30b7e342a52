// Bridge handlers of the tutor's class loop: a student exports a pack exam's result file; the
// tutor reads a pack and its result files into the class report.
import { basename } from 'node:path';
import { BridgeError, type ClassTri, type ResultOffer } from '../../preload/contract.js';
import { classReportCsvInTurns, type ClassReport } from '../core/class/report.js';
import {
  readResultBytes,
  RESULT_EXTENSION,
  RESULT_VERSION,
  ResultFileError,
  writeResultFile,
} from '../core/class/result-file.js';
import type { ExamEngine } from '../core/exams/engine.js';
import type { ReadPack } from '../core/packs/reader.js';
import type { PackManifest, QuestionsFile } from '../core/packs/format.js';
import type { ResultFile } from '../core/class/result-file.js';
import { openSealedContent } from '../core/packs/registry.js';
import { reportScaleFile } from '../core/class/scale-file.js';
import type { Handlers } from './types.js';

type ClassHandlers = Pick<Handlers, Extract<keyof Handlers, `class:${string}`>>;

export interface ClassDeps {
  engine: () => ExamEngine;
  /** The running exam locks these: a report would carry their keys. */
  isLocked: (id: string) => boolean;
  /** The student's name is remembered for the next export. */
  rememberName: (name: string) => Promise<void>;
  /** The tutor's pack, checked in the decoding worker. */
  readPack: (bytes: Buffer) => Promise<ReadPack>;
  /** The class's TRI, calibrated in the decoding worker (seconds of CPU for a large class). */
  /** With `link`, also on an earlier report's scale (its .examscale's bytes, read in the worker). */
  calibrate: (responses: ClassReport['responses'], link?: { ids: string[]; scale: Uint8Array }) => Promise<ClassTri>;
  /** The result files read and analysed in the decoding worker. */
  classReport: (
    pack: { manifest: PackManifest; content: QuestionsFile },
    results: { name: string; bytes: Uint8Array | null }[],
  ) => Promise<ClassReport>;
}

/** A file name from a student's name: letters and digits kept, accents dropped. */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'aluno';

export function createClassHandlers(deps: ClassDeps): ClassHandlers {
  return {
    'class:export-result': async ({ attemptId, student }) => {
      const answers = await deps.engine().packAnswers(attemptId);
      if (!answers) throw new BridgeError('invalid-argument', { field: 'attemptId' });
      const text = writeResultFile({
        format: 'exam-practice-result',
        formatVersion: `${RESULT_VERSION.major}.${RESULT_VERSION.minor}`,
        student,
        pack: { id: answers.pack.id, title: answers.pack.title, contentHash: answers.pack.contentHash },
        attempt: {
          id: answers.attemptId,
          startedAt: new Date(answers.startedAt).toISOString(),
          submittedAt: new Date(answers.submittedAt).toISOString(),
          timeLimitMinutes: answers.timeLimitMs === null ? null : Math.round(answers.timeLimitMs / 60_000),
        },
        answers: answers.answers,
      });
      await deps.rememberName(student.trim());
      return {
        fileName: `${slug(answers.pack.title)}-${slug(student)}${RESULT_EXTENSION}`,
        data: new Uint8Array(new TextEncoder().encode(text)),
        student: student.trim(),
      };
    },
    'class:report': async ({ pack: bytes, results, code, scale }) => {
      const read = await deps.readPack(Buffer.from(bytes));
      try {
        // A sealed pack's answers are the report's key: its release code opens them.
        if (read.manifest.sealed && !code) throw new BridgeError('sealed-pack');
        const pack = { manifest: read.manifest, content: await openSealedContent(read, code ?? '') };
        // Its keys are the point of the report: refused while the exam running now holds one of them.
        if (pack.content.questions.some((q) => deps.isLocked(q.id) || deps.isLocked(q.q.id))) {
          throw new BridgeError('locked-by-exam');
        }
        // Read, checked and analysed in the worker: a thousand files are seconds of parsing.
        const report = await deps.classReport(
          pack,
          results.map((r) => ({ name: r.name, bytes: r.data })),
        );
        const { analysis, ...rest } = report;
        // Its own job: a calibration that fails or runs out of time refuses the TRI section only. An
        // earlier report's scale is read there too: one that is no scale refuses the link only.
        const tri = await deps.calibrate(report.responses, scale && { ids: rest.questions.map((q) => q.id), scale });
        // A class of thousands is thousands of rows: built a slice per turn, main stays responsive.
        const csv = await classReportCsvInTurns(report, tri);
        return {
          pack: { id: rest.pack.id, title: rest.pack.title },
          questions: rest.questions,
          accepted: rest.accepted,
          rejected: rest.rejected,
          duplicates: rest.duplicates,
          students: analysis.students.map(({ byArea: _byArea, ...s }) => s),
          items: analysis.items,
          test: analysis.test,
          bySubject: analysis.bySubject,
          byArea: analysis.byArea,
          groupSize: analysis.groupSize,
          meanScore: analysis.meanScore,
          tri,
          csv,
          scaleFile: reportScaleFile(rest, tri),
        };
      } finally {
        await read.dispose();
      }
    },
  };
}

/**
 * A result file the OS asked to open (double-clicked, or handed over by a second launch): read
 * within the size limit and checked as the class report checks it, before the renderer hears of it.
 */
export async function offerResultFile(
  path: string,
  readResult: (bytes: Uint8Array) => Promise<ResultFile>,
): Promise<ResultOffer> {
  const name = basename(path);
  const refused = (error: ResultOffer['error'] & string): ResultOffer => ({
    name,
    student: null,
    packTitle: null,
    data: null,
    error,
  });
  const bytes = await readResultBytes(path);
  if (!bytes) return refused('unreadable');
  try {
    const result = await readResult(bytes);
    return { name, student: result.student, packTitle: result.pack.title, data: bytes, error: null };
  } catch (error) {
    return refused(error instanceof ResultFileError ? error.code : 'unreadable');
  }
}
