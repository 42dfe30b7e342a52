// A child process for the kill -9 tests (test/integration/crash.test.ts): it writes
// through the real storage code and prints a line per acknowledged step, so the
// parent can kill it at any moment and check that nothing acknowledged was lost
// and nothing is half-visible. Bundled with esbuild so that it starts in ~100 ms.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CatalogStore } from '../../main/core/catalog/store.js';
import { importPack, removePack } from '../../main/core/packs/registry.js';
import { runSync } from '../../main/core/sync/engine.js';
import { openWorkspace } from '../../main/core/workspace.js';
import { Notebook } from '../../main/core/notebook/notebook.js';
import { notebookQuestion } from './questions.js';
import { groupOps } from './crash-ops.js';
import { openEngineIn } from './engine.js';
import { handle } from '../../main/app/handle.js';
import { nodeServices } from './node-services.js';
import { fromMoodleXml, MoodleError } from '../../main/core/packs/moodle.js';
import { ScanSessions } from '../../main/core/paper/scan-sessions.js';
import { scanBatchSheets, SCAN_BATCH_CODE } from './crash-ops.js';
import { restoreData } from '../../main/core/backup/restore.js';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function attempt(dir: string, firstGroup: number) {
  const store = await CatalogStore.open(join(dir, 'catalog'));
  const engine = await openEngineIn(dir, store);
  // The ticker saves too (heartbeats, warnings): keep it busy, as in the app but faster.
  setInterval(() => void engine.tick().catch(() => undefined), 1);
  const state =
    (await engine.current()) ??
    (await engine.start(
      { count: 12 },
      { title: 'crash', mode: 'timed', timeLimitMinutes: 600, strict: true, warnings: [], seed: 1 },
    ));
  say(`READY ${state.attemptId}`);
  for (let g = firstGroup; ; g++) {
    say(`SEND ${g}`);
    await Promise.all(
      groupOps(g, state.questions.length).map(async (op, k) => {
        if (op.kind === 'answer') await engine.answer(state.attemptId, op.index, op.value);
        else if (op.kind === 'flag') await engine.flag(state.attemptId, op.index, op.value);
        else await engine.eliminate(state.attemptId, op.index, op.choice, op.value);
        say(`ACK ${g} ${k}`);
      }),
    );
    // And a visit racing the next group, as the exam screen fires it without waiting.
    void engine.visit(state.attemptId, g % state.questions.length).catch(() => undefined);
  }
}

async function sync(dir: string, baseUrl: string) {
  const workspace = await openWorkspace(dir);
  const client = workspace.client({ product: 'vestibulares', baseUrl, apiKey: process.env.EXAM_API_KEY ?? '' });
  say('READY');
  await runSync(
    { product: 'vestibulares' },
    { client, store: workspace.store, images: workspace.images, state: workspace.state, currentYear: 2026 },
  );
  await workspace.close();
  say('DONE');
}

async function importOne(dir: string, file: string) {
  const workspace = await openWorkspace(dir);
  say('READY');
  await importPack(workspace, await readFile(file));
  say('DONE');
  await workspace.close();
}

async function removeOne(dir: string, id: string) {
  const workspace = await openWorkspace(dir);
  say('READY');
  await removePack(workspace, id);
  say('DONE');
  await workspace.close();
}

/** Notebook writes three at a time (a card added, a note, a review), each acknowledged once durable. */
async function notebook(dir: string, firstGroup: number) {
  const book = await Notebook.open(dir);
  say('READY');
  for (let g = firstGroup; ; g++) {
    say(`SEND ${g}`);
    await Promise.all([
      book.add(notebookQuestion(g), 'api:enem', Date.now()).then(() => say(`ACK ${g} add`)),
      book.setNote(`q${g % 7}`, `nota ${g}`, Date.now()).then(() => say(`ACK ${g} note`)),
      book
        .review(`q${Math.max(0, g - 1)}`, ((g % 4) + 1) as 1 | 2 | 3 | 4, Date.now(), { attemptId: 'crash', index: g })
        .then(() => say(`ACK ${g} review`)),
    ]);
  }
}

/**
 * A tutor's scan batch under load: per group, a decision on an ungraded sheet and a grading of
 * another, overlapping (as the screen's autosave and a grading do), each acknowledged once durable.
 */
async function scanBatch(dir: string, firstGroup: number) {
  const sessions = new ScanSessions(dir);
  if (!(await sessions.get(SCAN_BATCH_CODE)))
    await sessions.addScan(SCAN_BATCH_CODE, { sheets: scanBatchSheets(), refused: [] }, Date.now());
  say('READY');
  for (let g = firstGroup; ; g++) {
    say(`SEND ${g}`);
    const reviewed = 1 + (g % 5);
    await Promise.all([
      sessions
        .saveReviews(
          SCAN_BATCH_CODE,
          [{ sheet: reviewed, student: `aluno ${g}`, version: 1, language: null, decided: {} }],
          Date.now(),
        )
        .then(() => say(`ACK ${g} review`)),
      sessions
        .markGraded(SCAN_BATCH_CODE, 6 + (g % 5), { attemptId: `a${g}`, correct: g % 10, total: 10 }, Date.now())
        .then(() => say(`ACK ${g} graded`)),
    ]);
  }
}

/** Imports one pack and reports how it ended, its peak memory and its time (the oversized-pack test). */
async function importMeasured(dir: string, file: string) {
  const started = performance.now();
  const workspace = await openWorkspace(dir);
  let error: string | null = null;
  try {
    await importPack(workspace, await readFile(file));
  } catch (caught) {
    error = caught instanceof Error ? (caught.message.split(':')[0] ?? 'error') : 'error';
  }
  await workspace.close();
  const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  say(JSON.stringify({ error, maxRssMb, ms: Math.round(performance.now() - started) }));
}

/** Reads one Moodle XML file and reports how it ended, its questions, peak memory and time. */
async function moodleMeasured(file: string) {
  const bytes = await readFile(file);
  const started = performance.now();
  let error: string | null = null;
  let questions = 0;
  let uniqueIds = 0;
  try {
    const imported = await fromMoodleXml(bytes);
    questions = imported.content.questions.length;
    uniqueIds = new Set(imported.content.questions.map((q) => q.id)).size;
  } catch (caught) {
    error = caught instanceof MoodleError ? caught.code : `uncaught ${String(caught)}`;
  }
  const ms = Math.round(performance.now() - started);
  const maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  say(JSON.stringify({ error, questions, uniqueIds, maxRssMb, ms }));
}

/** Releases a sealed pack through the bridge's handler, as the student's click does. */
async function release(dir: string, id: string, code: string) {
  const services = await nodeServices({ dataDir: dir });
  say('READY');
  const result = await handle(services.handlers, 'packs:release', { id, code });
  say(result.ok ? 'DONE' : `FAILED ${result.error.code}`);
  await services.close();
}

/** Restores two backups in turn, forever: the parent kills it mid-restore (backup-crash.test.ts). */
async function restoreLoop(dir: string, files: string[]) {
  say('READY');
  for (let n = 0; ; n++) {
    const file = files[n % files.length] ?? '';
    await restoreData(dir, file, { mode: 'replace', beforeSwap: async () => void say(`SWAP ${n}`) });
    say(`DONE ${n}`);
  }
}

const [mode, dir = '', arg = '', extra = ''] = process.argv.slice(2);
if (mode === 'attempt') await attempt(dir, Number(arg));
else if (mode === 'sync') await sync(dir, arg);
else if (mode === 'import') await importOne(dir, arg);
else if (mode === 'remove') await removeOne(dir, arg);
else if (mode === 'notebook') await notebook(dir, Number(arg));
else if (mode === 'scan-batch') await scanBatch(dir, Number(arg));
else if (mode === 'import-measured') await importMeasured(dir, arg);
else if (mode === 'release') await release(dir, arg, extra);
else if (mode === 'moodle-measured') await moodleMeasured(dir);
else if (mode === 'restore') await restoreLoop(dir, [arg, extra]);
else throw new Error(`unknown mode ${mode}`);
