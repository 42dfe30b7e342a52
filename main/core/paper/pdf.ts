// The paper exam as PDFs, by what is printed: the booklets (booklet.ts), the answer sheet
// (answer-sheet.ts) and the tutor's key (key.ts), over a shared typesetting layer (typeset.ts).
// Layout rules in docs/paper.md. Deterministic: the same exam and seed give the same bytes.
export { finish, type EnlargedPoints, type PaperExam, type PaperImage } from './typeset.js';
export { renderBooklet } from './booklet.js';
export { renderAnswerSheet, type SheetOptions } from './answer-sheet.js';
export { renderKey } from './key.js';
