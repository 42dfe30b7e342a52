// The main process's services alone in this process (no window: what Electron's main holds, less
// Electron itself), driven through the handler table as the renderer would. Prints one JSON line:
// RSS after launch, after a search, after a 90-question exam, and the timings of the way there.
// Run by test/bench/memory.ts, once on the cached catalog and once on an empty profile.
import { nodeServices } from '../support/node-services.js';
import type { Args, Channel, Responses } from '../../preload/contract.js';

const dataDir = process.argv[2] ?? '';
const started = performance.now();
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
/** What V8 and Node hold (heap in use, buffers): unlike RSS, not moved by pages the collector keeps. */
const held: number[] = [];
const settle = async () => {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  const usage = process.memoryUsage();
  held.push(usage.heapUsed + usage.external);
  return usage.rss;
};

const services = await nodeServices({ dataDir });
const servicesMs = performance.now() - started;
const call = <C extends Channel>(channel: C, args: Args<C>): Promise<Responses[C]> => services.handlers[channel](args);

const page = await call('catalog:query', { filter: {}, offset: 0, limit: 60 });
const firstRowMs = performance.now() - started;
const search = await call('catalog:query', { filter: { text: 'revolução industrial' }, offset: 0, limit: 60 });
const firstSearchMs = performance.now() - started;
const launched = await settle();
await call('catalog:query', { filter: { text: 'funcao' }, offset: 0, limit: 60 });
const searched = await settle();

// A student looks at the library before starting: the app rehearses a start while idle (1.5 s).
if (!process.argv.includes('--no-idle')) await new Promise((resolve) => setTimeout(resolve, 2500));
// Exam starts: the first after launch and the median of the next ones, each submitted.
const startTimes: number[] = [];
let examRss = searched;
let examOk = page.total >= 90;
for (let round = 0; examOk && round < 8; round++) {
  const t = performance.now();
  const state = await call('exam:start', {
    request: { count: 90 },
    settings: { title: 'Bench', mode: 'timed', timeLimitMinutes: 300, strict: false, seed: round + 1 },
  }).catch(() => null);
  if (!state) {
    examOk = false;
    break;
  }
  startTimes.push(performance.now() - t);
  for (const q of state.questions.slice(0, 45))
    await call('exam:answer', { attemptId: state.attemptId, index: q.index, choice: 0 });
  if (round === 0) examRss = await settle();
  await call('exam:submit', { attemptId: state.attemptId });
}
const submitted = await settle();
const sorted = [...startTimes.slice(1)].sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    questions: page.total,
    searchHits: search.total,
    servicesMs,
    firstRowMs,
    firstSearchMs,
    rss: { launched, searched, exam: examRss, submitted },
    held: { launched: held[0] ?? 0, submitted: held[held.length - 1] ?? 0 },
    examStart: examOk
      ? { first: startTimes[0] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: Math.max(...startTimes) }
      : null,
  })}\n`,
);
await services.close();
process.exit(0);
