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
    'other-exam',
  ],
  ['the upside-down sheet', refusals.sheets.length === 1 ? 'read turned round' : 'not read', 'read turned round'],
  ['time to read 40 sheets', `${(readMs / 1000).toFixed(1)} s`, '< 60 s'],
  ['baseline: pdf.js rendering the pages only', `${(renderMs / 1000).toFixed(1)} s`, '—'],
  ['reading / rendering', `${(readMs / renderMs).toFixed(2)}×`, '—'],
];
console.log('\n| measure | value | target |\n|---|---|---|');
for (const [measure, value, target] of table) console.log(`| ${measure} | ${value} | ${target} |`);

// ---- Harder than our own corpus ------------------------------------------------------------------
// What a tutor's ordinary scanner and phone give, and what the default corpus never has: a shadow
// along the scanner's edge, light falling off across the page, a phone photo on a light desk, pen
// ticks and crosses and erasures beside the mark. Seeds and settings chosen before the reader was
// changed and never tuned on. A sheet is *misread* when three or more of its decided bubbles are
// wrong: it was graded from the wrong place (the target is none).
const HARD_SHEETS = Number(process.env.BENCH_HARD_SHEETS ?? 8);
/** BENCH_OMR_SEED=N draws every hard world from seeds N, N+1, … instead: a corpus nobody has looked at. */
const FRESH_SEED = process.env.BENCH_OMR_SEED ? Number(process.env.BENCH_OMR_SEED) : null;
const worlds: { name: string; options: Parameters<typeof synthesize>[3]; seed?: number }[] = [
  { name: 'scanner, edge shadow 35 %', options: { photos: 'none', lighting: () => ({ shadow: 0.35 }) } },
  { name: 'scanner, edge shadow 55 %', options: { photos: 'none', lighting: () => ({ shadow: 0.55 }) } },
  { name: 'scanner, light falling 40 %', options: { photos: 'none', lighting: () => ({ falloff: 0.4 }) } },
  {
    name: 'phone on a light desk, light falling 30 %',
    options: { photos: 'all', lighting: () => ({ desk: 215, falloff: 0.3 }) },
  },
  { name: 'ticks, crosses and erasures (pen)', options: { photos: 'half', marks: 'messy' } },
  // The pen marks' numbers were set after seeing seed 4004: this seed was never looked at before.
  { name: 'ticks, crosses and erasures (pen), unseen seed', options: { photos: 'half', marks: 'messy' }, seed: 9_100 },
  // Issue 48's damaged codes (set before the grid reader was measured on them): a band of 20–42 % of
  // the printed code rubbed pale, and a corner of 20–35 % of it torn off (mid-grey shows through).
  {
    name: 'QR code rubbed across 20–42 %',
    options: { photos: 'half', code: (sheet) => ({ rub: 0.2 + ((sheet * 7) % 23) / 100 }) },
    seed: 9_200,
  },
  {
    name: 'QR code torn at a corner, 20–35 %',
    options: { photos: 'half', code: (sheet) => ({ tear: 0.2 + ((sheet * 5) % 16) / 100 }) },
    seed: 9_300,
  },
  // The copy printed below the code (drawn before the copy was measured on them): both codes damaged
  // on each sheet, each its own band or corner, so a sheet is read only where one of the two survives.
  {
    name: 'QR code and its copy both rubbed, 20–42 %',
    options: {
      photos: 'half',
      code: (sheet) => ({ rub: 0.2 + ((sheet * 7) % 23) / 100, copy: { rub: 0.2 + ((sheet * 11) % 23) / 100 } }),
    },
    seed: 9_250,
  },
  {
    name: 'QR code and its copy both torn, 20–35 %',
    options: {
      photos: 'half',
      code: (sheet) => ({ tear: 0.2 + ((sheet * 5) % 16) / 100, copy: { tear: 0.2 + ((sheet * 3) % 16) / 100 } }),
    },
    seed: 9_350,
  },
  // Stapled classes (drawn before the reader was run on them): a staple through one corner of each
  // sheet, across or beside its square, half phone photos.
  { name: 'stapled at a corner', options: { photos: 'half', staple: (sheet) => sheet % 4 }, seed: 9_900 },
  // Issue 48's pencil (set before the sheet's own scale was measured on them): each student presses
  // an HB pencil their own way, fills vary from one question to the next, some rubbed out.
  { name: 'HB pencil, a class', options: { photos: 'half', marks: 'pencil' }, seed: 9_400 },
  { name: 'HB pencil, unseen seed', options: { photos: 'half', marks: 'pencil' }, seed: 9_500 },
  // Issue 48's folds (drawn before the local fit was measured on them): phone photos of sheets folded
  // and opened again, the print moved 4–10 points at the crease, fading over a tenth of the page.
  {
    name: 'folded in half, 4–10 pt at the crease (phone)',
    options: { photos: 'all', fold: (sheet) => ({ across: 0.5, lift: 4 + (sheet % 4) * 2 }) },
    seed: 9_600,
  },
  {
    name: 'folded in four, 4–10 pt at the creases (phone)',
    options: { photos: 'all', fold: (sheet) => ({ across: 0.5, down: 0.5, lift: 4 + (sheet % 4) * 2 }) },
    seed: 9_700,
  },
  // Coloured and recycled paper (grey 200–235 in a scan's grey) from a printer running out of toner
  // (55–80 % of its ink), half phone photos.
  {
    name: 'coloured or recycled paper, low toner',
    options: {
      photos: 'half',
      paper: (sheet) => ({ grey: 200 + ((sheet * 13) % 36), toner: 0.55 + ((sheet * 7) % 26) / 100 }),
    },
    seed: 9_800,
  },
];
const hardRows: string[][] = [];
const byKind = new Map<string, { total: number; review: number; wrong: number }>();
const hardDecoder = workerDecoder();
for (const [w, world] of worlds.entries()) {
  const seed = FRESH_SEED !== null ? FRESH_SEED + w : (world.seed ?? 4_000 + w);
  const hard = await synthesize(exam, HARD_SHEETS, seed, world.options);
  const read = await hardDecoder.scan([{ name: 'turma.pdf', data: await stackPdf(hard.images) }], exam);
  let decided = 0;
  let decidedRight = 0;
  let misread = 0;
  let worldRows = 0;
  let worldFlagged = 0;
  for (const sheet of read.sheets) {
    const truth = hard.truths[sheet.sheet - 1];
    let sheetWrong = 0;
    truth?.bubbles.forEach((row, q) => {
      const flag = sheet.flags.find((f) => f.question === q + 1);
      worldRows++;
      if (flag) worldFlagged++;
      row.forEach((kind, l) => {
        const readAs = flag ? (flag.marks[l] ?? '') : sheet.answers[q] === 'ABCDE'[l] ? 'marked' : 'blank';
        const tally = byKind.get(kind) ?? { total: 0, review: 0, wrong: 0 };
        tally.total++;
        if (flag) tally.review++;
        if (!flag) {
          decided++;
          if (ACCEPTABLE[kind].includes(readAs)) decidedRight++;
          else {
            sheetWrong++;
            tally.wrong++;
          }
        }
        byKind.set(kind, tally);
      });
    });
    if (sheetWrong >= 3) misread++;
  }
  const reasons = [...new Set(read.refused.map((r) => r.reason))];
  hardRows.push([
    world.name,
    `${read.sheets.length} of ${HARD_SHEETS}`,
    read.refused.length ? `${read.refused.length} (${reasons.join(', ')})` : '0',
    `${misread}`,
    pct(decidedRight, decided),
    pct(worldFlagged, worldRows),
  ]);
}
await hardDecoder.close();
console.log(
  `\nHarder than our corpus (${FRESH_SEED === null ? 'seeds 4000–4004 and 9100–9800' : `seeds from ${FRESH_SEED}`}):`,
);
console.log(
  '\n| world | sheets read | refused | misread sheets (target 0) | decided bubbles right (target ≥ 99.9 %) | rows to confirm |\n|---|---|---|---|---|---|',
);
for (const row of hardRows) console.log(`| ${row.join(' | ')} |`);
console.log('\n| mark | bubbles | left to the tutor | decided wrong |\n|---|---|---|---|');
for (const [kind, tally] of [...byKind].sort(([a], [b]) => a.localeCompare(b)))
  console.log(`| ${kind} | ${tally.total} | ${pct(tally.review, tally.total)} | ${tally.wrong} |`);
