// A booklet version as a PDF: its cover (how many questions, how long, how to mark, its colour), then
// the questions in the real exam's two columns — or, for one student's accommodation, one column of
// the ENEM's enlarged type — each block under its heading (an area, a foreign language's option).
// Layout rules in docs/paper.md.
import type { SnapshotQuestion } from '../exams/model.js';
import { blockKey, type BookletVersion } from './versions.js';
import {
  LETTERS,
  PAGE,
  MARGIN,
  GUTTER,
  COLUMN,
  TOP,
  BOTTOM,
  CLASS_TYPE,
  enlargedType,
  ENLARGED_LABEL,
  newDocument,
  frame,
  imageBlock,
  alternativeBlock,
  finish,
  type Typeset,
  type Block,
  type EnlargedPoints,
  type PaperExam,
} from './typeset.js';

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
  const doc = await newDocument(`${exam.title} · ${label}`);
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
