// The answer sheet's geometry, in PDF points from the page's top-left corner (A4): the one place
// the printer draws from and the scan reader measures from, so a printed sheet and its reading
// can never disagree. Four solid corner squares (fiducials) fix the page in a scan; a QR code
// names the exam, the sheet and the page; bubbles sit on a fixed grid.

export const SHEET_PAGE = { width: 595.28, height: 841.89 };
export const FIDUCIAL_SIZE = 20;
const FIDUCIAL_INSET = 28;

/** Centres of the four fiducials: top-left, top-right, bottom-right, bottom-left. */
export const FIDUCIALS: readonly (readonly [number, number])[] = [
  [FIDUCIAL_INSET, FIDUCIAL_INSET],
  [SHEET_PAGE.width - FIDUCIAL_INSET, FIDUCIAL_INSET],
  [SHEET_PAGE.width - FIDUCIAL_INSET, SHEET_PAGE.height - FIDUCIAL_INSET],
  [FIDUCIAL_INSET, SHEET_PAGE.height - FIDUCIAL_INSET],
];

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The QR code with its quiet zone (top right, clear of the fiducial). */
export const QR_BOX: Box = { x: 462, y: 46, width: 84, height: 84 };
/**
 * The code's copy, below it beside the colour row, clear of the grid: a classroom rubs or tears a
 * code, seldom two in one place. It is printed without its three finder squares, so that a reader
 * searching a page for a code finds only the first (jsQR mixes the finder squares of two codes);
 * the copy is read where the corner squares map it (scan/qr-grid.ts). It says `EP1C …`, so a code
 * read in one box through a map shifted onto the other is refused, not taken for this sheet.
 */
export const QR_COPY_BOX: Box = { x: 462, y: 136, width: 84, height: 84 };
/** The sheet's printed codes, in the reader's order: the code, then its copy (no finder squares). */
export const QR_CODES: readonly { box: Box; copy: boolean }[] = [
  { box: QR_BOX, copy: false },
  { box: QR_COPY_BOX, copy: true },
];
/** The quiet zone printed around the code inside QR_BOX, in modules (the standard's four). */
export const QR_QUIET = 4;
/** Where the student writes the name: read back as an image crop. */
export const NAME_BOX: Box = { x: 40, y: 104, width: 400, height: 30 };
export const BUBBLE_RADIUS = 7;
export const LETTERS = 'ABCDE';
export const QUESTIONS_PER_COLUMN = 30;
export const COLUMNS = 3;
export const QUESTIONS_PER_PAGE = QUESTIONS_PER_COLUMN * COLUMNS;
const ROW_PITCH = 18.5;
const GRID_TOP = 232;
const COLUMN_PITCH = 182;
const GRID_LEFT = 44;
const LETTER_PITCH = 23;
const BUBBLES_FROM_NUMBER = 34;

export interface Bubble {
  cx: number;
  cy: number;
}

/** The booklet-colour bubbles (first page only), one per version. */
export function versionBubbles(versions: number): Bubble[] {
  return Array.from({ length: versions }, (_, i) => ({ cx: 140 + i * 72, cy: 166 }));
}

/** The foreign-language bubbles (English, Spanish) of an ENEM day-1 sheet (first page only). */
export const LANGUAGE_BUBBLES: readonly Bubble[] = [
  { cx: 140, cy: 190 },
  { cx: 212, cy: 190 },
];

/** Where question `n` (0-based on its page) is: its number's left edge and its A–E bubbles. */
export function questionRow(n: number): { numberX: number; y: number; bubbles: Bubble[] } {
  const column = Math.floor(n / QUESTIONS_PER_COLUMN);
  const row = n % QUESTIONS_PER_COLUMN;
  const y = GRID_TOP + row * ROW_PITCH;
  const numberX = GRID_LEFT + column * COLUMN_PITCH;
  return {
    numberX,
    y,
    bubbles: [...LETTERS].map((_, l) => ({ cx: numberX + BUBBLES_FROM_NUMBER + l * LETTER_PITCH, cy: y })),
  };
}

export const sheetPages = (questions: number) => Math.max(1, Math.ceil(questions / QUESTIONS_PER_PAGE));

/** What the QR code says: the exam's code, the sheet's number, its page and how many. */
export interface SheetIdentity {
  code: string;
  sheet: number;
  page: number;
  pages: number;
}

// Sheets printed before the copy have one code, `EP1 …`; the copy says `EP1C …`.
const PAYLOAD = /^EP1(C?) (P[0-9A-Z]{6}) (\d{1,4}) (\d{1,2})\/(\d{1,2})$/;

/** The text of a sheet's code (`copy`: the one printed in QR_COPY_BOX). */
export function sheetPayload(id: SheetIdentity, copy = false): string {
  return `EP1${copy ? 'C' : ''} ${id.code} ${id.sheet} ${id.page}/${id.pages}`;
}

/** The identity a QR code carries, or null when it is not one of our sheets. */
export function parseSheetPayload(text: string): SheetIdentity | null {
  const match = PAYLOAD.exec(text.trim());
  if (!match) return null;
  const [, , code, sheet, page, pages] = match;
  const id = { code: code ?? '', sheet: Number(sheet), page: Number(page), pages: Number(pages) };
  return id.page >= 1 && id.page <= id.pages && id.sheet >= 1 ? id : null;
}

/** Whether a code's text carries the copy's mark (`EP1C …`). */
export const isCopyPayload = (text: string): boolean => text.trim().startsWith('EP1C ');

/** Where the code that says `text` is printed: QR_COPY_BOX for the copy's mark, QR_BOX otherwise. */
export const payloadBox = (text: string): Box => (isCopyPayload(text) ? QR_COPY_BOX : QR_BOX);
