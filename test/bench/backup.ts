// npm run bench -- backup: a heavy student's year (500 attempts with their questions, 5,000 notebook
// cards with their review log, 1,000 notes; no pack) beside a synced catalog of BENCH_QUESTIONS
// (50,000) questions. An automatic backup and an export with the catalog, timed and sized against
// a plain copy (fs.cp) and a plain zip (yazl, the same files, no manifest or hashes) in the same
// run. Where this is easier than the world: the files are synthetic JSON of realistic size, written
// just before (warm page cache, a quiet local disk), the catalog has no images (the sync skips them),
// and no exam writes while the backup runs.
import { createWriteStream } from 'node:fs';
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { takeBackup } from '../../main/core/backup/backup-folder.js';
import { exportData } from '../../main/core/backup/export.js';
import { restoreData } from '../../main/core/backup/restore.js';
import { selectFiles } from '../../main/core/backup/selection.js';
import { syncInto, unthrottledFake } from './catalog-fixture.js';
import { tempDir } from '../support/temp.js';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 50_000);
const ROUNDS = 3;

// Words drawn by a fixed LCG: text that compresses like prose (a repeated sentence would zip ~30:1).
const WORDS =
  'a o de que em para com uma função área triângulo velocidade energia célula governo século texto autor região população gráfico taxa razão valor equação reação ácido base mercado trabalho cidade rio clima solo'.split(
    ' ',
  );
let seed = 7;
const words = (count: number) =>
  Array.from({ length: count }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return WORDS[seed % WORDS.length] ?? 'a';
  }).join(' ');

const question = (n: number) => ({
  id: `q-${n}`,
  statement: `Enunciado ${n}: ${words(90)}`,
  alternatives: ['A', 'B', 'C', 'D', 'E'].map((letter, k) => ({ id: `${n}-${k}`, text: `${letter}) ${words(10)}` })),
  correctId: `${n}-2`,
  subject: 'matematica',
  images: [],
});

async function heavyStudent(dir: string) {
  await mkdir(join(dir, 'attempts'), { recursive: true });
  for (let a = 0; a < 500; a++) {
    const questions = Array.from({ length: 90 }, (_, k) => question(a * 90 + k));
    await writeFile(join(dir, 'attempts', `a-${a}.questions.json`), JSON.stringify({ questions }));
    const answers = questions.map((_, k) => ({ choice: k % 5, flagged: k % 7 === 0, eliminated: [k % 5], visits: 3 }));
    await writeFile(
      join(dir, 'attempts', `a-${a}.json`),
      JSON.stringify({ id: `a-${a}`, answers, startedAt: a, submittedAt: a + 1 }),
    );
  }
  const cards = Object.fromEntries(
    Array.from({ length: 5000 }, (_, n) => [
      `q-${n}`,
      { reason: 'wrong', due: n, stability: 3.2, difficulty: 5.1, reps: 6, lapses: 1, state: 2 },
    ]),
  );
  const log = Array.from({ length: 30_000 }, (_, n) => ({
    card: `q-${n % 5000}`,
    at: n * 60_000,
    grade: (n % 4) + 1,
    elapsedDays: n % 30,
  }));
  await writeFile(join(dir, 'notebook.json'), JSON.stringify({ version: 1, cards, log, captured: [] }));
  await writeFile(
    join(dir, 'notebook-questions.json'),
    JSON.stringify({ questions: Object.fromEntries(Array.from({ length: 5000 }, (_, n) => [`q-${n}`, question(n)])) }),
  );
  await writeFile(
    join(dir, 'notes.json'),
    JSON.stringify({
      notes: Object.fromEntries(Array.from({ length: 1000 }, (_, n) => [`q-${n}`, { text: words(40), updatedAt: n }])),
    }),
  );
}

async function plainZip(dir: string, files: string[], out: string) {
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream, createWriteStream(out));
  for (const file of files) zip.addBuffer(await readFile(join(dir, file)), file);
  zip.end();
  await done;
}

async function plainCopy(dir: string, files: string[], out: string) {
  for (const file of files) await cp(join(dir, file), join(out, file));
}

const size = async (path: string) => (await stat(path)).size;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const { dir, cleanup } = await tempDir('exam-bench-backup-');
const scratch = await tempDir('exam-bench-backup-out-');
const data = join(dir, 'data');
const api = await unthrottledFake(QUESTIONS);
await syncInto(data, api, 'vestibulares');
api.close();
await heavyStudent(data);

const rows: string[][] = [];
for (const [label, catalog] of [
  ['automatic backup (no catalog)', false],
  [`export --with-catalog (${QUESTIONS.toLocaleString('en')} questions)`, true],
] as const) {
  const files = await selectFiles(data, { catalog });
  const bytes = (await Promise.all(files.map((f) => size(join(data, f))))).reduce((a, b) => a + b, 0);
  const ours: number[] = [];
  const copies: number[] = [];
  const zips: number[] = [];
  let oursSize = 0;
  let zipSize = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const out = join(scratch.dir, `r${round}`);
    copies.push(await timed(() => plainCopy(data, files, join(out, 'copy'))));
    zips.push(await timed(() => plainZip(data, files, join(out, 'plain.zip'))));
    zipSize = await size(join(out, 'plain.zip'));
    let produced = join(out, 'export.zip');
    ours.push(
      await timed(async () => {
        if (catalog) await exportData(data, produced, { catalog: true });
        else produced = (await takeBackup(data, 'bench')).path;
      }),
    );
    oursSize = await size(produced);
    // The next round's automatic backup starts from an empty backups/ (no pruning in the figure).
    await rm(join(data, 'backups'), { recursive: true, force: true });
    await rm(out, { recursive: true, force: true });
  }
  rows.push([
    label,
    `${files.length} files, ${(bytes / 1e6).toFixed(1)} MB`,
    `${median(ours).toFixed(0)} ms, ${(oursSize / 1e6).toFixed(1)} MB`,
    `×${(median(ours) / median(copies)).toFixed(2)} of fs.cp (${median(copies).toFixed(0)} ms)`,
    `×${(median(ours) / median(zips)).toFixed(2)} of a plain zip (${median(zips).toFixed(0)} ms, ${(zipSize / 1e6).toFixed(1)} MB)`,
  ]);
}

// Restore of the export into a fresh folder, against copying the same files.
const exported = join(scratch.dir, 'export.zip');
await exportData(data, exported, { catalog: true });
const restores: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const target = join(scratch.dir, `restore-${round}`);
  restores.push(await timed(() => restoreData(target, exported, { mode: 'replace' })));
  await rm(target, { recursive: true, force: true });
}
const allFiles = await selectFiles(data, { catalog: true });
const copyAll = await timed(() => plainCopy(data, allFiles, join(scratch.dir, 'copy-all')));
rows.push([
  'restore of the export',
  '',
  `${median(restores).toFixed(0)} ms`,
  `×${(median(restores) / copyAll).toFixed(2)} of fs.cp (${copyAll.toFixed(0)} ms)`,
  '',
]);

console.log(
  `Backups: a heavy student's year beside ${QUESTIONS.toLocaleString('en')} questions (node ${process.version}, median of ${ROUNDS})\n`,
);
for (const row of rows) console.log(row.filter(Boolean).join(' | '));
await scratch.cleanup();
await cleanup();
