// A stack of scans read as answer sheets of one paper exam: every page of every file located,
// identified by its QR code, its bubbles read; pages of one sheet joined; whatever is not a sheet
// of this exam refused by name. Nothing is graded here: the tutor confirms what the reader flags.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { cornerDetail, type ForeignLanguage, type ScannedFlag } from '../../../../preload/contract.js';
import {
  BUBBLE_RADIUS,
  LANGUAGE_BUBBLES,
  NAME_BOX,
  QUESTIONS_PER_PAGE,
  questionRow,
  sheetPages,
  versionBubbles,
  type Box,
  type SheetIdentity,
} from '../sheet-layout.js';
import { decideRow, measureRow, readRow, sheetScale, type RowReading } from './bubbles.js';
import { project } from './homography.js';
import { locateSheet, type LocatedSheet, type LocateRefusal } from './locate.js';
import type { MissingCorner } from './corner-check.js';
import { scanPages } from './raster.js';

export interface ScanTarget {
  code: string;
  questions: number;
  versions: number;
  /** The sheet has the foreign-language bubbles (ENEM day 1). */
  language: boolean;
}

export interface ScanFile {
  name: string;
  data: Uint8Array;
}

/** A layout box as it appears in the scan (its bounding box), as a PNG data URL. */
async function crop(canvas: Canvas, sheet: LocatedSheet, box: Box, height: number): Promise<string> {
  const corners = [
    project(sheet.map, box.x, box.y),
    project(sheet.map, box.x + box.width, box.y),
    project(sheet.map, box.x + box.width, box.y + box.height),
    project(sheet.map, box.x, box.y + box.height),
  ];
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const sx = Math.max(0, Math.floor(Math.min(...xs)));
  const sy = Math.max(0, Math.floor(Math.min(...ys)));
  const sw = Math.max(1, Math.min(canvas.width, Math.ceil(Math.max(...xs))) - sx);
  const sh = Math.max(1, Math.min(canvas.height, Math.ceil(Math.max(...ys))) - sy);
  const scale = height / sh;
  const out = createCanvas(Math.max(1, Math.round(sw * scale)), height);
  out.getContext('2d').drawImage(canvas, sx, sy, sw, sh, 0, 0, out.width, out.height);
  return `data:image/png;base64,${(await out.encode('png')).toString('base64')}`;
}

function rowBox(n: number): Box {
  const row = questionRow(n);
  const last = row.bubbles[row.bubbles.length - 1];
  return {
    x: row.numberX - 4,
    y: row.y - 10,
    width: (last?.cx ?? row.numberX) + BUBBLE_RADIUS + 6 - (row.numberX - 4),
    height: 20,
  };
}

/** One marked choice among bubbles (1-based), or null when none or several are, or any is doubtful. */
function single(reading: RowReading): number | null {
  const index = reading.symbol.length === 1 ? 'ABCDEFGHIJ'.indexOf(reading.symbol) : -1;
  return index >= 0 ? index + 1 : null;
}

/** What one page of a sheet of this exam says; plain data, so it can cross a process boundary. */
export interface PageReading {
  page: number;
  rows: RowReading[];
  flags: ScannedFlag[];
  version: number | null;
  language: ForeignLanguage | null;
  nameCrop: string;
}

async function readPage(canvas: Canvas, sheet: LocatedSheet, target: ScanTarget): Promise<PageReading> {
  const { page } = sheet.identity;
  const first = (page - 1) * QUESTIONS_PER_PAGE;
  const count = Math.max(0, Math.min(QUESTIONS_PER_PAGE, target.questions - first));
  const rows: RowReading[] = [];
  const flags: ScannedFlag[] = [];
  // Every row measured first: the sheet's own marks set where its bubbles turn into marks.
  const measured = Array.from({ length: count }, (_, n) => measureRow(sheet, questionRow(n).bubbles));
  const scale = sheetScale(measured);
  for (const [n, measures] of measured.entries()) {
    const reading = decideRow(measures, scale);
    rows.push(reading);
    if (reading.symbol === '*' || reading.symbol === '?')
      flags.push({
        question: first + n + 1,
        kind: reading.symbol === '*' ? 'double' : 'doubtful',
        marks: reading.marks,
        fill: reading.fill.map((f) => Math.round(f * 100) / 100),
        crop: await crop(canvas, sheet, rowBox(n), 40),
      });
  }
  const isFirst = page === 1;
  const version = isFirst ? single(readRow(sheet, versionBubbles(target.versions), scale)) : null;
  const languageChoice = isFirst && target.language ? single(readRow(sheet, [...LANGUAGE_BUBBLES], scale)) : null;
  return {
    page,
    rows,
    flags,
    version,
    language: languageChoice === 1 ? 'ingles' : languageChoice === 2 ? 'espanhol' : null,
    nameCrop: isFirst ? await crop(canvas, sheet, NAME_BOX, 48) : '',
  };
}

/** One page of a file, as the worker reports it: a page of a sheet of this exam, or why not. */
export type PageOutcome =
  | { page: number; identity: SheetIdentity; reading: PageReading | null }
  | { page: number; refused: LocateRefusal; detail?: string; crop?: string };

/**
 * The whole page, small, for a page the tutor must look at (a misregistered sheet, a corner square
 * missing), with a red ring where each missing square should be.
 */
async function thumbnail(canvas: Canvas, marks: readonly MissingCorner[] = []): Promise<string> {
  const width = 360;
  const scale = width / canvas.width;
  const out = createCanvas(width, Math.max(1, Math.round(canvas.height * scale)));
  const ctx = out.getContext('2d');
  ctx.drawImage(canvas, 0, 0, out.width, out.height);
  ctx.strokeStyle = '#d00000';
  ctx.lineWidth = 3;
  for (const { at } of marks) {
    // Clamped into the picture: a square outside the photo is ringed at the edge it is past.
    const x = Math.min(out.width - 14, Math.max(14, at[0] * scale));
    const y = Math.min(out.height - 14, Math.max(14, at[1] * scale));
    ctx.beginPath();
    ctx.arc(x, y, 12, 0, 2 * Math.PI);
    ctx.stroke();
  }
  return `data:image/jpeg;base64,${(await out.encode('jpeg', 70)).toString('base64')}`;
}

/**
 * Reads the pages of one file from `fromPage` on, reporting each as soon as it is read (the caller
 * keeps what came before a crash). Runs in the decoding worker: pixels never reach the main process.
 * A page of another exam is identified but not read.
 */
export async function readScanFile(
  data: Uint8Array,
  target: ScanTarget,
  fromPage: number,
  report: (outcome: PageOutcome) => Promise<void> | void,
  opened: (pages: number) => void = () => undefined,
): Promise<void> {
  for await (const { page, canvas } of scanPages(data, fromPage, opened)) {
    // An identified sheet of this exam is checked against its own printed rings before it is read.
    const located = locateSheet(canvas, {
      rowsOf: (identity) =>
        identity.code === target.code && identity.pages === sheetPages(target.questions)
          ? Math.max(0, Math.min(QUESTIONS_PER_PAGE, target.questions - (identity.page - 1) * QUESTIONS_PER_PAGE))
          : null,
    });
    if ('refused' in located)
      await report({
        page,
        refused: located.refused,
        // Which corners and why, in print order ("bottom-left:covered,top-right:outside").
        ...(located.corners && { detail: cornerDetail(located.corners) }),
        ...((located.refused === 'misregistered' || located.corners) && {
          crop: await thumbnail(canvas, located.corners),
        }),
      });
    else {
      const { identity } = located;
      const ours = identity.code === target.code && identity.pages === sheetPages(target.questions);
      await report({ page, identity, reading: ours ? await readPage(canvas, located, target) : null });
    }
  }
}
