// `npm run bench -- omr`: the scan reader on the full synthetic corpus. Forty ENEM-day sheets
// (90 questions, four colours, the language bubble) filled by a seeded student, half of them
// phone photos, stacked into one 40-page PDF; plus a sheet upside down and one of another exam.
// Figures: bubbles read right, doubles and doubts flagged, silent errors, refusals, and the time
// against a baseline measured in the same run (pdf.js rendering the same pages, nothing read).
import { workerDecoder } from '../support/worker.js';
import { scanPages } from '../../main/core/paper/scan/raster.js';
import { ACCEPTABLE, stackPdf, synthesize } from '../support/omr-synth.js';

const SHEETS = Number(process.env.BENCH_SHEETS ?? 40);
const exam = { code: 'PBENCH1', questions: 90, versions: 4, language: true };

const started = performance.now();
const corpus = await synthesize(exam, SHEETS, 20261123);
const turned = await synthesize(exam, 1, 77, { upsideDown: [1] });
const foreign = await synthesize({ ...exam, code: 'PFORGN1' }, 1, 78, { photos: 'none' });
const stack = await stackPdf(corpus.images);
const hostile = await stackPdf([turned.images[0] ?? Buffer.alloc(0), foreign.images[0] ?? Buffer.alloc(0)]);
console.log(
  `corpus: ${SHEETS} sheets in ${((performance.now() - started) / 1000).toFixed(0)} s (${(stack.byteLength / 1024 / 1024).toFixed(1)} MB PDF)`,
);

const renderStart = performance.now();
for await (const page of scanPages(stack)) void page;
const renderMs = performance.now() - renderStart;

// Read as the app reads them: in the decoding worker (its start is part of the time).
const decoder = workerDecoder();
const readStart = performance.now();
const result = await decoder.scan([{ name: 'turma.pdf', data: stack }], exam);
const readMs = performance.now() - readStart;
const refusals = await decoder.scan([{ name: 'estranhas.pdf', data: hostile }], exam);
await decoder.close();

let bubbles = 0;
let right = 0;
let silent = 0;
let doubles = 0;
let doublesFlagged = 0;
let doubtful = 0;
let rowsFlagged = 0;
let rows = 0;
for (const sheet of result.sheets) {
  const truth = corpus.truths[sheet.sheet - 1];
  truth?.bubbles.forEach((row, q) => {
    rows++;
    const flag = sheet.flags.find((f) => f.question === q + 1);
    if (flag) rowsFlagged++;
    if (row.filter((k) => k === 'dark').length >= 2) {
      doubles++;
      if (flag?.kind === 'double') doublesFlagged++;
    }
    row.forEach((kind, l) => {
      bubbles++;
      const read = flag ? (flag.marks[l] ?? '') : sheet.answers[q] === 'ABCDE'[l] ? 'marked' : 'blank';
      if (read === 'doubtful') doubtful++;
      if (ACCEPTABLE[kind].includes(read)) right++;
      else if (!flag) silent++;
    });
  });
}
const versionsRight = result.sheets.filter((s) => s.version === corpus.truths[s.sheet - 1]?.version).length;
const languagesRight = result.sheets.filter(
  (s) => s.language === (corpus.truths[s.sheet - 1]?.language === 1 ? 'ingles' : 'espanhol'),
).length;
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(2)} %`;
const table = [
  ['sheets read', `${result.sheets.length} of ${SHEETS}`, `${SHEETS}`],
  ['bubbles read right', `${pct(right, bubbles)} (${right}/${bubbles})`, '≥ 99.9 %'],
  ['silent errors (wrong and not flagged)', `${silent}`, '0'],
  ['double marks flagged', `${doublesFlagged} of ${doubles}`, 'all'],
  ['bubbles left to the tutor (doubtful)', `${doubtful}`, '—'],
  ['rows to confirm', `${rowsFlagged} of ${rows} (${pct(rowsFlagged, rows)})`, '—'],
  ['booklet colour read', `${versionsRight} of ${result.sheets.length}`, 'all'],
  ['language read', `${languagesRight} of ${result.sheets.length}`, 'all'],
  [
    'refused by name',
    refusals.refused.map((r) => `${r.reason}${r.detail ? ` ${r.detail}` : ''}`).join(', '),
    'upside-down, other-exam',
  ],
  ['time to read 40 sheets', `${(readMs / 1000).toFixed(1)} s`, '< 60 s'],
  ['baseline: pdf.js rendering the pages only', `${(renderMs / 1000).toFixed(1)} s`, '—'],
  ['reading / rendering', `${(readMs / renderMs).toFixed(2)}×`, '—'],
];
console.log('\n| measure | value | target |\n|---|---|---|');
for (const [measure, value, target] of table) console.log(`| ${measure} | ${value} | ${target} |`);
