// Main's side of the decoding worker: one job at a time, a time limit per page (or per job), a cap
// on the worker's resident memory, and a fresh process after any crash. However a job ends, it
// ends as a value: main's event loop only ever waits on messages, never on a decoder.
import { readFileSync } from 'node:fs';
import type { PageOutcome } from '../paper/scan/scan.js';
import type { FromWorker, JobValues, ToWorker, WorkerFailure, WorkerJob } from './protocol.js';
import { OneAtATime } from '../util/one-at-a-time.js';
import { checkedMessage } from './answers.js';

/** A running worker process, whichever kind (utilityProcess, child_process.fork). */
export interface WorkerHandle {
  readonly pid: number | undefined;
  send(message: ToWorker): void;
  onMessage(listener: (message: FromWorker) => void): void;
  /** Called once when the process is gone; `stderr` is the tail of what it wrote (a V8 out-of-memory says so). */
  onExit(listener: (exit: { code: number | null; signal: string | null; stderr: string }) => void): void;
  kill(): void;
}

export type SpawnWorker = () => WorkerHandle;

export interface WorkerLimits {
  /** Resident memory past which the worker is killed and the file refused as too large. */
  maxRssBytes: number;
  /** Time to open a scanned file or read one of its pages. */
  pageMs: number;
  /** A whole scanned file's time: forty sheets read in about fifteen seconds here. */
  fileMs: number;
  /** Time for any other job (a pack, Moodle XML, a result file, a class's files analysed). */
  jobMs: number;
  /**
   * Time for a class's TRI calibration: sized from `npm run bench -- class`, where the documented
   * largest class (1,000 students × 500 questions, 3PL) took 67 s on this workplace's two-core VM;
   * about four times that, so a machine busy with other work still finishes it.
   */
  irtMs: number;
  /** An idle worker exits after this long (its decoders' memory goes with it). */
  idleMs: number;
  /**
   * Time for a new process to start (its modules loaded: the first message it sends). A job's own
   * limit counts from then: a worker restarting on a busy machine is not the file's time.
   */
  startMs: number;
}

/**
 * 1.25 GiB resident: the largest page pdf.js may decode (a 36 MP image, 144 MB as RGBA, with its
 * source and the 9 MB read canvas) several times over, with V8's heap capped at 768 MB beside it.
 * Pages are read one at a time, so the documented 160 pages need no more than one does.
 */
export const DEFAULT_LIMITS: WorkerLimits = {
  maxRssBytes: 1280 * 1024 * 1024,
  pageMs: 20_000,
  fileMs: 5 * 60_000,
  jobMs: 60_000,
  irtMs: 300_000,
  idleMs: 30_000,
  startMs: 120_000,
};
export const WORKER_HEAP_MB = 768;

/** Why a worker process stopped before answering. */
export type WorkerDeath = 'crash' | 'memory' | 'timeout';

export type JobOutcome<K extends WorkerJob['kind']> =
  { ok: true; value: JobValues[K] } | { ok: false; failure: WorkerFailure } | { ok: false; died: WorkerDeath };

export interface JobListener {
  /** No page may run past this time (a scanned file's own budget), whatever the page limit. */
  deadlineAt?: number;
  opened?(pages: number): void;
  page?(outcome: PageOutcome): void;
}

/** Resident bytes of a process from /proc where the OS has it (Linux); null elsewhere. */
export function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined || process.platform !== 'linux') return null;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]);
    return Number.isFinite(pages) ? pages * 4096 : null;
  } catch {
    return null;
  }
}

interface Running {
  id: number;
  handle: WorkerHandle;
  kind: WorkerJob['kind'];
  /** The job's own time limit, armed once its process is up. */
  limit: number;
  listener: JobListener;
  finish(outcome: JobOutcome<WorkerJob['kind']>): void;
}

export class DecodingWorker {
  private handle: WorkerHandle | null = null;
  private running: Running | null = null;
  private readonly jobs = new OneAtATime();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private sampler: NodeJS.Timeout | null = null;
  private idle: NodeJS.Timeout | null = null;
  private closed = false;
  /** Whether the current process has spoken (it sends its memory once its modules are loaded). */
  private up = false;
  /** Processes started so far (tests and the benchmark read it: a crash costs one restart). */
  spawned = 0;
  /** The highest resident memory seen of any worker process. */
  peakRss = 0;

  constructor(
    private readonly spawn: SpawnWorker,
    readonly limits: WorkerLimits = DEFAULT_LIMITS,
  ) {}

  /** The worker's process id while one runs (tests kill it to show a crash is one file refused). */
  get pid(): number | undefined {
    return this.handle?.pid;
  }

  run<K extends WorkerJob['kind']>(job: WorkerJob & { kind: K }, listener: JobListener = {}): Promise<JobOutcome<K>> {
    return this.jobs.run(() => this.start(job, listener)) as Promise<JobOutcome<K>>;
  }

  /**
   * At quit nothing waits on a decoder: the worker is killed now; the job it ran and those queued
   * end as refusals (a scan of forty pages would otherwise hold the app open for minutes).
   */
  async close(): Promise<void> {
    this.closed = true;
    this.kill('crash');
    await this.jobs.settled();
  }

  private start(job: WorkerJob, listener: JobListener): Promise<JobOutcome<WorkerJob['kind']>> {
    if (this.closed) return Promise.resolve({ ok: false, died: 'crash' });
    if (this.idle) clearTimeout(this.idle);
    const handle = this.handle ?? this.launch();
    const limit = job.kind === 'scan' ? this.limits.pageMs : job.kind === 'irt' ? this.limits.irtMs : this.limits.jobMs;
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.running = {
        id,
        handle,
        kind: job.kind,
        limit,
        listener,
        finish: (outcome) => {
          this.running = null;
          this.clearTimers();
          this.idle = setTimeout(() => this.stop(), this.limits.idleMs);
          this.idle.unref();
          resolve(outcome);
        },
      };
      // A process still starting (the first job after an idle exit or a crash) has its start's time first.
      this.arm(this.up ? limit : this.limits.startMs);
      this.sampler = setInterval(() => this.checkMemory(residentBytes(handle.pid)), 100);
      this.sampler.unref();
      handle.send({ id, job });
    });
  }

  private launch(): WorkerHandle {
    const handle = this.spawn();
    this.spawned++;
    this.handle = handle;
    this.up = false;
    handle.onMessage((message) => this.receive(handle, message));
    handle.onExit(({ stderr }) => {
      if (this.handle === handle) this.handle = null;
      // A V8 heap out of memory is the file's size, not its damage.
      const death: WorkerDeath = /heap out of memory|Allocation failed/i.test(stderr) ? 'memory' : 'crash';
      // Only the job this process was running: a process killed earlier may report its exit late.
      if (this.running?.handle === handle) this.running.finish({ ok: false, died: death });
    });
    return handle;
  }

  private receive(from: WorkerHandle, raw: unknown): void {
    // A process already replaced (killed for its time or memory) may still have messages in flight.
    if (from !== this.handle) return;
    const message = checkedMessage(raw);
    if (!message) {
      // Not the protocol: a worker that answers this is not trusted with the job it holds.
      this.kill('crash');
      return;
    }
    if (!this.up) {
      // Started: the job it holds has its own time from now.
      this.up = true;
      if (this.running) this.arm(this.running.limit);
    }
    if (message.type === 'memory') {
      this.checkMemory(message.rss);
      return;
    }
    const running = this.running;
    if (!running || message.id !== running.id) return;
    switch (message.type) {
      case 'opened':
        this.arm(this.limits.pageMs);
        running.listener.opened?.(message.pages);
        break;
      case 'page':
        this.arm(this.limits.pageMs);
        running.listener.page?.(message.outcome);
        break;
      case 'done':
        running.finish({ ok: true, value: message.value } as JobOutcome<WorkerJob['kind']>);
        break;
      case 'failed':
        running.finish({ ok: false, failure: message.failure });
        break;
    }
  }

  private checkMemory(rss: number | null): void {
    if (rss === null) return;
    this.peakRss = Math.max(this.peakRss, rss);
    if (rss > this.limits.maxRssBytes && this.running) this.kill('memory');
  }

  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    const deadlineAt = this.running?.listener.deadlineAt;
    const limit = deadlineAt === undefined ? ms : Math.max(0, Math.min(ms, deadlineAt - Date.now()));
    this.timer = setTimeout(() => this.kill('timeout'), limit);
    this.timer.unref();
  }

  /** Ends the running job with `death` and the process with it; the next job starts a new one. */
  private kill(death: WorkerDeath): void {
    const running = this.running;
    this.stop();
    running?.finish({ ok: false, died: death });
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.sampler) clearInterval(this.sampler);
    this.timer = null;
    this.sampler = null;
  }

  private stop(): void {
    this.clearTimers();
    if (this.idle) clearTimeout(this.idle);
    const handle = this.handle;
    this.handle = null;
    handle?.kill();
  }
}
