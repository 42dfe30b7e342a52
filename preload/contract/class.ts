// The tutor's class loop: result files, the class report with its item analysis and the class's TRI, a result the OS opened.

export interface ResultFileOut {
  fileName: string;
  data: Uint8Array<ArrayBuffer>;
  student: string;
}

export type ItemFlag = 'miskeyed' | 'too-easy' | 'too-hard' | 'low-discrimination';

/** The class report as the tutor's screen shows it (docs/class-report.md). */
export interface ClassReportView {
  pack: { id: string; title: string };
  questions: { id: string; key: string; subject: string; area: string | null; statement: string }[];
  accepted: { file: string; student: string; submittedAt: string }[];
  rejected: { file: string; reason: string; detail: string }[];
  duplicates: { file: string; student: string; keptFile: string }[];
  students: {
    name: string;
    correct: number;
    /** Questions this student saw (a shorter form is fewer than the pack's). */
    total: number;
    timeMs: number;
    bySubject: { key: string; correct: number; total: number }[];
  }[];
  items: {
    id: string;
    key: string;
    facility: number;
    pointBiserial: number | null;
    upperLower: number;
    distractors: { letter: string; count: number; upper: number; lower: number; key: boolean }[];
    blank: number;
    /** Students who saw this question (a shorter form leaves some out). */
    sat: number;
    meanTimeMs: number;
    flags: ItemFlag[];
    /** SD of the item's right/wrong scores (n − 1); null below 2 students. */
    sd: number | null;
    /** Discriminative efficiency (docs/class-report.md); null when it cannot be told. */
    efficiency: number | null;
  }[];
  /** The test as a whole, as Moodle's quiz statistics report it (main/core/class/test-statistics.ts). */
  test: {
    students: number;
    items: number;
    /** Mean number right. */
    mean: number;
    median: number;
    /** Of the number right (n − 1). */
    sd: number;
    /** Kuder–Richardson 20 (Cronbach's α for right/wrong items); null below 2 students or 2 items, or when every total is equal. */
    kr20: number | null;
    /** Standard error of measurement, SD·√(1 − KR-20), in questions; null when KR-20 is. */
    sem: number | null;
  };
  bySubject: { key: string; mean: number; items: number }[];
  byArea: { key: string; mean: number; items: number }[];
  groupSize: number;
  meanScore: number;
  /** The class's own TRI (main/core/class/irt.ts): calibrated on these students, on their scale. */
  tri: ClassTri;
  /** One CSV per table, by file name. */
  csv: Record<string, string>;
  /**
   * This report's calibration as a .examscale file, which a later report of the same class reads to
   * show its growth (tri.link); null without a TRI.
   */
  scaleFile: { fileName: string; data: string } | null;
}

/** A later simulado on an earlier report's scale (main/core/class/irt-link.ts), or why it cannot be. */
export type TriLink =
  | {
      status: 'refused';
      /** The file is no scale (`unreadable`: its problem in `problem`), or the simulados share too few calibrated questions. */
      reason: 'unreadable' | 'too-few-common';
      problem: 'too-large' | 'invalid-json' | 'invalid-schema' | 'future-version' | null;
      common: number;
      needed: number;
    }
  | {
      status: 'ok';
      earlier: { title: string; sittingAt: string; students: number; score: number };
      /** Calibrated questions both simulados share. */
      common: number;
      /** θ on the earlier scale = A·θ here + B. */
      line: { A: number; B: number };
      /** This class's mean on the earlier scale, its growth since and that growth's standard error. */
      score: number;
      growth: number;
      growthSe: number;
      /** Per student (the `students` order), on the earlier scale. */
      students: { score: number; se: number }[];
    };

/** The class's TRI, or why there is none (too few students or usable items). */
export type ClassTri =
  | {
      status: 'refused';
      /** Too few students or usable items; or the calibration did not finish (`failed`, `too-slow`). */
      reason: 'too-few-students' | 'too-few-items' | 'failed' | 'too-slow';
      needed: number;
      have: number;
    }
  | {
      status: 'ok';
      model: 'rasch' | '2pl' | '3pl';
      /** The class sizes where Rasch gives way to 2PL and 2PL to 3PL, and the least it calibrates. */
      thresholds: { minimum: number; twoPl: number; threePl: number };
      converged: boolean;
      /** Students who did not see every question: those they never saw are missing, not wrong. */
      partial: number;
      /** The spread (SD) of the scores shown: less than 100, as EAP estimates draw towards the mean. */
      scoreSd: number;
      /** Per student (the `students` order): 500 + 100 θ on the class's scale, and its standard error. */
      students: { score: number; se: number }[];
      /**
       * Per item (the `items` order); null for an item everyone got right, or wrong. `c` is null where
       * the model does not estimate it; `misfit` is decided at this class's size (irt.ts).
       */
      items: ({
        a: number;
        b: number;
        c: number | null;
        infit: number;
        outfit: number;
        misfit: 'under' | 'over' | null;
      } | null)[];
      /** The test information at θ from −4 to 4 by 0.5. */
      information: { theta: number; information: number }[];
      /** On an earlier report's scale, when the tutor gave one. */
      link: TriLink | null;
    };

/** A result file the OS opened: what it is, with its bytes for the class report, or why it is refused. */
export type ResultOffer =
  | { name: string; student: string; packTitle: string; data: Uint8Array<ArrayBuffer>; error: null }
  | {
      name: string;
      student: null;
      packTitle: null;
      data: null;
      error: 'too-large' | 'invalid-json' | 'invalid-schema' | 'future-version' | 'checksum' | 'unreadable';
    };

/** The largest .examresult a reader takes: the renderer sends no more of a file (one byte over is refused by name). */
export const RESULT_FILE_MAX_BYTES = 512 * 1024;
