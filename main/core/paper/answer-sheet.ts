// The answer sheet (cartão-resposta) as a PDF: the corner squares, the QR code naming the exam,
// the sheet and the page, the name box, the colour and language bubbles and the question grid —
// all placed from sheet-layout.ts, the geometry the scan reader measures from.
import type QRCode from 'qrcode';
import {
  BUBBLE_RADIUS,
  FIDUCIAL_SIZE,
  FIDUCIALS,
  LANGUAGE_BUBBLES,
  LETTERS as SHEET_LETTERS,
  NAME_BOX,
  QR_CODES,
  QR_QUIET,
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
import { sheetRows, type BookletVersion } from './versions.js';
import { MARGIN, planOf, newDocument, finish, type PaperExam } from './typeset.js';

/** What a print of answer sheets needs beyond the exam: how many numbered sheets, the language bubble. */
export interface SheetOptions {
  /** Numbered sheets (one per student): the QR code tells each apart in a scan. */
  sheets: number;
  /** ENEM day 1: the student marks the foreign language chosen (English or Spanish). */
  language: boolean;
}

type QrCodes = typeof QRCode;

/** Whether module (row, col) of a code of `size` modules lies in one of its three finder squares. */
const inFinder = (size: number, row: number, col: number) =>
  (row < 7 || row >= size - 7) && (col < 7 || col >= size - 7) && !(row >= size - 7 && col >= size - 7);

/**
 * A QR code as filled squares, each module its own rectangle (vector: sharp at any scan
 * resolution); `finders: false` leaves its finder squares out (the copy: sheet-layout.ts).
 */
function drawQr(doc: PDFKit.PDFDocument, qrcode: QrCodes, text: string, box: Box, finders = true) {
  // Level H (30 % of the code restorable; version 2, 25 modules, for our 18-character payload): a
  // classroom rubs and tears codes. scan/qr-grid.ts reads this size where jsQR cannot find the code.
  const qr = qrcode.create(text, { errorCorrectionLevel: 'H' });
  const size = qr.modules.size;
  const quiet = QR_QUIET;
  const module = box.width / (size + 2 * quiet);
  doc.save().fillColor('#000');
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (qr.modules.get(row, col) && (finders || !inFinder(size, row, col)))
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
 * the exam, sheet and page (and its copy below it), the name box, the booklet colour (and, for ENEM
 * day 1, the foreign language) to mark, and A–E bubbles by fives. Geometry from sheet-layout.ts:
 * the scan reader's.
 */
export async function renderAnswerSheet(
  exam: PaperExam,
  versions: BookletVersion[],
  options: SheetOptions = { sheets: 1, language: false },
): Promise<Buffer> {
  const doc = await newDocument(`${exam.title} · Cartão-resposta`);
  // Loaded by the first answer sheet, as the PDF libraries are (typeset.ts): not at main's start.
  const { default: qrcode } = await import('qrcode');
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
      const id = { code: exam.code, sheet, page, pages };
      for (const { box, copy } of QR_CODES) drawQr(doc, qrcode, sheetPayload(id, copy), box, !copy);
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
