// Bridge handlers of paper mode: print an exam as booklets, answer sheet and key; list the paper
// exams printed here; grade a student's answer sheet typed in as letters.
import { BridgeError, type ExamRequest } from '../../preload/contract.js';
import type { CatalogStore } from '../core/catalog/store.js';
import type { ExplanationStore } from '../core/catalog/explanations.js';
import type { ExamEngine, PackOrigin } from '../core/exams/engine.js';
import { commonPack, refuseShortBlocks, selectQuestions } from '../core/exams/builder.js';
import { newSeed, seededRandom } from '../core/exams/random.js';
import { snapshotOf } from '../core/exams/snapshot.js';
import type { SnapshotQuestion } from '../core/exams/model.js';
import { questionLanguage } from '../core/exams/enem.js';
import type { CatalogEntry } from '../core/catalog/store.js';
import type { ImageCache } from '../core/images/cache.js';
import {
  answeredPositions,
  cachedImage,
  paperCode,
  parseTypedAnswers,
  printPaperExam,
  rowsOf,
  versionsOf,
  type PaperExamRecord,
  type PaperExams,
} from '../core/paper/paper-exam.js';
import type { ScanFile, ScanTarget } from '../core/paper/scan/scan.js';
import type { ScanRefusal, ScanResult, ScanSession, ScannedSheet } from '../../preload/contract.js';
import type { ScanSessionRecord, ScanSessions } from '../core/paper/scan-sessions.js';
import type { Handlers } from './types.js';
import type { Args } from '../../preload/contract.js';
import { OneAtATime } from '../core/util/one-at-a-time.js';

type PaperHandlers = Pick<Handlers, Extract<keyof Handlers, `paper:${string}`>>;

export interface PaperDeps {
  engine: () => ExamEngine;
  store: () => CatalogStore;
  images: () => ImageCache;
  explanations: () => ExplanationStore;
  exams: () => PaperExams;
  /** The imported pack an exam of only its questions belongs to. */
  packOf: (id: string) => Promise<PackOrigin | null>;
  /** A pack's own numbering (its question ids in file order), for the key; null when unknown. */
  packNumbering?: (id: string) => Promise<string[] | null>;
  /** Questions the running exam locks: a grading of them would grade (and capture) against their key. */
  isLocked: (id: string) => boolean;
  now: () => number;
  /** Scans read in the decoding worker (core/worker): pixels never reach this process. */
  scan: (files: ScanFile[], target: ScanTarget) => Promise<ScanResult>;
  /** Each exam's open scanned batch, on disk until the tutor closes it. */
  sessions: () => ScanSessions;
}

/** A batch as the screen shows it: each sheet not graded here says whether it was graded before. */
function sessionView(session: ScanSessionRecord | null, engine: ExamEngine): ScanSession | null {
  if (!session) return null;
  return {
    code: session.code,
    startedAt: session.startedAt,
    sheets: session.sheets.map((entry) => ({
      sheet: entry.sheet as ScannedSheet,
      review: entry.review,
      graded: entry.graded,
      earlier: entry.graded ? null : engine.paperAttemptOf(session.code, entry.sheet.sheet),
    })),
    refused: session.refused as ScanRefusal[],
  };
}

/** Each question's number in its pack (1-based, the file's order), as the tutor's key names it. */
async function numbersIn(
  deps: Pick<PaperDeps, 'packNumbering'>,
  packId: string,
  questions: SnapshotQuestion[],
): Promise<(number | null)[]> {
  const order = (await deps.packNumbering?.(packId)) ?? [];
  const position = new Map(order.map((id, index) => [id, index + 1]));
  return questions.map((q) => position.get(q.baseId) ?? position.get(q.id) ?? null);
}

/**
 * ENEM day 1 on paper: the English and the Spanish questions share the numbers 01–05, so both
 * blocks must be full. When the catalog has too few of the other language, the booklet prints the
 * chosen language only, as a screen exam would, and says so (the chosen one short refuses the print).
 */
export function pairForeignBlocks(
  picked: CatalogEntry[],
  request: ExamRequest,
  store: CatalogStore,
): { chosen: CatalogEntry[]; languageChoice: boolean } {
  if (!request.areas?.includes('linguagens') || !request.foreignLanguage)
    return { chosen: picked, languageChoice: false };
  const languageOf = (q: CatalogEntry) => questionLanguage(q, store);
  const english = picked.filter((q) => languageOf(q) === 'ingles');
  const spanish = picked.filter((q) => languageOf(q) === 'espanhol');
  // Each block has at most what it needs (selectQuestions): equal lengths mean both are full.
  const languageChoice = english.length > 0 && english.length === spanish.length;
  const keep = new Set(
    languageChoice ? [...english, ...spanish] : request.foreignLanguage === 'ingles' ? english : spanish,
  );
  return { chosen: picked.filter((q) => languageOf(q) === null || keep.has(q)), languageChoice };
}

/** Chooses the questions of a paper exam as the exam builder would, and keeps them as printed. */
export async function createPaperExam(
  deps: Omit<PaperDeps, 'engine' | 'exams' | 'isLocked' | 'scan' | 'sessions'>,
  request: ExamRequest,
  options: { title: string; minutes: number | null; versions: number; seed?: number | undefined },
): Promise<PaperExamRecord> {
  const seed = options.seed ?? newSeed();
  const store = deps.store();
  refuseShortBlocks(store, request);
  const picked = selectQuestions(store, request, new Set(), seededRandom(seed), true, 'both');
  const { chosen, languageChoice } = pairForeignBlocks(picked, request, store);
  if (chosen.length === 0) throw new BridgeError('no-questions');
  const questions = (await store.load(chosen.map((q) => q.id))).map((q) =>
    snapshotOf({ store, images: deps.images(), explanations: deps.explanations() }, q, q.id),
  );
  // Questions all from one pack, ticked or not (as a screen exam): its gradings go to the class report.
  const common = commonPack(chosen);
  const pack = common ? await deps.packOf(common) : null;
  // A sealed pack's key is not here to print.
  if (pack?.sealed && !pack.released) throw new BridgeError('sealed-pack');
  return {
    code: paperCode(questions, seed, options.versions),
    title: options.title,
    minutes: options.minutes,
    seed,
    versions: options.versions,
    createdAt: deps.now(),
    questions,
    layout: 'enem',
    languageChoice,
    pack: pack && {
      id: pack.id,
      title: pack.title,
      contentHash: pack.contentHash,
      numbers: await numbersIn(deps, pack.id, questions),
    },
  };
}

export function createPaperHandlers(deps: PaperDeps): PaperHandlers {
  const handlers: PaperHandlers = {
    'paper:print': async ({ request, title, minutes, versions, seed, sheets, accommodation }) => {
      // The key goes on paper: never of a question in the exam running now.
      if (deps.engine().running()) throw new BridgeError('exam-running');
      const exam = await createPaperExam(deps, request, { title, minutes, versions, seed });
      await deps.exams().save(exam);
      const files = await printPaperExam(exam, cachedImage(deps.images()), {
        ...(sheets !== undefined && { sheets }),
        accommodation: accommodation ?? null,
      });
      return {
        code: exam.code,
        languageChoice: exam.languageChoice,
        files: [...files].map(([name, bytes]) => ({ fileName: `${exam.code}-${name}`, data: new Uint8Array(bytes) })),
      };
    },
    'paper:list': async () =>
      (await deps.exams().list()).map((exam) => ({
        code: exam.code,
        title: exam.title,
        questions: rowsOf(exam),
        languageChoice: exam.languageChoice,
        pack: exam.pack !== null,
        createdAt: exam.createdAt,
        versions: versionsOf(exam).map((v) => ({ number: v.number, colour: v.colour.name })),
      })),
    'paper:scan': async ({ code, files }) => {
      const exam = await deps.exams().get(code);
      if (!exam) throw new BridgeError('not-found');
      const result = await deps.scan(files, {
        code,
        questions: rowsOf(exam),
        versions: exam.versions,
        language: exam.languageChoice,
      });
      // Into the exam's open batch: it outlives this screen and a restart, until the tutor closes it.
      await deps.sessions().addScan(code, result, deps.now());
      return result;
    },
    'paper:scan-session': async ({ code }) => {
      const exam = await deps.exams().get(code);
      if (!exam) throw new BridgeError('not-found');
      refuseWhileLocked(exam);
      return sessionView(await deps.sessions().get(code), deps.engine());
    },
    'paper:scan-session-save': async ({ code, reviews }) => {
      const exam = await deps.exams().get(code);
      if (!exam) throw new BridgeError('not-found');
      refuseWhileLocked(exam);
      return sessionView(await deps.sessions().saveReviews(code, reviews, deps.now()), deps.engine());
    },
    'paper:scan-session-close': async ({ code }) => {
      await deps.sessions().close(code);
      return { closed: true };
    },
    // One grading at a time: the already-graded check and the attempt it writes are one step, so two
    // gradings of one sheet sent together cannot both pass the check.
    'paper:grade': (request) => gradings.run(() => grade(request)),
  };

  const gradings = new OneAtATime();
  return handlers;

  async function grade({ code, version, answers, student, language, sheet, again }: Args<'paper:grade'>) {
    const exam = await deps.exams().get(code);
    if (!exam) throw new BridgeError('not-found');
    refuseWhileLocked(exam);
    // A numbered sheet graded before is never graded twice by accident: the tutor asks for a second attempt.
    const earlier = sheet === undefined ? null : deps.engine().paperAttemptOf(code, sheet);
    if (earlier && !again) throw new BridgeError('already-graded', { attemptId: earlier });
    const booklet = versionsOf(exam).find((v) => v.number === version);
    if (!booklet) throw new BridgeError('invalid-argument', { field: 'version' });
    // Rows 01–05 are English or Spanish questions as the student marked: never guessed.
    if (exam.languageChoice && !language) throw new BridgeError('invalid-argument', { field: 'language' });
    const chosen = exam.languageChoice ? (language ?? null) : null;
    const typed = parseTypedAnswers(answers, rowsOf(exam));
    if (!typed.ok) throw new BridgeError('invalid-argument', { field: 'answers', position: typed.position });
    const positions = answeredPositions(exam, booklet, chosen);
    const attemptId = await deps.engine().recordPaper(
      positions.flatMap((p) => exam.questions[booklet.order[p] ?? -1] ?? []),
      positions.map((p) => booklet.alternatives[p] ?? []),
      typed.answers.map((a) => (a === 'double' ? null : a)),
      {
        title: exam.title,
        timeLimitMs: exam.minutes === null ? null : exam.minutes * 60_000,
        paper: {
          code,
          version,
          colour: booklet.colour.name,
          student: student?.trim() || null,
          doubles: typed.answers.filter((a) => a === 'double').length,
          language: chosen,
          sheet: sheet ?? null,
        },
        pack: exam.pack && { ...exam.pack, sealed: false, released: false },
      },
    );
    const result = await deps.engine().result(attemptId);
    if (sheet !== undefined)
      await deps
        .sessions()
        .markGraded(code, sheet, { attemptId, correct: result.score.correct, total: result.score.total }, deps.now());
    return result;
  }

  /**
   * Grading, and a batch's scores, wait for the running exam to end when they share a question,
   * whatever the letters: a grading's right/wrong (its score, the notebook cards it adds) would tell
   * that question's key.
   */
  function refuseWhileLocked(exam: PaperExamRecord) {
    if (exam.questions.some((q) => deps.isLocked(q.id) || deps.isLocked(q.baseId)))
      throw new BridgeError('locked-by-exam');
  }
}
