// The tutor's class report: a pack and its students' result files → who scored what, and an
// analysis of every question. Files for another pack, or for a changed version of this one, are
// refused by name; the same student twice is flagged and counted once (the later submission).
import type { QuestionsFile, PackManifest } from '../packs/format.js';
import { correctAlternativeId } from '../catalog/answer-key.js';
import { areaOf } from '../exams/areas.js';
import { analyseClass, type ClassAnalysis, type ItemInput } from './item-analysis.js';
import { readResultFile, ResultFileError, type ResultFile } from './result-file.js';
import type { ClassTri } from '../../../preload/contract.js';

export interface ResultSource {
  /** File name as the tutor sees it. */
  name: string;
  /** Null when the file could not be read (it vanished, or is not readable). */
  bytes: Uint8Array | null;
}

export type RejectReason = 'other-pack' | 'changed-pack' | 'unknown-question' | 'unreadable' | ResultFileError['code'];

export interface ClassReport {
  pack: { id: string; title: string; contentHash: string };
  /** The questions analysed, in the pack's order: id, key letter, subject, area, start of the statement. */
  questions: { id: string; key: string; subject: string; area: string | null; statement: string }[];
  accepted: { file: string; student: string; submittedAt: string }[];
  rejected: { file: string; reason: RejectReason; detail: string }[];
  /** A later file of the same student (by name, case and accents aside) replaced this one. */
  duplicates: { file: string; student: string; keptFile: string }[];
  analysis: ClassAnalysis;
  /** What the TRI calibrates: each student's (analysis.students' order) answer to each item. */
  responses: ResponseMatrix;
}

/**
 * Students × items in one byte each, row by row: 1 right, 0 wrong or blank, 2 never seen (a shorter
 * form). One buffer crosses between processes in a copy, where a thousand arrays of numbers held
 * main's event loop for tens of milliseconds each way.
 */
export interface ResponseMatrix {
  students: number;
  items: number;
  cells: Uint8Array;
}
export const UNSEEN = 2;

/** The matrix's rows as views (no copy): what the calibration reads. */
export const rowsOf = (matrix: ResponseMatrix): Uint8Array[] =>
  Array.from({ length: matrix.students }, (_, i) => matrix.cells.subarray(i * matrix.items, (i + 1) * matrix.items));

/** The hash result files carry: sha256 of the pack's questions.json, as its manifest lists it. */
export const packContentHash = (manifest: PackManifest): string => manifest.files['questions.json'] ?? '';

const studentKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLocaleLowerCase('pt-BR')
    .replace(/\s+/g, ' ');

export function buildClassReport(
  pack: { manifest: PackManifest; content: QuestionsFile },
  sources: ResultSource[],
): ClassReport {
  const contentHash = packContentHash(pack.manifest);
  const byId = new Map(pack.content.questions.map((q) => [q.id, q]));
  const subjects = new Map(pack.content.subjects.map((s) => [s.id, s.name]));
  const rejected: ClassReport['rejected'] = [];
  const valid: { file: string; result: ResultFile }[] = [];
  for (const source of sources) {
    if (source.bytes === null) {
      rejected.push({ file: source.name, reason: 'unreadable', detail: '' });
      continue;
    }
    try {
      const result = readResultFile(source.bytes);
      if (result.pack.id !== pack.manifest.id) {
        rejected.push({ file: source.name, reason: 'other-pack', detail: result.pack.title });
      } else if (result.pack.contentHash !== contentHash) {
        rejected.push({ file: source.name, reason: 'changed-pack', detail: result.pack.title });
      } else if (result.answers.some((a) => !byId.has(a.questionId))) {
        const unknown = result.answers.find((a) => !byId.has(a.questionId))?.questionId ?? '';
        rejected.push({ file: source.name, reason: 'unknown-question', detail: unknown });
      } else valid.push({ file: source.name, result });
    } catch (error) {
      if (!(error instanceof ResultFileError)) throw error;
      rejected.push({ file: source.name, reason: error.code, detail: error.detail });
    }
  }

  // One file per student: the latest submission (then the file name) wins.
  const kept = new Map<string, { file: string; result: ResultFile }>();
  const duplicates: ClassReport['duplicates'] = [];
  const ordered = [...valid].sort(
    (a, b) => a.result.attempt.submittedAt.localeCompare(b.result.attempt.submittedAt) || a.file.localeCompare(b.file),
  );
  for (const entry of ordered) {
    const key = studentKey(entry.result.student);
    const previous = kept.get(key);
    if (previous) duplicates.push({ file: previous.file, student: previous.result.student, keptFile: entry.file });
    kept.set(key, entry);
  }
  const students = [...kept.values()].sort((a, b) => a.result.student.localeCompare(b.result.student, 'pt-BR'));

  // The questions anyone saw, in the pack's order. A student's result file lists the questions of
  // the exam they sat: one it does not list they never saw (a shorter form), which is not a wrong answer.
  const answered = new Set(students.flatMap((s) => s.result.answers.map((a) => a.questionId)));
  const questions = pack.content.questions.filter((q) => answered.has(q.id));
  const items: ItemInput[] = questions.map((q) => {
    const keyId = correctAlternativeId(q.q);
    const subject = subjects.get(q.q.subject.id) ?? q.q.subject.name ?? q.q.subject.id;
    return {
      id: q.id,
      key: q.q.alternatives.find((a) => a.id === keyId)?.letter ?? '',
      letters: q.q.alternatives.map((a) => a.letter),
      subject,
      area: areaOf(subject),
    };
  });
  const analysis = analyseClass(
    items,
    students.map(({ result }) => {
      const answers = new Map(result.answers.map((a) => [a.questionId, a]));
      return {
        name: result.student,
        choices: items.map((item) => answers.get(item.id)?.choice ?? null),
        sat: items.map((item) => answers.has(item.id)),
        timeMs: items.map((item) => answers.get(item.id)?.timeMs ?? 0),
      };
    }),
  );
  return {
    pack: { id: pack.manifest.id, title: pack.manifest.title, contentHash },
    questions: items.map((item, i) => ({
      id: item.id,
      key: item.key,
      subject: item.subject,
      area: item.area,
      statement: (questions[i]?.q.statement ?? '').slice(0, 200),
    })),
    accepted: students.map(({ file, result }) => ({
      file,
      student: result.student,
      submittedAt: result.attempt.submittedAt,
    })),
    rejected,
    duplicates,
    analysis,
    responses: {
      students: students.length,
      items: items.length,
      cells: Uint8Array.from(
        students.flatMap(({ result }) => {
          const answers = new Map(result.answers.map((a) => [a.questionId, a.choice]));
          return items.map((item) => (!answers.has(item.id) ? UNSEEN : answers.get(item.id) === item.key ? 1 : 0));
        }),
      ),
    },
  };
}

/** A 95 % band is ±1.96 standard errors. */
export const Z95 = 1.96;

const round = (value: number | null, digits = 3) => (value === null ? '' : value.toFixed(digits));

/**
 * A text a spreadsheet would run as a formula (a student named `=HYPERLINK(…)`, a file `+cmd…`):
 * starts with = + - @, a tab or a carriage return (OWASP's CSV injection list).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A decimal as this file writes it ("-0.882", "12", "3.5"): a number to a spreadsheet, never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. A text that would
 * start a formula gets a leading apostrophe, which spreadsheets show as plain text; numbers — given as
 * numbers or as a fixed-decimal text such as "-1.000" — stay numbers a spreadsheet can sort and average
 * (before, every cell starting with "-" got the apostrophe: a negative discrimination was text). */
export function csv(rows: (string | number)[][]): string {
  const field = (value: string | number) => {
    const neutralise = typeof value === 'string' && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value);
    const text = neutralise ? `'${value}` : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  // The BOM makes spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Rows built between two pauses of classReportCsvSteps (main's event loop turns between them). */
const ROWS_PER_STEP = 100;

/** CSV rows from `make`, one per element of `of`, pausing every ROWS_PER_STEP rows. */
function* csvRows<T>(
  of: readonly T[],
  make: (value: T, i: number) => (string | number)[][],
): Generator<void, (string | number)[][]> {
  const rows: (string | number)[][] = [];
  for (let i = 0; i < of.length; i++) {
    rows.push(...make(of[i] as T, i));
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  return rows;
}

/** One CSV per table (file name → content): students, items, distractors, subjects, areas, files. */
export function classReportCsv(report: ClassReport, tri: ClassTri | null = null): Record<string, string> {
  const steps = classReportCsvSteps(report, tri);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same CSVs, built a slice of rows per turn of the event loop (main builds them for a class of thousands). */
export async function classReportCsvInTurns(
  report: ClassReport,
  tri: ClassTri | null = null,
): Promise<Record<string, string>> {
  const steps = classReportCsvSteps(report, tri);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function* classReportCsvSteps(report: ClassReport, tri: ClassTri | null): Generator<void, Record<string, string>> {
  const { analysis } = report;
  // The class's TRI beside the classical figures (empty cells when there is none).
  const ok = tri?.status === 'ok' ? tri : null;
  const studentTri = (i: number) => {
    const p = ok?.students[i];
    // The 95 % band beside the standard error (docs/class-report.md: what it leaves out).
    return p
      ? [round(p.score, 1), round(p.se, 1), round(p.score - Z95 * p.se, 1), round(p.score + Z95 * p.se, 1)]
      : ['', '', '', ''];
  };
  // On an earlier report's scale, when the tutor gave one (irt-link.ts); blank otherwise.
  const linked = ok?.link?.status === 'ok' ? ok.link : null;
  const studentLinked = (i: number) => {
    const p = linked?.students[i];
    return p ? [round(p.score, 1), round(p.se, 1)] : ['', ''];
  };
  const itemTri = (i: number) => {
    const item = ok?.items[i];
    return item
      ? [
          round(item.a),
          round(item.b),
          round(500 + 100 * item.b, 1),
          round(item.c),
          round(item.infit),
          round(item.outfit),
          item.misfit ?? '',
        ]
      : ['', '', '', '', '', '', ''];
  };
  const subjects = analysis.bySubject.map((s) => s.key);
  // A subject's column holds the student's right answers (a number; "3/5" would be read as a date),
  // and its header how many questions it has.
  const subjectHeader = (key: string) =>
    `subject:${key} (of ${analysis.bySubject.find((s) => s.key === key)?.items ?? 0})`;
  return {
    'students.csv': csv([
      [
        'student',
        'correct',
        'total',
        'percent',
        'time_minutes',
        'tri_class_score',
        'tri_class_se',
        'tri_class_low95',
        'tri_class_high95',
        'tri_earlier_scale_score',
        'tri_earlier_scale_se',
        ...subjects.map(subjectHeader),
      ],
      ...(yield* csvRows(analysis.students, (s, i) => [
        [
          s.name,
          s.correct,
          s.total,
          round(s.total ? (100 * s.correct) / s.total : 0, 1),
          round(s.timeMs / 60_000, 1),
          ...studentTri(i),
          ...studentLinked(i),
          ...subjects.map((key) => {
            const line = s.bySubject.find((l) => l.key === key);
            return line ? line.correct : '';
          }),
        ],
      ])),
    ]),
    'items.csv': csv([
      [
        'number',
        'question_id',
        'subject',
        'key',
        'facility',
        'point_biserial',
        'upper_lower',
        'blank',
        'mean_time_s',
        'flags',
        'sd',
        'discriminative_efficiency',
        'sat',
        'irt_a',
        'irt_b',
        'irt_b_class_scale',
        'irt_c',
        'infit',
        'outfit',
        'misfit',
      ],
      ...(yield* csvRows(analysis.items, (item, i) => [
        [
          i + 1,
          item.id,
          report.questions[i]?.subject ?? '',
          item.key,
          round(item.facility),
          round(item.pointBiserial),
          round(item.upperLower),
          item.blank,
          round(item.meanTimeMs / 1000, 1),
          item.flags.join(' '),
          round(item.sd),
          round(item.efficiency),
          item.sat,
          ...itemTri(i),
        ],
      ])),
    ]),
    'information.csv': csv([
      ['theta', 'class_score', 'information', 'se_score'],
      ...(ok?.information ?? []).map((point) => [
        round(point.theta, 1),
        round(500 + 100 * point.theta, 0),
        round(point.information),
        point.information > 0 ? round(100 / Math.sqrt(point.information), 1) : '',
      ]),
    ]),
    'test.csv': csv([
      ['students', 'items', 'mean', 'median', 'sd', 'kr20', 'sem'],
      [
        analysis.test.students,
        analysis.test.items,
        round(analysis.test.mean, 2),
        round(analysis.test.median, 2),
        round(analysis.test.sd, 3),
        round(analysis.test.kr20),
        round(analysis.test.sem, 3),
      ],
    ]),
    'distractors.csv': csv([
      ['number', 'question_id', 'letter', 'is_key', 'chosen', 'upper_group', 'lower_group'],
      ...(yield* csvRows(analysis.items, (item, i) =>
        item.distractors.map((d) => [i + 1, item.id, d.letter, d.key ? 'yes' : 'no', d.count, d.upper, d.lower]),
      )),
    ]),
    'subjects.csv': csv([
      ['subject', 'items', 'class_mean_percent'],
      ...analysis.bySubject.map((s) => [s.key, s.items, round(100 * s.mean, 1)]),
    ]),
    'areas.csv': csv([
      ['area', 'items', 'class_mean_percent'],
      ...analysis.byArea.map((s) => [s.key, s.items, round(100 * s.mean, 1)]),
    ]),
    'files.csv': csv([
      ['file', 'status', 'student', 'detail'],
      ...report.accepted.map((a) => [a.file, 'accepted', a.student, a.submittedAt]),
      ...report.duplicates.map((d) => [d.file, 'duplicate', d.student, `replaced by ${d.keptFile}`]),
      ...report.rejected.map((r) => [r.file, `rejected:${r.reason}`, '', r.detail]),
    ]),
  };
}
