// The main process's services and the handler table behind every bridge channel.
// Pure Node: the Electron shell registers these handlers on ipcMain, the e2e
// harness on a Playwright binding; both go through `handle()` below, which
// validates arguments and turns every failure into a translated error code.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { KeyVault } from '../core/vault/vault.js';
import { openWorkspace } from '../core/workspace.js';
import { packNumbering, packOrigin } from '../core/packs/registry.js';
import { collectDiagnostics, createUpdates } from './desktop.js';
import { StorageNotices } from '../core/util/json-file.js';
import { isLoopbackHost } from '../core/util/net-policy.js';
import { createKeys } from './keys.js';
import { createSync } from './sync.js';
import { createCatalogHandlers } from './catalog.js';
import { createCache } from './cache.js';
import { Library } from './library.js';
import { createPackHandlers } from './packs.js';
import { createExamHandlers, examClock } from './exams.js';
import { ExamEngine, type PackOrigin } from '../core/exams/engine.js';
import { PaperExams } from '../core/paper/paper-exam.js';
import { ScanSessions } from '../core/paper/scan-sessions.js';
import { createPaperHandlers } from './paper.js';
import { Notebook } from '../core/notebook/notebook.js';
import { warningText } from '../core/exams/warning-text.js';
import { createNotebookHandlers, type NotebookDeps } from './notebook.js';
import { createFitter, type Fitter } from './notebook-fit.js';
import { createClassHandlers, offerResultFile } from './class.js';
import { RESULT_EXTENSION } from '../core/class/result-file.js';
import type { Handlers } from './types.js';
import { DecodingWorker } from '../core/worker/client.js';
import { Decoder } from '../core/worker/decoder.js';
import { forkWorker } from '../core/worker/node-spawn.js';
import { QuitSequence } from './quitting.js';
import { NotebookCapture, reviewReminder } from './notebook-capture.js';
import { MissedDeadlines, startExamTicker } from './exam-clockwork.js';
import { finishPendingReleases, releaseFinisher } from './releases.js';
import { toBridgeError } from './handle.js';
import { createAppHandlers } from './app-handlers.js';
import type { PackSource } from '../core/packs/reader.js';
import { OneAtATime } from '../core/util/one-at-a-time.js';
import { startBackups } from './backups.js';

/** The first exam start after launch as quick as any other: prepared once the first screen has had its answers. */
const EXAM_PREPARE_MS = 1500;
export type { Handlers } from './types.js';
import type { AppServices, ServiceOptions } from './service-api.js';
export type { AppServices, ServiceOptions } from './service-api.js';

export async function createAppServices(options: ServiceOptions): Promise<AppServices> {
  // Start-up reads the catalog's saved index and search, no question body (docs/architecture.md).
  // One list for every file set aside (settings and vault, opened before, report into it too).
  const storageNotices = options.notices ?? new StorageNotices();
  const workspace = await openWorkspace(options.dataDir, { notices: storageNotices });
  storageNotices.onReport = () => options.emit('app:notices', workspace.notices());
  const vault = new KeyVault(options.cipher, options.vaultStorage);
  const library = new Library(
    () => workspace.store,
    () => workspace.images,
    options.imageUrl,
  );
  /** The catalog changed (import, removal, sync, clearing): cached answers go, and open screens recount. */
  const catalogChanged = () => {
    library.invalidate();
    options.emit('catalog:changed', { questions: workspace.store.size });
  };

  // Opened before the image sweep: its questions' images are pinned like saved results'.
  const notebook = await Notebook.open(options.dataDir, workspace.storage);
  // Every screen that counts reviews (the menu's badge too) hears of each change, whatever made it.
  /** The memory model's background fit (set once the worker that runs it exists). */
  let fitter: Fitter | null = null;
  notebook.onChanged = () => {
    options.emit('notebook:changed', notebook.counts(clock.now()));
    fitter?.poke();
  };
  workspace.images.pin(notebook.images());
  const capture = new NotebookCapture({
    notebook,
    logger: options.logger,
    captured: () => {
      workspace.images.pin(notebook.images());
      fitter?.poke();
    },
  });
  const clock = examClock(options.examClockSpeed);
  const deadlines = new MissedDeadlines();
  const engine = await ExamEngine.open({
    dir: join(options.dataDir, 'attempts'),
    store: () => workspace.store,
    images: () => workspace.images,
    explanations: () => workspace.explanations,
    imageUrl: options.imageUrl,
    notices: workspace.storage.notices,
    clock,
    onSubmitted: (attemptId) => capture.submitted(attemptId),
    onWarning: (attemptId, minutesLeft) => options.emit('exam:warning', { attemptId, minutesLeft }),
    onDeadline: (attemptId) => {
      deadlines.reached(attemptId);
      options.emit('exam:submitted', { attemptId, by: 'deadline' });
    },
    onRunning: (exam) => {
      options.emit('exam:running', exam);
      // What the notebook shows changes with the lock (a running question's card is not there for now).
      notebook.onChanged?.();
    },
  });
  deadlines.open();
  // The notebook asks the key's one decision which cards are not there now (visibility.hiddenCards).
  notebook.hideWhile(() => engine.visibility.hiddenCards());
  const ticker = startExamTicker(() => engine, options.logger);
  const visibility = engine.visibility;
  const notebookDeps: NotebookDeps = {
    engine: () => engine,
    notebook: () => notebook,
    store: () => workspace.store,
    isLocked: (id) => visibility.isLocked(id),
    now: () => clock.now(),
    logger: options.logger,
    ready: () => capture.ready(),
  };
  capture.attach(notebookDeps, engine);
  // Every pin (images of saved results) is known once the engine has loaded: files nothing points
  // to any more can go. Never while a sync or an import writes images (the cache waits for them).
  const sweep = () =>
    workspace.images
      .sweep()
      .catch((error: unknown) => options.logger.error('image sweep failed', { error: String(error) }));
  const startupSweep = sweep();
  const imageHosts = async () => ({
    allowLocal: (await vault.status()).some((k) => k.baseUrl !== null && isLoopbackHost(new URL(k.baseUrl).hostname)),
  });
  const finishRelease = releaseFinisher({ workspace, engine, catchUp: () => capture.catchUp() });
  await finishPendingReleases(workspace, finishRelease);

  // Spawned on the first file from outside, and again after a crash; gone when idle.
  const decoder = new Decoder(new DecodingWorker(options.spawnWorker ?? forkWorker(), options.workerLimits));
  const readPack = (source: PackSource) => decoder.readPack(source);
  // Packs the OS handed over wait here as staged copies; a crash's leftovers go at the next start.
  const offersDir = join(options.dataDir, 'offers');
  const offers = new OneAtATime();
  await rm(offersDir, { recursive: true, force: true });
  fitter = createFitter({
    notebook,
    now: () => clock.now(),
    logger: options.logger,
    optimizer: () => Promise.resolve((histories) => decoder.fit(histories)),
  });
  fitter.poke();

  const packs = createPackHandlers({
    readPack,
    moodleToPack: (bytes, meta) => decoder.moodleToPack(bytes, meta),
    workspace: () => workspace,
    demoPackPath: options.demoPackPath,
    offersDir,
    changed: () => catalogChanged(),
    isLocked: (id) => visibility.isLocked(id),
    imageHosts,
    sweepImages: sweep,
    released: (id, payload) => finishRelease(id, payload),
    awaiting: (id) => engine.awaitingPack(id),
    toError: (error) => toBridgeError(error),
  });
  const packOf = (id: string): Promise<PackOrigin | null> => packOrigin(workspace, id);
  const paperExams = new PaperExams(join(options.dataDir, 'paper'), workspace.storage);
  const scanSessions = new ScanSessions(join(options.dataDir, 'paper', 'scans'), workspace.storage);

  const keys = createKeys({
    vault,
    workspace,
    logger: options.logger,
    ...(options.rateWindowMs && { rateWindowMs: options.rateWindowMs }),
  });
  const sync = createSync({
    workspace,
    clientFor: keys.clientFor,
    logger: options.logger,
    emit: options.emit,
    changed: catalogChanged,
  });
  const cache = createCache({
    dataDir: options.dataDir,
    workspace,
    logger: options.logger,
    attempts: async () => (await engine.history()).length,
    syncRunning: sync.isRunning,
    examRunning: () => visibility.examRunning(),
    sweepImages: sweep,
    changed: catalogChanged,
  });

  const updates = createUpdates({
    feed: options.updateFeed ?? null,
    settings: options.settings,
    examRunning: () => engine.running() !== null,
    version: options.version,
    emit: options.emit,
    restart: () => quitting.restartForUpdate(),
    unsigned: options.unsignedMac === true,
  });

  const handlers: Handlers = {
    ...updates.handlers,
    ...packs.handlers,
    ...createExamHandlers(() => engine, packOf),
    ...createNotebookHandlers(notebookDeps),
    ...createPaperHandlers({
      engine: () => engine,
      store: () => workspace.store,
      images: () => workspace.images,
      explanations: () => workspace.explanations,
      exams: () => paperExams,
      sessions: () => scanSessions,
      packOf,
      packNumbering: (id) => packNumbering(workspace, id),
      isLocked: (id) => visibility.isLocked(id),
      now: () => clock.now(),
      scan: (files, target) => decoder.scan(files, target),
    }),
    ...createClassHandlers({
      engine: () => engine,
      isLocked: (id) => visibility.isLocked(id),
      rememberName: async (studentName) => void (await options.settings.set({ studentName })),
      readPack,
      calibrate: (responses, link) => decoder.calibrate(responses, link),
      classReport: (pack, results) => decoder.classReport(pack, results),
    }),
    ...createAppHandlers({ options, workspace, engine: () => engine, deadlines }),
    ...keys.handlers,
    ...sync.handlers,
    ...createCatalogHandlers({ workspace, library, isLocked: (id) => visibility.isLocked(id) }),
    ...cache.handlers,
  };
  const backups = startBackups({ ...options, examRunning: () => engine.running() !== null });
  const preparing = setTimeout(() => void engine.prepare().catch(() => undefined), EXAM_PREPARE_MS);
  preparing.unref();

  // Once: the quit sequence closes the services before the shell (or a test) may ask again.
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= closeOnce());
  const closeOnce = async () => {
    clearTimeout(preparing);
    await sync.close();
    await ticker.stop();
    await engine.suspend();
    await capture.ready();
    // The decoder first: the job it runs and those queued (a scan, a fit behind it) end as refusals
    // at once, so quitting never waits on decoding; the fit's failure is logged, the model unchanged.
    await decoder.close();
    await fitter?.close();
    await notebook.settled();
    await packs.dropOffers();
    await backups.close();
    await workspace.close();
  };
  const quitting: QuitSequence = new QuitSequence({
    closeStarts: () => engine.closeStarts(),
    reopenStarts: () => engine.reopenStarts(),
    examRunning: () => engine.running() !== null,
    updates: updates.controller,
    closeServices: close,
    quit: options.quit ?? (() => undefined),
    logger: options.logger,
  });

  return {
    handlers,
    // One file at a time, however many the OS hands over at once: at most one is being read.
    offerFile: (path) =>
      void offers.run(async () => {
        if (path.toLowerCase().endsWith(RESULT_EXTENSION))
          options.emit('class:open-request', await offerResultFile(path, (bytes) => decoder.readResult(bytes)));
        else options.emit('packs:open-request', await packs.offer(path));
      }),
    workspace: () => workspace,
    visibility,
    decoder,
    warningNotice: async (minutesLeft) => warningText((await options.settings.get()).language, minutesLeft),
    reviewReminder: (at) =>
      reviewReminder({ settings: () => options.settings.get(), notebook, capture, now: at ?? clock.now() }),
    updates: updates.controller,
    quitting,
    logger: options.logger,
    diagnostics: () =>
      collectDiagnostics({
        dataDir: options.dataDir,
        version: options.version,
        shell: options.shell,
        vault,
        cacheInfo: cache.info,
        notebookCards: () => notebook.counts(clock.now()).total,
        paperExams: async () => (await paperExams.list()).length,
        examRunning: () => engine.running() !== null,
        now: () => clock.now(),
      }),
    settled: () => startupSweep.then(() => undefined),
    close,
  };
}
