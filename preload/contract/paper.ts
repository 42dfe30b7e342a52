// Paper exams: printed exams listed, scanned sheets read, refusals, scanned batches.
import type { ForeignLanguage } from '../constants.js';

/** A paper exam printed here, ready to grade. */
export interface PaperExamSummary {
  code: string;
  title: string;
  /** Rows of the answer sheet: the letters a student marks (01–05 once with a language choice). */
  questions: number;
  /** ENEM day 1: the sheet asks the foreign language; grading needs it. */
  languageChoice: boolean;
  /** A pack's exam: each graded sheet can go to the tutor's class report as a result file. */
  pack: boolean;
  createdAt: number;
  versions: { number: number; colour: string }[];
}

/** How a bubble of a scanned sheet reads: clearly filled, clearly empty, or for the tutor to decide. */
export type ScannedMark = 'blank' | 'marked' | 'doubtful';

/** A question of a scanned sheet the reader will not decide alone: a double mark or a doubtful bubble. */
export interface ScannedFlag {
  /** 1-based, as printed. */
  question: number;
  kind: 'double' | 'doubtful';
  marks: ScannedMark[];
  /** How full each bubble is, 0–1 (a filled bubble is near 1). */
  fill: number[];
  /** The row as scanned (PNG data URL), to decide by looking. */
  crop: string;
}

/** One student's answer sheet read from a scan: what grading needs, and what the tutor must confirm. */
export interface ScannedSheet {
  code: string;
  /** The sheet's printed number (its QR code). */
  sheet: number;
  /** Where it came from: file name and page. */
  source: string;
  /** The booklet colour marked, or null when none or more than one was (the tutor chooses). */
  version: number | null;
  /** The foreign language marked on an ENEM day-1 sheet; null when the sheet has none or none is clear. */
  language: ForeignLanguage | null;
  /** The name box as scanned (PNG data URL): read by the tutor, never by the app. */
  nameCrop: string;
  /** One symbol per question: A–E, '-' blank, '*' double, '?' doubtful (in `flags`). */
  answers: string;
  flags: ScannedFlag[];
}

export type ScanRefusalReason =
  | 'no-sheet'
  | 'upside-down'
  | 'sideways'
  | 'unreadable-code'
  | 'other-exam'
  | 'duplicate'
  | 'missing-page'
  | 'too-large'
  | 'too-many-pages'
  | 'not-an-image'
  | 'unreadable'
  /** The decoding worker's time for a page ran out (a PDF made to be slow). */
  | 'too-slow'
  /** Its corner squares could not be agreed on, or the bubbles are not where they put them. */
  | 'misregistered'
  /** Its QR code and the code's printed copy both read, and name different sheets: graded by neither. */
  | 'codes-disagree'
  /**
   * The QR code is whole but a corner square is not where it puts it: out of the photo, or in it
   * but covered, folded under or torn off. `detail` names them in print order, comma-separated, each
   * with its cause: `bottom-left:covered,top-right:outside` (CornerCause; a batch saved before the
   * cause was told has the names alone).
   */
  | 'corner-missing';

/** An answer sheet's corner squares, in print order: a `corner-missing` refusal's `detail` names them. */
export const SHEET_CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;
export type SheetCorner = (typeof SHEET_CORNERS)[number];
/** Why a corner square is missing: its place lies outside the photo, or inside it with no square there. */
export const CORNER_CAUSES = ['outside', 'covered'] as const;
export type CornerCause = (typeof CORNER_CAUSES)[number];

/** A `corner-missing` refusal's detail: each corner with its cause, in print order. */
export function cornerDetail(corners: readonly { corner: SheetCorner; cause: CornerCause }[]): string {
  return corners.map(({ corner, cause }) => `${corner}:${cause}`).join(',');
}

/** The corners of a `corner-missing` detail by cause; one saved without a cause (an older batch) is `unknown`. */
export function cornersByCause(detail: string): Record<CornerCause | 'unknown', SheetCorner[]> {
  const out: Record<CornerCause | 'unknown', SheetCorner[]> = { outside: [], covered: [], unknown: [] };
  for (const part of detail.split(',')) {
    const [corner = '', cause = ''] = part.split(':');
    if (!(SHEET_CORNERS as readonly string[]).includes(corner)) continue;
    out[(CORNER_CAUSES as readonly string[]).includes(cause) ? (cause as CornerCause) : 'unknown'].push(
      corner as SheetCorner,
    );
  }
  return out;
}

/** A page (or file) that gave no sheet, and why. */
export interface ScanRefusal {
  source: string;
  reason: ScanRefusalReason;
  /** The other exam's code, the page count, the size: what makes the reason concrete. */
  detail: string;
  /**
   * A misregistered page, or one with a corner square missing (ringed in red), as scanned (a small
   * JPEG data URL): the tutor retakes or types that sheet instead.
   */
  crop?: string;
}

export interface ScanResult {
  sheets: ScannedSheet[];
  refused: ScanRefusal[];
}

/** What the tutor settled on a scanned sheet so far (saved as it is made). */
export interface ScanSheetReview {
  student: string;
  version: number | null;
  language: ForeignLanguage | null;
  /** Per flagged question (1-based, as a key): the letter, '-' blank or '*' double. */
  decided: Record<string, string>;
}

/**
 * A paper exam's scanned batch, kept until the tutor closes it: every sheet read, the tutor's
 * decisions, and what was graded (one click from its result and its result file).
 */
export interface ScanSession {
  code: string;
  startedAt: number;
  sheets: {
    sheet: ScannedSheet;
    review: ScanSheetReview;
    graded: { attemptId: string; correct: number; total: number } | null;
    /** Not graded in this batch, but this numbered sheet was graded before: that attempt. */
    earlier: string | null;
  }[];
  refused: ScanRefusal[];
}
