// The paper exam's typesetting, shared by what is printed (booklet.ts, answer-sheet.ts, key.ts):
// the A4 page and its margins, DejaVu Sans embedded (every Portuguese letter), the class's and the
// enlarged type, a document with fixed dates and ids (the same exam and seed give the same bytes),
// the page frame (title, version in its colour, page x of y) and the blocks questions are set in.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type SVGtoPDF from 'svg-to-pdfkit';
import type { SnapshotQuestion } from '../exams/model.js';
import type { BookletLayout, BookletPlan } from './versions.js';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = { regular: join(FONT_DIR, 'DejaVuSans.ttf'), bold: join(FONT_DIR, 'DejaVuSans-Bold.ttf') };

export const LETTERS = 'ABCDEFGHIJ';
export const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
export const MARGIN = 36;
const HEADER = 34;
const FOOTER = 24;
export const GUTTER = 18;
export const COLUMN = (PAGE.width - 2 * MARGIN - GUTTER) / 2;
export const TOP = MARGIN + HEADER;
export const BOTTOM = PAGE.height - MARGIN - FOOTER;
const TEXT_SIZE = 9.5;

/** The type of a booklet: the class's two columns, or one column of large letters (prova ampliada). */
export interface Typeset {
  columns: 1 | 2;
  column: number;
  text: number;
  heading: number;
}
export const CLASS_TYPE: Typeset = { columns: 2, column: COLUMN, text: TEXT_SIZE, heading: 10 };
/** The national exam's enlarged booklets: "ampliada" at 18 points, "superampliada" at 24. */
export type EnlargedPoints = 18 | 24;
export const enlargedType = (points: EnlargedPoints): Typeset => ({
  columns: 1,
  column: PAGE.width - 2 * MARGIN,
  text: points,
  heading: points,
});
export const ENLARGED_LABEL: Record<EnlargedPoints, string> = { 18: 'AMPLIADO', 24: 'SUPERAMPLIADO' };
/** A fixed moment for the PDF's dates: the bytes depend on the exam and seed only. */
const FIXED_DATE = new Date(Date.UTC(2020, 0, 1));

export interface PaperImage {
  bytes: Buffer;
  mime: string;
}

export interface PaperExam {
  /** Printed on every page and the answer sheet: what the grading screen asks for. */
  code: string;
  title: string;
  minutes: number | null;
  questions: SnapshotQuestion[];
  /** How the booklets group the questions (versions.ts); 'areas' when absent. */
  layout?: BookletLayout;
  /** ENEM day 1: English and Spanish under the same numbers, the choice marked on the sheet. */
  languageChoice?: boolean;
  /** How the tutor's key names question `index` (the pack's numbering, or booklet 1's). */
  reference?: (index: number) => string;
  /** The bytes of an image the questions show (by its reference), null when missing. */
  imageOf: (ref: SnapshotQuestion['image']) => PaperImage | null;
}

/**
 * pdfkit (with fontkit) and svg-to-pdfkit are imported by the first print, not at main's start: there
 * they cost about 30 MB and 180 ms that a session which never prints would pay (docs/performance.md).
 * The module loader keeps each import; svg-to-pdfkit is noted here for the blocks drawn on a document,
 * and every document is opened by `newDocument` first.
 */
let svgToPdf: typeof SVGtoPDF | null = null;

export async function newDocument(title: string): Promise<PDFKit.PDFDocument> {
  const [{ default: PDFDocument }, svg] = await Promise.all([import('pdfkit'), import('svg-to-pdfkit')]);
  svgToPdf = svg.default;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: title,
      Creator: 'Exam Practice',
      Producer: 'Exam Practice',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  return doc;
}

/** A document's bytes, once pdfkit has written them all. */
export function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => parts.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.end();
  });
}

export const planOf = (exam: PaperExam): BookletPlan => ({
  layout: exam.layout ?? 'areas',
  languageChoice: exam.languageChoice ?? false,
});

/** Header band (title, version in its colour) and footer (page x of y) on every page. */
export function frame(doc: PDFKit.PDFDocument, exam: PaperExam, label: string, colour: string, columns: 1 | 2 = 2) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.save().rect(0, 0, PAGE.width, 8).fill(colour).restore();
    doc.font('bold').fontSize(9).fillColor('#111');
    doc.text(exam.title, MARGIN, MARGIN - 12, { width: COLUMN * 1.4, lineBreak: false, height: 12 });
    doc.fillColor(colour).text(label, PAGE.width / 2, MARGIN - 12, {
      width: PAGE.width / 2 - MARGIN,
      align: 'right',
      lineBreak: false,
    });
    doc.font('regular').fontSize(8).fillColor('#444');
    doc.text(`${label} · ${exam.code} · página ${i + 1} de ${range.count}`, MARGIN, PAGE.height - MARGIN - 10, {
      width: PAGE.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    doc
      .save()
      .moveTo(MARGIN, TOP - 6)
      .lineTo(PAGE.width - MARGIN, TOP - 6)
      .lineWidth(0.5)
      .stroke('#999')
      .restore();
    if (i > range.start && columns === 2) {
      doc
        .save()
        .moveTo(PAGE.width / 2, TOP)
        .lineTo(PAGE.width / 2, BOTTOM)
        .lineWidth(0.5)
        .stroke('#bbb')
        .restore();
    }
  }
}

export interface Block {
  height: number;
  draw: (x: number, y: number) => void;
}

/** Fits an image to the column: its drawn size, or null when it cannot be drawn. */
export function imageBlock(
  doc: PDFKit.PDFDocument,
  image: PaperImage | null,
  maxHeight: number,
  column = COLUMN,
): Block | null {
  if (!image) return null;
  if (image.mime === 'image/svg+xml') {
    const svg = image.bytes.toString('utf8');
    const w = Number(
      /\bwidth="([\d.]+)/.exec(svg)?.[1] ?? /viewBox="[\d.\s-]*?\s([\d.]+)\s+[\d.]+"/.exec(svg)?.[1] ?? 300,
    );
    const h = Number(
      /\bheight="([\d.]+)/.exec(svg)?.[1] ?? /viewBox="[\d.\s-]*?\s[\d.]+\s+([\d.]+)"/.exec(svg)?.[1] ?? 150,
    );
    // Narrower than the column: an SVG's labels often run a little past its own box.
    const scale = Math.min((column * 0.85) / w, maxHeight / h, column === COLUMN ? 1.5 : 3);
    return {
      height: h * scale + 6,
      // Scaled by the page's transform (svg-to-pdfkit keeps an SVG's own width and height); its
      // text in our embedded fonts: measured right (text-anchor) and every accent drawn.
      draw: (x, y) => {
        doc.save();
        // Clipped to its box, as a screen shows an SVG: a label past its edge cannot leave the page.
        doc.translate(x, y).scale(scale).rect(0, 0, w, h).clip();
        if (!svgToPdf) throw new Error('a PDF is drawn on before a document was opened');
        svgToPdf(doc, svg, 0, 0, {
          width: w,
          height: h,
          assumePt: true,
          fontCallback: (_family: string, bold: boolean) => (bold ? 'bold' : 'regular'),
        });
        doc.restore();
      },
    };
  }
  if (image.mime !== 'image/png' && image.mime !== 'image/jpeg') return null;
  // pdfkit reads PNG and JPEG itself; its size tells the drawn height.
  const opened = (doc as unknown as { openImage: (src: Buffer) => { width: number; height: number } }).openImage(
    image.bytes,
  );
  const scale = Math.min(column / opened.width, maxHeight / opened.height, column === COLUMN ? 1 : 2);
  return {
    height: opened.height * scale + 6,
    draw: (x, y) => doc.image(image.bytes, x, y, { width: opened.width * scale, height: opened.height * scale }),
  };
}

/** Where an alternative's text starts: its wrapped lines hang under the text, not under the letter. */
const ALTERNATIVE_INDENT = 6;
const HANGING = 14;

/** An alternative: its letter, then its text in a column of its own (a hanging indent). */
export function alternativeBlock(doc: PDFKit.PDFDocument, letter: string, content: string, type: Typeset): Block {
  const hanging = (HANGING * type.text) / TEXT_SIZE;
  const width = type.column - ALTERNATIVE_INDENT - hanging;
  doc.font('regular').fontSize(type.text);
  const height = doc.heightOfString(content, { width, lineGap: 1 });
  return {
    height: height + 4,
    draw: (x, y) => {
      doc.font('bold').fontSize(type.text).fillColor('#111');
      doc.text(letter, x + ALTERNATIVE_INDENT, y, { lineBreak: false });
      doc.font('regular').fontSize(type.text);
      doc.text(content, x + ALTERNATIVE_INDENT + hanging, y, { width, lineGap: 1 });
    },
  };
}
