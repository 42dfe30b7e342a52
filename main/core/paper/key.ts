// The tutor's key as a PDF: per booklet version, the letter of each printed question and which
// original question it is (the pack's numbering when the exam is a pack's).
import { answeredIn, type BookletVersion } from './versions.js';
import { LETTERS, PAGE, MARGIN, TOP, BOTTOM, planOf, newDocument, frame, finish, type PaperExam } from './typeset.js';

/** The tutor's key: per version, the letter of each printed question, and which original question it is. */
export async function renderKey(exam: PaperExam, versions: BookletVersion[]): Promise<Buffer> {
  const doc = await newDocument(`${exam.title} · Gabarito`);
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
