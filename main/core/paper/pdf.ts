// The paper exam as PDFs (pdfkit, DejaVu Sans embedded: every Portuguese letter): one booklet per
// version in the real exam's two-column layout, the answer sheet (cartão-resposta) and the tutor's
// key. Layout rules in docs/paper.md. Deterministic: fixed dates and ids, so the same exam and
// seed give the same bytes.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { SnapshotQuestion } from '../exams/model.js';
import QRCode from 'qrcode';
import {
  BUBBLE_RADIUS,
  FIDUCIAL_SIZE,
  FIDUCIALS,
  LANGUAGE_BUBBLES,
  LETTERS as SHEET_LETTERS,
  NAME_BOX,
  QR_BOX,
  QUESTIONS_PER_COLUMN,
  QUESTIONS_PER_PAGE,
  questionRow,
  SHEET_PAGE,
  sheetPages,
  sheetPayload,
  versionBubbles,
  type Box,
  type Bubble,
} from './sheet-layout.js';
import {
  answeredIn,
  blockKey,
  sheetRows,
  type BookletLayout,
  type BookletPlan,
  type BookletVersion,
} from './versions.js';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = { regular: join(FONT_DIR, 'DejaVuSans.ttf'), bold: join(FONT_DIR, 'DejaVuSans-Bold.ttf') };

const LETTERS = 'ABCDEFGHIJ';
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 36;
const HEADER = 34;
const FOOTER = 24;
const GUTTER = 18;
const COLUMN = (PAGE.width - 2 * MARGIN - GUTTER) / 2;
const TOP = MARGIN + HEADER;
const BOTTOM = PAGE.height - MARGIN - FOOTER;
const TEXT_SIZE = 9.5;

/** The type of a booklet: the class's two columns, or one column of large letters (prova ampliada). */
interface Typeset {
  columns: 1 | 2;
  column: number;
  text: number;
  heading: number;
}
const CLASS_TYPE: Typeset = { columns: 2, column: COLUMN, text: TEXT_SIZE, heading: 10 };
/** The national exam's enlarged booklets: "ampliada" at 18 points, "superampliada" at 24. */
export type EnlargedPoints = 18 | 24;
const enlargedType = (points: EnlargedPoints): Typeset => ({
  columns: 1,
  column: PAGE.width - 2 * MARGIN,
  text: points,
  heading: points,
});
const ENLARGED_LABEL: Record<EnlargedPoints, string> = { 18: 'AMPLIADO', 24: 'SUPERAMPLIADO' };
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

const AREA_TITLES: Record<string, string> = {
  linguagens: 'LINGUAGENS, CÓDIGOS E SUAS TECNOLOGIAS',
  humanas: 'CIÊNCIAS HUMANAS E SUAS TECNOLOGIAS',
  natureza: 'CIÊNCIAS DA NATUREZA E SUAS TECNOLOGIAS',
  matematica: 'MATEMÁTICA E SUAS TECNOLOGIAS',
  other: 'OUTRAS QUESTÕES',
  'linguagens-ingles': 'LÍNGUA ESTRANGEIRA · INGLÊS',
  'linguagens-espanhol': 'LÍNGUA ESTRANGEIRA · ESPANHOL',
};

/** Under a foreign-language heading when the student chooses: which numbers, and for whom. */
const LANGUAGE_NOTES: Record<string, string> = {
  'linguagens-ingles': 'Opção inglês: responda a estas questões se marcou INGLÊS no cartão-resposta.',
  'linguagens-espanhol': 'Opção espanhol: responda a estas questões se marcou ESPANHOL no cartão-resposta.',
};

function newDocument(title: string): PDFKit.PDFDocument {
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

const planOf = (exam: PaperExam): BookletPlan => ({
  layout: exam.layout ?? 'areas',
  languageChoice: exam.languageChoice ?? false,
});

/** Header band (title, version in its colour) and footer (page x of y) on every page. */
function frame(doc: PDFKit.PDFDocument, exam: PaperExam, label: string, colour: string, columns: 1 | 2 = 2) {
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

interface Block {
  height: number;
  draw: (x: number, y: number) => void;
}

/** Fits an image to the column: its drawn size, or null when it cannot be drawn. */
function imageBlock(
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
        SVGtoPDF(doc, svg, 0, 0, {
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
function alternativeBlock(doc: PDFKit.PDFDocument, letter: string, content: string, type: Typeset): Block {
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

/** A question as blocks that stay together: the heading with the statement, its image, each alternative. */
function questionBlocks(
  doc: PDFKit.PDFDocument,
  exam: PaperExam,
  question: SnapshotQuestion,
  number: number,
  alternatives: number[],
  type: Typeset,
): Block[] {
  const text = (content: string, font: 'regular' | 'bold', size: number, indent = 0): Block => {
    doc.font(font).fontSize(size);
    const height = doc.heightOfString(content, { width: type.column - indent, lineGap: 1 });
    return {
      height: height + 4,
      draw: (x, y) => {
        doc.font(font).fontSize(size).fillColor('#111');
        doc.text(content, x + indent, y, { width: type.column - indent, lineGap: 1 });
      },
    };
  };
  const blocks: Block[] = [text(`QUESTÃO ${String(number).padStart(2, '0')}`, 'bold', type.heading)];
  for (const paragraph of question.statement.split(/\n{2,}/)) blocks.push(text(paragraph, 'regular', type.text));
  const figure = imageBlock(doc, exam.imageOf(question.image), (BOTTOM - TOP) * 0.45, type.column);
  if (figure) blocks.push(figure);
  alternatives.forEach((original, position) => {
    const alternative = question.alternatives[original];
    if (!alternative) return;
    blocks.push(alternativeBlock(doc, LETTERS[position] ?? '?', alternative.text, type));
    const altImage = imageBlock(doc, exam.imageOf(alternative.image), (BOTTOM - TOP) * 0.25, type.column);
    if (altImage) blocks.push(altImage);
  });
  return blocks;
}

/** The class's time and, for one student's accommodation, the extra time: what the cover says. */
function timeLines(minutes: number | null, extra: number): string[] {
  if (!minutes) return ['Sem limite de tempo.'];
  const hours = (m: number) => `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}`;
  if (!extra) return [`Você tem ${hours(minutes)} (${minutes} minutos) para responder a todas as questões.`];
  return [
    `Tempo da turma: ${hours(minutes)} (${minutes} minutos).`,
    `Atendimento especializado: tempo adicional de ${extra} minutos; seu tempo total é de ${hours(minutes + extra)} (${minutes + extra} minutos).`,
  ];
}

/** What the student is told on the cover: how many questions, how long, how to mark. */
function coverLines(exam: PaperExam, version: BookletVersion, extraMinutes: number): string[] {
  const rows = Math.max(0, ...version.numbers);
  // The Spanish block repeats the English one's numbers: the booklet has that many more questions.
  const shared = String(version.order.length - rows).padStart(2, '0');
  const count = exam.languageChoice
    ? `Este caderno contém ${rows} questões, numeradas de 1 a ${rows}. As questões de 01 a ${shared} aparecem duas vezes, em inglês e em espanhol: responda apenas às da língua que você escolheu e marque-a no cartão-resposta.`
    : `Este caderno contém ${exam.questions.length} questões, numeradas de 1 a ${exam.questions.length}.`;
  return [
    count,
    ...timeLines(exam.minutes, extraMinutes),
    'Marque suas respostas no cartão-resposta, com caneta de tinta preta, preenchendo todo o espaço da letra.',
    `Confira se a cor deste caderno (${version.colour.name}) é a mesma marcada no seu cartão-resposta.`,
    'Cada questão tem uma única alternativa correta. Questões em branco ou com mais de uma marcação não contam.',
    `Código da prova: ${exam.code}`,
  ];
}

/**
 * One booklet version: cover, then the questions in two columns, a heading at each block. With an
 * accommodation, the same booklet for one student: in one column of large type when enlarged, its
 * cover giving the extra time (the class's booklets never carry it).
 */
export async function renderBooklet(
  exam: PaperExam,
  version: BookletVersion,
  accommodation: { enlarged: false | EnlargedPoints; extraMinutes: number } | null = null,
): Promise<Buffer> {
  const enlarged = accommodation?.enlarged || null;
  const type = enlarged ? enlargedType(enlarged) : CLASS_TYPE;
  const special = accommodation ? ` · ${enlarged ? ENLARGED_LABEL[enlarged] : 'ATENDIMENTO'}` : '';
  const label = `CADERNO ${version.number} · ${version.colour.name}${special}`;
  const doc = newDocument(`${exam.title} · ${label}`);
  doc.addPage();
  // Cover.
  doc
    .save()
    .rect(MARGIN, TOP + 40, PAGE.width - 2 * MARGIN, 70)
    .fill(version.colour.hex)
    .restore();
  doc
    .font('bold')
    .fontSize(22)
    .fillColor('#fff')
    .text(label, MARGIN, TOP + 62, {
      width: PAGE.width - 2 * MARGIN,
      align: 'center',
    });
  doc
    .font('bold')
    .fontSize(18)
    .fillColor('#111')
    .text(exam.title, MARGIN, TOP + 140, {
      width: PAGE.width - 2 * MARGIN,
      align: 'center',
    });
  doc
    .font('regular')
    .fontSize(enlarged ? Math.round(enlarged * 0.75) : 11)
    .list(coverLines(exam, version, accommodation?.extraMinutes ?? 0), MARGIN + 20, TOP + 200, {
      width: PAGE.width - 2 * MARGIN - 40,
      lineGap: 4,
      bulletRadius: 2,
    });

  // Questions: fill the left column, then the right, then a new page.
  doc.addPage();
  let column = 0;
  let y = TOP;
  const advance = (needed: number) => {
    if (y + needed <= BOTTOM) return;
    column += 1;
    y = TOP;
    if (column >= type.columns) {
      doc.addPage();
      column = 0;
    }
  };
  const x = () => MARGIN + column * (COLUMN + GUTTER);
  const layout = exam.layout ?? 'areas';
  let lastBlock = '';
  version.order.forEach((index, position) => {
    const question = exam.questions[index];
    if (!question) return;
    const block = blockKey(question, layout);
    const parts = questionBlocks(
      doc,
      exam,
      question,
      version.numbers[position] ?? position + 1,
      version.alternatives[position] ?? [],
      type,
    );
    const note = block !== lastBlock && exam.languageChoice ? LANGUAGE_NOTES[block] : undefined;
    const noteHeight = note
      ? (doc.font('regular').fontSize(type.text * 0.85), doc.heightOfString(note, { width: type.column })) + 6
      : 0;
    const heading = block !== lastBlock ? type.heading + 16 + noteHeight : 0;
    // A question stays whole when it fits in one column; a longer one may continue between paragraphs.
    const whole = parts.reduce((sum, p) => sum + p.height, 0) + heading + 8;
    if (whole <= BOTTOM - TOP) advance(whole);
    else advance(heading + (parts[0]?.height ?? 0) + (parts[1]?.height ?? 0));
    if (heading) {
      const band = type.heading + 8;
      doc.save().rect(x(), y, type.column, band).fill('#e5e7eb').restore();
      doc
        .font('bold')
        .fontSize(type.heading * 0.85)
        .fillColor('#111')
        .text(AREA_TITLES[block] ?? AREA_TITLES[question.area ?? 'other'] ?? '', x() + 4, y + 5, {
          width: type.column - 8,
          lineBreak: false,
        });
      if (note)
        doc
          .font('regular')
          .fontSize(type.text * 0.85)
          .fillColor('#111')
          .text(note, x(), y + band + 4, { width: type.column });
      y += heading;
      lastBlock = block;
    }
    for (const part of parts) {
      advance(part.height);
      part.draw(x(), y);
      y += part.height;
    }
    y += 8;
  });
  frame(doc, exam, label, version.colour.hex, type.columns);
  return finish(doc);
}

/** What a print of answer sheets needs beyond the exam: how many numbered sheets, the language bubble. */
export interface SheetOptions {
  /** Numbered sheets (one per student): the QR code tells each apart in a scan. */
  sheets: number;
  /** ENEM day 1: the student marks the foreign language chosen (English or Spanish). */
  language: boolean;
}

/** A QR code as filled squares, each module its own rectangle (vector: sharp at any scan resolution). */
function drawQr(doc: PDFKit.PDFDocument, text: string, box: Box) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const module = box.width / (size + 2 * quiet);
  doc.save().fillColor('#000');
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (qr.modules.get(row, col))
        doc.rect(box.x + (col + quiet) * module, box.y + (row + quiet) * module, module, module);
  doc.fill().restore();
}

const bubble = (doc: PDFKit.PDFDocument, b: Bubble, label: string) => {
  doc.save().circle(b.cx, b.cy, BUBBLE_RADIUS).lineWidth(0.7).stroke('#333').restore();
  // The letter inside in light grey: a reader sees it, a scan barely does (a blank bubble stays blank).
  doc.font('regular').fontSize(6.5).fillColor('#9ca3af');
  doc.text(label, b.cx - doc.widthOfString(label) / 2, b.cy - 3.4, { lineBreak: false });
};

/**
 * The cartão-resposta, one numbered sheet per student: fiducials in the corners, a QR code with
 * the exam, sheet and page, the name box, the booklet colour (and, for ENEM day 1, the foreign
 * language) to mark, and A–E bubbles by fives. Geometry from sheet-layout.ts: the scan reader's.
 */
export async function renderAnswerSheet(
  exam: PaperExam,
  versions: BookletVersion[],
  options: SheetOptions = { sheets: 1, language: false },
): Promise<Buffer> {
  const doc = newDocument(`${exam.title} · Cartão-resposta`);
  const rows = sheetRows(exam.questions, planOf(exam));
  const pages = sheetPages(rows);
  for (let sheet = 1; sheet <= options.sheets; sheet++) {
    for (let page = 1; page <= pages; page++) {
      doc.addPage();
      for (const [x, y] of FIDUCIALS)
        doc
          .save()
          .rect(x - FIDUCIAL_SIZE / 2, y - FIDUCIAL_SIZE / 2, FIDUCIAL_SIZE, FIDUCIAL_SIZE)
          .fill('#000')
          .restore();
      drawQr(doc, sheetPayload({ code: exam.code, sheet, page, pages }), QR_BOX);
      doc.font('bold').fontSize(13).fillColor('#111').text('CARTÃO-RESPOSTA', 56, 44, { lineBreak: false });
      doc.font('regular').fontSize(9);
      doc.text(exam.title, 56, 62, { width: 390, height: 12, lineBreak: false, ellipsis: true });
      doc.text(`Código ${exam.code} · folha ${sheet} · página ${page} de ${pages}`, 56, 76, { lineBreak: false });
      if (page === 1) {
        doc
          .fontSize(8)
          .fillColor('#444')
          .text('Nome do participante', NAME_BOX.x, NAME_BOX.y - 11, { lineBreak: false });
        doc
          .save()
          .rect(NAME_BOX.x, NAME_BOX.y, NAME_BOX.width, NAME_BOX.height)
          .lineWidth(0.8)
          .stroke('#333')
          .restore();
        doc.font('regular').fontSize(9).fillColor('#111').text('Cor do caderno:', 44, 161, { lineBreak: false });
        versionBubbles(versions.length).forEach((b, i) => {
          const v = versions[i];
          bubble(doc, b, String(i + 1));
          doc
            .font('bold')
            .fontSize(8.5)
            .fillColor(v?.colour.hex ?? '#111');
          doc.text(v?.colour.name ?? '', b.cx + 10, b.cy - 4.5, { lineBreak: false });
        });
        if (options.language) {
          doc.font('regular').fontSize(9).fillColor('#111').text('Língua estrangeira:', 44, 185, { lineBreak: false });
          (['INGLÊS', 'ESPANHOL'] as const).forEach((name, i) => {
            const b = LANGUAGE_BUBBLES[i];
            if (!b) return;
            bubble(doc, b, name.charAt(0));
            doc
              .font('bold')
              .fontSize(8.5)
              .fillColor('#111')
              .text(name, b.cx + 10, b.cy - 4.5, { lineBreak: false });
          });
        }
        doc
          .font('regular')
          .fontSize(7.5)
          .fillColor('#444')
          .text('Preencha todo o círculo com caneta preta. Uma marca por questão; não rasure.', 44, 206, {
            lineBreak: false,
          });
      } else {
        doc.font('regular').fontSize(9).fillColor('#444').text('Continuação: mesmo participante da página 1.', 44, 161);
      }
      const first = (page - 1) * QUESTIONS_PER_PAGE;
      const last = Math.min(rows, first + QUESTIONS_PER_PAGE);
      for (let n = first; n < last; n++) {
        const row = questionRow(n - first);
        doc.font('bold').fontSize(9).fillColor('#111');
        doc.text(String(n + 1).padStart(2, '0'), row.numberX, row.y - 4.5, { lineBreak: false });
        row.bubbles.forEach((b, l) => bubble(doc, b, SHEET_LETTERS[l] ?? ''));
        // A hairline every five rows, as the real sheet groups them.
        if ((n - first) % 5 === 4 && (n - first) % QUESTIONS_PER_COLUMN !== QUESTIONS_PER_COLUMN - 1)
          doc
            .save()
            .moveTo(row.numberX, row.y + 9.2)
            .lineTo(row.numberX + 150, row.y + 9.2)
            .lineWidth(0.3)
            .stroke('#bbb')
            .restore();
      }
      doc.font('regular').fontSize(7).fillColor('#666');
      // Inside the bottom margin: text below it would start a page of its own.
      doc.text(`${exam.code} · folha ${sheet} · página ${page} de ${pages}`, 56, SHEET_PAGE.height - MARGIN - 12, {
        width: SHEET_PAGE.width - 112,
        align: 'center',
        lineBreak: false,
      });
    }
  }
  return finish(doc);
}

/** The tutor's key: per version, the letter of each printed question, and which original question it is. */
export async function renderKey(exam: PaperExam, versions: BookletVersion[]): Promise<Buffer> {
  const doc = newDocument(`${exam.title} · Gabarito`);
  const width = PAGE.width - 2 * MARGIN;
  for (const version of versions) {
    doc.addPage();
    doc.font('bold').fontSize(14).fillColor(version.colour.hex);
    doc.text(`GABARITO · CADERNO ${version.number} · ${version.colour.name}`, MARGIN, TOP, { width });
    doc.font('regular').fontSize(8.5).fillColor('#111');
    let y = TOP + 26;
    let col = 0;
    version.order.forEach((index, position) => {
      const question = exam.questions[index];
      const alternatives = version.alternatives[position] ?? [];
      const keyPosition = alternatives.findIndex((o) => question?.alternatives[o]?.id === question?.correctId);
      const key = keyPosition >= 0 ? (LETTERS[keyPosition] ?? '?') : '—';
      const language = question ? answeredIn(question, planOf(exam)) : null;
      const number = String(version.numbers[position] ?? position + 1).padStart(2, '0');
      const tag = language ? ` ${language === 'ingles' ? 'ING' : 'ESP'}` : '';
      const line = `${number}${tag}  ${key}   (${exam.reference?.(index) ?? `questão ${index + 1}`})`;
      if (y > BOTTOM - 12) {
        col += 1;
        y = TOP + 26;
        if (col > 1) {
          doc.addPage();
          col = 0;
        }
      }
      doc.text(line, MARGIN + col * (width / 2), y, { width: width / 2 - 8, lineBreak: false });
      y += 13;
    });
  }
  frame(doc, exam, 'GABARITO DO TUTOR', '#111827');
  return finish(doc);
}
