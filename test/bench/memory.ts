// npm run bench -- memory: what the main process holds with the whole catalog cached, as a
// multiple of the catalog's bytes on disk, each over an empty profile measured the same way in
// the same run. The services run in a child process of their own (memory-main.ts), as main does.
import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { syncInto, unthrottledFake } from './catalog-fixture.js';
import { tempDir } from '../support/temp.js';
import { CLI_TARGET, MAIN_TARGET, WORKER_TARGET } from '../../scripts/cli-target.mjs';

const run = promisify(execFile);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 50_000);
/** The smallest catalog the bench's exams (90 questions) run on. */
const SMALL_QUESTIONS = 300;
const MB = 1024 * 1024;

interface MainFigures {
  questions: number;
  searchHits: number;
  firstRowMs: number;
  firstSearchMs: number;
  rss: { launched: number; searched: number; exam: number; submitted: number };
  /** Heap in use + buffers after a forced collection. */
  held: { launched: number; submitted: number };
  examStart: { first: number; median: number; max: number } | null;
}

/**
 * The services bundled as the app's main is (scripts/cli-target.mjs): run from source through tsx,
 * every module was compiled as it loaded, and work the app never does sat inside the timings (until
 * 2026-11-29, ~25 ms of the empty profile's start, which the full profile's reads hid). Beside
 * out/main, so it finds the worker's bundle and the repository as node-services expects.
 */
const MAIN_BUNDLE = 'out/bench/memory-main.mjs';

async function mainProcess(dataDir: string, idle = true): Promise<MainFigures> {
  const { stdout } = await run(
    process.execPath,
    ['--expose-gc', MAIN_BUNDLE, dataDir, ...(idle ? [] : ['--no-idle'])],
    { maxBuffer: 16 * MB, env: { ...process.env, EXAM_PRACTICE_LOG_LEVEL: 'error' } },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as MainFigures;
}

async function cliStatsPeak(dataDir: string, out: string): Promise<number> {
  await run(
    process.execPath,
    ['--import', resolve('test/bench/rss-on-exit.mjs'), 'out/cli/index.js', 'stats', '--data-dir', dataDir],
    { maxBuffer: 16 * MB, env: { ...process.env, RSS_OUT: out } },
  );
  return Number(await readFile(out, 'utf8')) * 1024;
}

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) total += (await stat(join(dir, name))).size;
  return total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(`Memory on ${QUESTIONS.toLocaleString('en')} questions (node ${process.version}, ${process.platform})\n`);
await Promise.all(
  [
    CLI_TARGET,
    WORKER_TARGET,
    { ...MAIN_TARGET, entryPoints: ['test/bench/memory-main.ts'], outfile: MAIN_BUNDLE, external: ['electron'] },
  ].map((target: esbuild.BuildOptions) => esbuild.build({ ...target, bundle: true, logLevel: 'error' })),
);
const api = await unthrottledFake(QUESTIONS);
const full = await tempDir('exam-memory-');
const empty = await tempDir('exam-memory-empty-');
await syncInto(full.dir, api, 'vestibulares');
api.close();
// The empty profile cannot start a 90-question exam, so over it the exam rows also count what any
// exam costs (the code it runs paged in, the young generation's pages it touches, its history).
// The fewest questions that run the same exams are the exam rows' second baseline.
const smallApi = await unthrottledFake(SMALL_QUESTIONS);
const small = await tempDir('exam-memory-small-');
await syncInto(small.dir, smallApi, 'vestibulares');
smallApi.close();
const catalog = join(full.dir, 'catalog');
const chunkBytes = await bytesUnder(join(catalog, 'chunks'));
const indexBytes = (await stat(join(catalog, 'index.json'))).size;
const searchBytes = (await stat(join(catalog, 'search.bin'))).size;
// Each launch on its own copy of the synced profile: a launch submits eight exams, and the next
// one on the same folder would also load their history and the notebook they fed, which the
// empty profile never has (until 2026-11-28 the second and third launches did: 30-40 ms of their
// start and some of their memory were that history, counted as the catalog's).
const copies = await tempDir('exam-memory-copies-');
let copied = 0;
async function freshCopy(dir: string): Promise<string> {
  const copy = join(copies.dir, String(copied++));
  await cp(dir, copy, { recursive: true });
  return copy;
}
// Five runs of each, alternating, medians: this machine is shared, and RSS moves by up to 10 MB
// between runs of the same code (with three, one run's pages moved a median by 0.1).
const fulls: MainFigures[] = [];
const empties: MainFigures[] = [];
const smalls: MainFigures[] = [];
for (let i = 0; i < 5; i++) {
  empties.push(await mainProcess(await freshCopy(empty.dir)));
  smalls.push(await mainProcess(await freshCopy(small.dir)));
  fulls.push(await mainProcess(await freshCopy(full.dir)));
}
const rssOver = (key: keyof MainFigures['rss'], base = empties) =>
  median(fulls.map((f) => f.rss[key])) - median(base.map((e) => e.rss[key]));
const smallChunkBytes = await bytesUnder(join(small.dir, 'catalog', 'chunks'));
if (smalls.some((f) => !f.examStart)) throw new Error(`the ${SMALL_QUESTIONS}-question profile did not run its exams`);
const scratch = await tempDir('exam-memory-rss-');
await mkdir(scratch.dir, { recursive: true });
const statsFull: number[] = [];
const statsEmpty: number[] = [];
for (let i = 0; i < 3; i++) {
  statsEmpty.push(await cliStatsPeak(empty.dir, join(scratch.dir, `e${i}`)));
  statsFull.push(await cliStatsPeak(full.dir, join(scratch.dir, `f${i}`)));
}
// The plain parse of the index (read + JSON.parse, in a fresh process as the app's start is): what
// the first page is measured against.
const parses: number[] = [];
for (let i = 0; i < 3; i++) {
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    'test/bench/index-parse.ts',
    join(catalog, 'index.json'),
  ]);
  parses.push(Number(stdout.trim()));
}
const parseMs = median(parses);

const rows: string[][] = [];
const ratio = (bytes: number) => (bytes / chunkBytes).toFixed(2);
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
for (const [label, key] of [
  ['main: RSS over empty profile, after launch', 'launched'],
  ['main: … after a search', 'searched'],
  ['main: … during a 90-question exam', 'exam'],
  ['main: … after submitting it', 'submitted'],
] as [string, keyof MainFigures['rss']][]) {
  rows.push([label, mb(rssOver(key)), `catalog ${mb(chunkBytes)} on disk`, ratio(rssOver(key)), '≤ 0.50']);
}
for (const [label, key] of [
  [`main: RSS over a ${SMALL_QUESTIONS}-question profile running the same exams, during the first`, 'exam'],
  ['main: … after submitting eight', 'submitted'],
] as [string, keyof MainFigures['rss']][]) {
  rows.push([
    label,
    mb(rssOver(key, smalls)),
    `its catalog ${(smallChunkBytes / 1024).toFixed(0)} KB`,
    ratio(rssOver(key, smalls)),
    '≤ 0.50',
  ]);
}
const heldOver = (key: keyof MainFigures['held']) =>
  median(fulls.map((f) => f.held[key])) - median(empties.map((e) => e.held[key]));
rows.push([
  'main: heap + buffers over empty profile, after launch',
  mb(heldOver('launched')),
  `catalog ${mb(chunkBytes)} on disk`,
  ratio(heldOver('launched')),
  'reported',
]);
rows.push(['main: … after submitting', mb(heldOver('submitted')), '', ratio(heldOver('submitted')), 'reported']);
const statsOver = median(statsFull) - median(statsEmpty);
rows.push([
  'cli stats: peak RSS over empty folder',
  mb(statsOver),
  `catalog ${mb(chunkBytes)}`,
  ratio(statsOver),
  '≤ 0.50',
]);
const firstRow = median(fulls.map((f) => f.firstRowMs));
const firstSearch = median(fulls.map((f) => f.firstSearchMs));
// What the catalog adds to a start: the same start on an empty profile is subtracted.
const catalogPart = firstRow - median(empties.map((e) => e.firstRowMs));
rows.push([
  'main: start to the first library page',
  `${firstRow.toFixed(0)} ms`,
  `empty profile ${(firstRow - catalogPart).toFixed(0)} ms`,
  '',
  'reported',
]);
rows.push([
  '… of which the catalog (over the empty profile)',
  `${catalogPart.toFixed(0)} ms`,
  `${parseMs.toFixed(0)} ms read + JSON.parse of index.json`,
  (catalogPart / parseMs).toFixed(2),
  '≤ 2.00',
]);
rows.push([
  'main: start to the first search answer',
  `${firstSearch.toFixed(0)} ms`,
  `${(firstSearch - firstRow).toFixed(0)} ms after the first page`,
  '',
  '≤ 1000 ms',
]);
const starts = fulls.flatMap((f) => (f.examStart ? [f.examStart] : []));
const hurried = [
  await mainProcess(await freshCopy(full.dir), false),
  await mainProcess(await freshCopy(full.dir), false),
].flatMap((f) => (f.examStart ? [f.examStart.first] : []));
rows.push([
  'exam start, 90 questions: first after launch',
  `${median(starts.map((s) => s.first)).toFixed(0)} ms`,
  'median of 3 launches, 2.5 s after the library',
  '',
  '≤ 300 ms',
]);
rows.push([
  '… the first with no idle time (not rehearsed yet)',
  `${Math.max(...hurried).toFixed(0)} ms`,
  'the slower of 2 launches',
  '',
  '≤ 300 ms',
]);
rows.push([
  'exam start, 90 questions: the next seven',
  `${median(starts.map((s) => s.median)).toFixed(0)} ms median`,
  `max ${Math.max(...starts.map((s) => s.max)).toFixed(0)} ms`,
  '',
  '≤ 300 ms',
]);
rows.push(['on disk: index.json + search.bin', `${mb(indexBytes)} + ${mb(searchBytes)}`, '', '', 'reported']);
rows.push([
  'search hits for "revolução industrial"',
  String(fulls[0]?.searchHits ?? 0),
  `${fulls[0]?.questions ?? 0} questions`,
  '',
  'reported',
]);

const header = ['measure', 'value', 'baseline', 'ratio', 'target'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line(row));
await Promise.all([
  copies.cleanup(),
  full.cleanup(),
  empty.cleanup(),
  small.cleanup(),
  scratch.cleanup(),
  rm(scratch.dir, { recursive: true, force: true }),
]);
