// npm run bench: ratios against baselines measured in the same run (never absolute
// timings in tests). Prints a table; docs/performance.md records the figures.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CatalogStore } from '../../main/core/catalog/store.js';
import { WRITABLE_SILENT } from '../../main/core/util/storage.js';
import { queryCatalog, type CatalogQuery } from '../../main/core/catalog/query.js';
import { startFakeApi, type FakeApi } from '../fake-api/server.js';
import { syncInto, unthrottledFake } from './catalog-fixture.js';
import { launchApp } from '../support/launch-app.js';
import { tempDir } from '../support/temp.js';

// `npm run bench -- <name>`: one bench alone. notebook: the schedule's simulation (figures, no
// timings); omr: answer sheets from the full synthetic scan corpus; tri: the class TRI's recovery by
// class size; memory: main's memory with the whole catalog cached, launch and exam start;
// scan-memory: main's memory and stalls while a class's scans are read; class: a 1,000-file class
// report's stall in main and its TRI's time against its budget; backup: a heavy student's backup,
// export and restore against a plain copy and a plain zip (docs/backup.md).
const ALONE: Record<string, string> = {
  notebook: './notebook.js',
  omr: './omr.js',
  tri: './tri.js',
  memory: './memory.js',
  'scan-memory': './scan-memory.js',
  class: './class.js',
  backup: './backup.js',
};
const alone = Object.keys(ALONE).find((name) => process.argv.includes(name));
if (alone) {
  await import(ALONE[alone] ?? '');
  process.exit(0);
}

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 50_000);
const rows: { measure: string; value: string; baseline: string; ratio: string; target: string }[] = [];
const ms = (n: number) => `${n.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
}

/** Baseline: the same pages fetched one after another and JSON.parse'd, nothing else. */
async function bareFetch(api: Pick<FakeApi, 'baseUrl' | 'keys'>): Promise<number> {
  const headers = { 'X-API-Key': api.keys.vestibulares };
  const [, elapsed] = await timed(async () => {
    await (await fetch(`${api.baseUrl}/v1/vestibulares/exams`, { headers })).text().then(JSON.parse);
    for (let page = 1; page <= Math.ceil(QUESTIONS / 100); page++) {
      const body = await (
        await fetch(`${api.baseUrl}/v1/vestibulares/questions?limit=100&page=${page}`, { headers })
      ).text();
      JSON.parse(body);
    }
  });
  return elapsed;
}

console.log(
  `Benchmark on ${QUESTIONS.toLocaleString('en')} questions (node ${process.version}, ${process.platform})\n`,
);

// 1 + 2: requests and wall time of a full sync vs the bare fetch baseline.
const api = await unthrottledFake(QUESTIONS);
const { dir, cleanup } = await tempDir('exam-bench-');
await bareFetch(api); // warm-up: the fake's first pass builds its caches
await api.clearLog();
// The first sync fills `dir` (used below for the cache and UI measures) and counts the requests.
const { report, syncMs: firstMs, closeMs } = await syncInto(dir, api, 'vestibulares');
const requests = (await api.log()).filter((r) => r.path.startsWith('/v1/')).length;
// This machine is noisy: each round is a baseline then a sync into a fresh folder, back to back,
// and the median of the per-round ratios is reported (five rounds: with three, one slow round in
// a run moved the median by up to 0.1).
const ratios: number[] = [];
const syncTimes: number[] = [firstMs];
const baselines: number[] = [];
for (let round = 0; round < 5; round++) {
  const base = await bareFetch(api);
  const fresh = await tempDir('exam-bench-round-');
  const { syncMs: roundMs } = await syncInto(fresh.dir, api, 'vestibulares');
  await fresh.cleanup();
  baselines.push(base);
  syncTimes.push(roundMs);
  ratios.push(roundMs / base);
}
const syncMs = median(syncTimes);
const baseline = median(baselines);
const minimum = Math.ceil(QUESTIONS / 100) + 1;
rows.push({
  measure: 'requests, full vestibulares sync',
  value: String(requests),
  baseline: `${minimum} (ceil(n/100)+1)`,
  ratio: (requests / minimum).toFixed(2),
  target: '1.00',
});
rows.push({
  measure: 'sync wall time (no images)',
  value: `${ms(syncMs)} median`,
  baseline: `${ms(baseline)} bare fetch+parse, median`,
  ratio: `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  target: '≤ 1.20',
});
rows.push({
  measure: 'summary index written after the sync',
  value: ms(closeMs),
  baseline: '',
  ratio: '',
  target: 'reported',
});
if (report.questions !== QUESTIONS) throw new Error(`sync stored ${report.questions} of ${QUESTIONS}`);

// 4: opening the catalog: from its saved index (every start but the first after a change) against
// a plain JSON.parse of index.json, and from the chunks alone (no index: rebuilt) against a plain
// read + JSON.parse of the chunks; then query latency.
const catalogDir = join(dir, 'catalog');
const chunkDir = join(catalogDir, 'chunks');
const files = (await readdir(chunkDir)).filter((f) => f.endsWith('.json'));
const loads: number[] = [];
const indexParses: number[] = [];
for (let i = 0; i < 3; i++) {
  indexParses.push(
    (await timed(async () => JSON.parse(await readFile(join(catalogDir, 'index.json'), 'utf8')) as unknown))[1],
  );
  loads.push((await timed(() => CatalogStore.open(catalogDir)))[1]);
}
rows.push({
  measure: 'open the catalog (fresh index)',
  value: ms(median(loads)),
  baseline: `${ms(median(indexParses))} read+JSON.parse of index.json`,
  ratio: (median(loads) / median(indexParses)).toFixed(2),
  target: '≤ 2.00',
});
{
  const parses: number[] = [];
  const scans: number[] = [];
  const { rename } = await import('node:fs/promises');
  for (let i = 0; i < 2; i++) {
    parses.push(
      (
        await timed(async () =>
          Promise.all(files.map(async (f) => JSON.parse(await readFile(join(chunkDir, f), 'utf8')) as unknown)),
        )
      )[1],
    );
    await rename(join(catalogDir, 'index.json'), join(catalogDir, 'index.json.aside'));
    scans.push((await timed(() => CatalogStore.open(catalogDir, { ...WRITABLE_SILENT, readOnly: true })))[1]);
    await rename(join(catalogDir, 'index.json.aside'), join(catalogDir, 'index.json'));
  }
  rows.push({
    measure: 'open from the chunks (index absent: rebuilt)',
    value: ms(median(scans)),
    baseline: `${ms(median(parses))} read+JSON.parse of the chunks`,
    ratio: (median(scans) / median(parses)).toFixed(2),
    target: 'reported',
  });
}
const store = await CatalogStore.open(join(dir, 'catalog'));
const sample = [...store.all()][123];
for (const [label, query] of [
  ['query: year + difficulty', { year: sample?.year ?? 2015, difficulty: sample?.difficulty ?? 'hard' }],
  ['query: subject + text', { subjectId: sample?.q.subject.id ?? '', text: 'função' }],
  ['query: text, cold (first search)', { text: 'revolução industrial' }],
] as [string, CatalogQuery][]) {
  const times: number[] = [];
  for (let i = 0; i < 15; i++) times.push((await timed(() => queryCatalog(store, query)))[1]);
  rows.push({
    measure: label,
    value: `${median(times).toFixed(1)} ms median`,
    baseline: `${store.size} questions`,
    ratio: '',
    target: 'interactive',
  });
}
const rss = process.resourceUsage().maxRSS / 1024;
rows.push({
  measure: 'peak RSS (sync + load + queries)',
  value: `${rss.toFixed(0)} MB`,
  baseline: '',
  ratio: '',
  target: 'reported',
});
api.close();

// 3: a tight per-minute limit with a short window: time vs the theoretical bound, zero 429s.
{
  const windowMs = 500;
  const limit = 20;
  const limitedApi = await startFakeApi({
    questions: 5_000,
    seed: 2,
    ratePerMinute: limit,
    windowMs,
    retryAfter: windowMs / 1000,
  });
  const limited = await tempDir('exam-bench-rl-');
  const { report: limitedReport, syncMs: limitedMs } = await syncInto(
    limited.dir,
    limitedApi,
    'vestibulares',
    windowMs,
  );
  const made = limitedApi.log.filter((r) => r.path.startsWith('/v1/')).length;
  const bound = Math.ceil(made / limit) * windowMs;
  const refused = limitedApi.log.filter((r) => r.status === 429).length;
  rows.push({
    measure: `rate-limited sync (${limit}/window of ${windowMs} ms)`,
    value: `${ms(limitedMs)}, ${refused} × 429`,
    baseline: `${ms(bound)} = ceil(${made}/${limit}) windows`,
    ratio: (limitedMs / bound).toFixed(2),
    target: '≤ 1.10, zero 429',
  });
  if (limitedReport.status !== 'done') throw new Error('rate-limited sync did not finish');
  await limitedApi.close();
  await limited.cleanup();
}

// UI: launch to an interactive library and to the first search answer, and filter to render, with
// the 50k cache. The baseline is a plain parse of the catalog's index, the least a start must read.
{
  const indexText = await readFile(join(catalogDir, 'index.json'), 'utf8');
  const [, parseMs] = await timed(() => Promise.resolve(JSON.parse(indexText) as unknown));
  const launch = () =>
    timed(async () => {
      const handle = await launchApp({ dataDir: dir });
      await handle.page.getByTestId('question-row').first().waitFor({ timeout: 60_000 });
      return handle;
    });
  // Three launches; the median is reported. Each searches the moment the first row shows.
  const launches: number[] = [];
  const searches: number[] = [];
  let last: Awaited<ReturnType<typeof launchApp>> | undefined;
  for (let i = 0; i < 3; i++) {
    const [handle, elapsed] = await launch();
    launches.push(elapsed);
    const [, searchMs] = await timed(async () => {
      await handle.page.getByTestId('filter-text').fill('revolução industrial');
      await handle.page
        .getByTestId('question-row')
        .first()
        .filter({ hasText: /revolução industrial/i })
        .waitFor({ timeout: 60_000 });
    });
    searches.push(searchMs);
    if (i < 2) await handle.close();
    else last = handle;
  }
  const app = last;
  if (!app) throw new Error('no launch');
  const launchMs = median(launches);
  rows.push({
    measure: 'launch to interactive library (harness)',
    value: `${ms(launchMs)} median`,
    baseline: `${ms(parseMs)} JSON.parse of index.json`,
    ratio: (launchMs / parseMs).toFixed(2),
    target: 'reported (Chromium included)',
  });
  rows.push({
    measure: 'first search answer after the library shows (harness)',
    value: `${ms(median(searches))} median`,
    baseline: `typed at once, ${QUESTIONS} questions`,
    ratio: '',
    target: '≤ 1000 ms',
  });
  const filterTimes: number[] = [];
  for (const year of [2012, 2015, 2019, 2021, 2023]) {
    const [, elapsed] = await timed(async () => {
      await app.page.getByTestId('filter-year').selectOption(String(year));
      await app.page
        .locator(`[data-testid="question-row"]`)
        .first()
        .filter({ hasText: String(year) })
        .waitFor();
    });
    filterTimes.push(elapsed);
  }
  rows.push({
    measure: 'filter to render (year), harness',
    value: `${median(filterTimes).toFixed(0)} ms median`,
    baseline: '',
    ratio: '',
    target: 'interactive',
  });
  await app.close();
}
await cleanup();

const widths = ['measure', 'value', 'baseline', 'ratio', 'target'].map((key) =>
  Math.max(key.length, ...rows.map((row) => String(row[key as keyof (typeof rows)[number]]).length)),
);
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(line(['measure', 'value', 'baseline', 'ratio', 'target']));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line([row.measure, row.value, row.baseline, row.ratio, row.target]));
process.exit(0);
