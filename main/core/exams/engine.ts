// The exam engine: builds attempts, keeps the authoritative clock, saves every
// change durably before acknowledging it, grades in main, and submits at the
// deadline even when the renderer is frozen or closed. Each attempt is two files:
// its state (attempts/<id>.json, one durable writer, a .bak generation) and the
// questions as they were at start (attempts/<id>.questions.json, written once),
// so results never depend on the catalog. It also decides which keys are locked:
// those of the running attempt's questions not yet checked. Pure Node.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  AttemptKind,
  AttemptSummary,
  ExamCount,
  ExamQuestionView,
  ExamRequest,
  ExamResult,
  ExamSettings,
  ExamState,
  Pacing,
  PracticeFeedback,
  RunningExam,
  ReviewGrade,
  ScoreLine,
} from '../../../preload/contract.js';
import { AREA_IDS } from '../../../preload/contract.js';
import type { CatalogStore, StoredQuestion } from '../catalog/store.js';
import type { ImageCache } from '../images/cache.js';
import type { ExplanationStore } from '../catalog/explanations.js';
import { snapshotOf } from './snapshot.js';
import { JsonFile, type NoticeSink } from '../util/json-file.js';
import { alternativeOrder } from './alternatives.js';
import { countMatching, selectQuestions, shortBlocks } from './builder.js';
import {
  attemptQuestionsSchema,
  attemptSchema,
  type Attempt,
  type AttemptQuestion,
  type ImageRef,
  type SnapshotQuestion,
} from './model.js';
import { newSeed, seededRandom, shuffle } from './random.js';
import { isDifficulty } from '../catalog/store.js';

export interface ExamClock {
  now(): number;
  /** How fast `now` runs compared with real time (1, or more in tests). */
  speed: number;
}

export class ExamError extends Error {
  constructor(
    readonly code: 'exam-running' | 'exam-over' | 'no-questions' | 'not-found' | 'not-enough-questions',
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'ExamError';
  }
}

export interface EngineDeps {
  dir: string;
  store: () => CatalogStore;
  images: () => ImageCache;
  /** Worked solutions by question id (none in tests that do not need them). */
  explanations?: () => ExplanationStore;
  /** The address the renderer loads a cached image by (its hash). */
  imageUrl: (sha256: string) => string;
  clock: ExamClock;
  notices?: NoticeSink;
  onWarning?: (attemptId: string, minutesLeft: number) => void;
  /** An attempt started or ended: the one running now (or null). */
  onRunning?: (running: RunningExam | null) => void;
  onDeadline?: (attemptId: string) => void;
  /** An attempt was submitted (by the student or the deadline), durably. */
  onSubmitted?: (attemptId: string) => void;
}

/** The pack an attempt's questions all come from (a pack's exam). */
export interface PackOrigin {
  id: string;
  title: string;
  contentHash: string;
  sealed: boolean;
  released: boolean;
}

/** A pack exam's answers in the pack's own terms: its question ids and original letters. */
export interface PackAnswers {
  pack: PackOrigin;
  attemptId: string;
  startedAt: number;
  submittedAt: number;
  timeLimitMs: number | null;
  answers: { questionId: string; choice: string | null; guessed: boolean; timeMs: number }[];
}

/** One answer of an attempt as main alone sees it (the notebook's input). */
export interface AnswerFacts {
  question: SnapshotQuestion;
  answered: boolean;
  correct: boolean;
  guessed: boolean;
  timeMs: number;
  /** The attempt's time per question (its limit / its questions; 3 minutes when untimed). */
  budgetMs: number;
}

const LETTERS = 'ABCDEFGHIJ';
const DIFFICULTY_ORDER = ['easy', 'medium', 'hard', 'unknown'];
const AREA_ORDER: string[] = [...AREA_IDS, 'other'];
/** The national exam's pace: 5h30 for 90 questions is about 3 minutes a question. */
const DEFAULT_BUDGET_MS = 3 * 60_000;

function budgetOf(limitMs: number | null, count: number): number {
  return limitMs !== null && count > 0 ? Math.round(limitMs / count) : DEFAULT_BUDGET_MS;
}

/** Time used against the budget, per area, and the questions where time was lost. */
function pacing(questions: { index: number; timeMs: number; area: string | null }[], limitMs: number | null): Pacing {
  const budgetMs = budgetOf(limitMs, questions.length);
  const byArea = new Map<string, { timeMs: number; count: number }>();
  for (const q of questions) {
    const key = q.area ?? 'other';
    const line = byArea.get(key) ?? { timeMs: 0, count: 0 };
    line.timeMs += q.timeMs;
    line.count += 1;
    byArea.set(key, line);
  }
  return {
    budgetMs,
    byArea: [...byArea]
      .sort(([a], [b]) => AREA_ORDER.indexOf(a) - AREA_ORDER.indexOf(b))
      .map(([key, line]) => ({
        key: key as Pacing['byArea'][number]['key'],
        timeMs: line.timeMs,
        budgetMs: budgetMs * line.count,
        count: line.count,
      })),
    slowest: questions
      .filter((q) => q.timeMs > budgetMs)
      .sort((a, b) => b.timeMs - a.timeMs)
      .slice(0, 5)
      .map(({ index, timeMs }) => ({ index, timeMs })),
  };
}
const MISSING_IMAGE = 'missing';

/** A question of a new attempt: not answered, flagged, struck or timed yet. */
function freshEntry(questionId: string, order: number[]): AttemptQuestion {
  return {
    questionId,
    order,
    answer: null,
    flagged: false,
    eliminated: [],
    timeMs: 0,
    revealed: false,
    guessed: false,
    grade: null,
  };
}
const HEARTBEAT_MS = 15_000;
/** A gap longer than this between two signs of life means the app was closed (or crashed). */
const PAUSE_GAP_MS = 5_000;

export class ExamEngine {
  private readonly attempts = new Map<string, Attempt>();
  /** One file object per attempt: every save of it goes through the same durable queue. */
  private readonly files = new Map<string, JsonFile<Attempt>>();
  private readonly snapshots = new Map<string, SnapshotQuestion[]>();
  private lastPersistedBeat = 0;
  private releasing: Promise<unknown> = Promise.resolve();
  /** Saves in flight: closing waits for them, so the folder's lock is never released mid-write. */
  private readonly inFlight = new Set<Promise<void>>();

  private constructor(private readonly deps: EngineDeps) {}

  private file(id: string): JsonFile<Attempt> {
    let file = this.files.get(id);
    if (!file) {
      file = new JsonFile(join(this.deps.dir, `${id}.json`), attemptSchema, {
        kind: 'attempt',
        backup: true,
        readOnly: false,
        ...(this.deps.notices && { notices: this.deps.notices }),
      });
      this.files.set(id, file);
    }
    return file;
  }

  private snapshotFile(id: string) {
    return new JsonFile(join(this.deps.dir, `${id}.questions.json`), attemptQuestionsSchema, {
      kind: 'attempt-questions',
      ...(this.deps.notices && { notices: this.deps.notices }),
    });
  }

  /** Loads every attempt; a running one resumes, or is submitted if its strict deadline passed while closed. */
  static async open(deps: EngineDeps): Promise<ExamEngine> {
    const engine = new ExamEngine(deps);
    await mkdir(deps.dir, { recursive: true });
    const ids = (await readdir(deps.dir))
      .map((name) => /^([0-9a-f-]{36})\.json(\.bak)?$/.exec(name)?.[1])
      .filter((id): id is string => id !== undefined);
    // A damaged file is set aside and its .bak used (the notice says so); the others load regardless.
    for (const id of new Set(ids)) {
      const attempt = await engine.file(id).read();
      if (attempt) {
        engine.attempts.set(attempt.id, attempt);
        deps.images().pin(attempt.images);
      }
    }
    const running = engine.running();
    if (running) await engine.resume(running);
    return engine;
  }

  private now() {
    return this.deps.clock.now();
  }

  /** Durable before it returns. Overlapping saves of one attempt coalesce into ordered writes of its latest state. */
  private async save(attempt: Attempt) {
    attempt.lastSeenAt = this.now();
    const write = this.file(attempt.id).write(() => attempt);
    this.inFlight.add(write);
    try {
      await write;
    } finally {
      this.inFlight.delete(write);
    }
  }

  /**
   * Question ids (record ids and the questions' own ids) whose key nothing may return now: those
   * of the running attempt, but for practice questions already checked. Empty when none runs.
   */
  lockedKeys(): Set<string> {
    const locked = new Set<string>();
    const attempt = this.running();
    if (!attempt) return locked;
    const snapshot = this.snapshots.get(attempt.id);
    attempt.questions.forEach((entry, index) => {
      if (attempt.config.mode === 'practice' && entry.revealed) return;
      locked.add(entry.questionId);
      const baseId = snapshot?.[index]?.baseId;
      if (baseId) locked.add(baseId);
    });
    return locked;
  }

  /** The questions as the attempt saw them; an attempt saved before snapshots existed gets one from the catalog. */
  private async questionsOf(attempt: Attempt): Promise<SnapshotQuestion[]> {
    const cached = this.snapshots.get(attempt.id);
    if (cached) return cached;
    const file = this.snapshotFile(attempt.id);
    const stored = await file.read();
    let questions = stored?.attemptId === attempt.id ? stored.questions : null;
    if (!questions || questions.length !== attempt.questions.length) {
      const store = this.deps.store();
      questions = attempt.questions.map((entry) =>
        this.snapshotOf(store, store.get(entry.questionId), entry.questionId),
      );
      await file.write({ attemptId: attempt.id, questions });
      await this.pinImages(attempt, questions);
    }
    this.snapshots.set(attempt.id, questions);
    return questions;
  }

  private snapshotOf(store: CatalogStore, question: StoredQuestion | undefined, id: string): SnapshotQuestion {
    return snapshotOf(
      { store, images: this.deps.images(), ...(this.deps.explanations && { explanations: this.deps.explanations() }) },
      question,
      id,
    );
  }

  private async pinImages(attempt: Attempt, questions: SnapshotQuestion[]) {
    const images = new Map<string, string>();
    for (const q of questions) {
      for (const ref of [q.image, q.explanationImage, ...q.alternatives.map((a) => a.image)]) {
        if (ref?.sha256 && ref.mime) images.set(ref.sha256, ref.mime);
      }
    }
    attempt.images = [...images];
    this.deps.images().pin(images);
    await this.save(attempt);
  }

  /** What the renderer may load: the cached file as it was at start, else the cache now, else 'missing'. */
  private render(ref: ImageRef): string | null {
    if (!ref) return null;
    if (ref.sha256 && this.deps.images().fileOf(ref.sha256)) return this.deps.imageUrl(ref.sha256);
    const hit = this.deps.images().resolve(ref.url);
    return hit ? this.deps.imageUrl(hit.sha256) : MISSING_IMAGE;
  }

  running(): Attempt | null {
    for (const attempt of this.attempts.values()) if (attempt.status === 'running') return attempt;
    return null;
  }

  private async resume(attempt: Attempt) {
    // The lock covers every version of its questions (their own ids) from the first moment: read
    // the saved questions now, not when the screen first asks (the catalog may still be loading).
    const saved = await this.snapshotFile(attempt.id).read();
    if (saved?.attemptId === attempt.id && saved.questions.length === attempt.questions.length) {
      this.snapshots.set(attempt.id, saved.questions);
    }
    const now = this.now();
    const gap = now - attempt.lastSeenAt;
    if (attempt.deadline !== null) {
      const left = Math.max(0, attempt.deadline - attempt.lastSeenAt);
      if (!attempt.config.strict && gap > PAUSE_GAP_MS) {
        attempt.deadline += gap; // practice option: the clock paused while the app was closed
      }
      // A restart never gives time back: not more than was left when last seen (a clock set back,
      // another clock), and a strict exam never past its start plus its limit.
      attempt.deadline = Math.min(attempt.deadline, now + left);
      const limit = attempt.config.timeLimitMs;
      if (attempt.config.strict && limit !== null)
        attempt.deadline = Math.min(attempt.deadline, attempt.createdAt + limit);
    }
    attempt.currentSince = now;
    if (attempt.deadline !== null && now >= attempt.deadline) await this.submitNow(attempt, 'deadline');
    else await this.save(attempt);
  }

  private seen(): Set<string> {
    const ids = new Set<string>();
    for (const attempt of this.attempts.values()) for (const q of attempt.questions) ids.add(q.questionId);
    return ids;
  }

  count(request: ExamRequest): ExamCount {
    return countMatching(this.deps.store(), request, this.seen());
  }

  async start(
    request: ExamRequest,
    settings: ExamSettings,
    kind: AttemptKind = 'exam',
    pack: PackOrigin | null = null,
  ): Promise<ExamState> {
    if (this.running()) throw new ExamError('exam-running');
    // Never a half-filled exam under the full exam's title: say what is short instead.
    const short = shortBlocks(this.deps.store(), request);
    if (short.length > 0) {
      throw new ExamError('not-enough-questions', {
        blocks: short.map((b) => `${b.key}:${b.available}/${b.needed}`).join(','),
      });
    }
    const seed = settings.seed ?? newSeed();
    const random = seededRandom(seed);
    const chosen = selectQuestions(this.deps.store(), request, this.seen(), random, settings.shuffleQuestions ?? true);
    if (chosen.length === 0) throw new ExamError('no-questions');
    const store = this.deps.store();
    return this.begin(
      chosen.map((question) => this.snapshotOf(store, question, question.id)),
      settings,
      kind,
      seed,
      random,
      pack,
    );
  }

  /** An attempt of questions kept elsewhere (the notebook's copies), shuffled by the seed. */
  async startWith(questions: SnapshotQuestion[], settings: ExamSettings, kind: AttemptKind): Promise<ExamState> {
    if (this.running()) throw new ExamError('exam-running');
    if (questions.length === 0) throw new ExamError('no-questions');
    const seed = settings.seed ?? newSeed();
    const random = seededRandom(seed);
    const ordered = settings.shuffleQuestions === false ? questions : shuffle(questions, random);
    return this.begin(ordered, settings, kind, seed, random);
  }

  private async begin(
    snapshot: SnapshotQuestion[],
    settings: ExamSettings,
    kind: AttemptKind,
    seed: number,
    random: () => number,
    pack: PackOrigin | null = null,
  ): Promise<ExamState> {
    const now = this.now();
    const timeLimitMs =
      settings.mode === 'timed' && settings.timeLimitMinutes ? settings.timeLimitMinutes * 60_000 : null;
    const attempt: Attempt = {
      id: randomUUID(),
      version: 1,
      seed,
      config: {
        title: settings.title,
        kind,
        mode: settings.mode,
        strict: settings.strict,
        timeLimitMs,
        // Only marks inside the time limit: a 20-minute exam is not warned "30 minutes left".
        warnings: [...(settings.warnings ?? [30, 5])]
          .filter((mark) => timeLimitMs === null || mark * 60_000 < timeLimitMs)
          .sort((a, b) => b - a),
        paper: null,
        pack,
      },
      createdAt: now,
      deadline: timeLimitMs === null ? null : now + timeLimitMs,
      status: 'running',
      submittedAt: null,
      submittedBy: null,
      current: 0,
      currentSince: now,
      lastSeenAt: now,
      warned: [],
      questions: snapshot.map((question) =>
        freshEntry(
          question.id,
          alternativeOrder(
            question.alternatives.map((a) => a.text),
            random,
            shuffle,
          ),
        ),
      ),
      images: [],
    };
    await this.keep(attempt, snapshot);
    this.deps.onRunning?.(this.runningSummary());
    return this.state(attempt);
  }

  /**
   * A new attempt's questions first, then the state that points to them, each durable before
   * anything reaches the renderer: a crash right after start loses nothing.
   */
  private async keep(attempt: Attempt, snapshot: SnapshotQuestion[]) {
    await this.snapshotFile(attempt.id).write({ attemptId: attempt.id, questions: snapshot });
    this.snapshots.set(attempt.id, snapshot);
    this.attempts.set(attempt.id, attempt);
    await this.pinImages(attempt, snapshot);
  }

  /** The running attempt in a few numbers (sidebar countdown), or null. */
  runningSummary(): RunningExam | null {
    const attempt = this.running();
    if (!attempt) return null;
    return {
      attemptId: attempt.id,
      title: attempt.config.title,
      kind: attempt.config.kind,
      mode: attempt.config.mode,
      deadline: attempt.deadline,
      clock: { now: this.now(), speed: this.deps.clock.speed },
      answered: attempt.questions.filter((q) => q.answer !== null).length,
      total: attempt.questions.length,
    };
  }

  async current(): Promise<ExamState | null> {
    const attempt = this.running();
    return attempt ? this.state(attempt) : null;
  }

  private view(entry: AttemptQuestion, index: number, question: SnapshotQuestion): ExamQuestionView {
    return {
      index,
      statement: question.statement,
      image: this.render(question.image),
      subject: question.subject,
      area: question.area,
      exam: question.exam,
      year: question.year,
      // Displayed order only, relettered A–E: nothing here tells the original letter or the key.
      alternatives: entry.order.map((original, position) => {
        const alternative = question.alternatives[original];
        return {
          letter: LETTERS[position] ?? String(position),
          text: alternative?.text ?? '',
          image: this.render(alternative?.image ?? null),
        };
      }),
    };
  }

  private feedback(entry: AttemptQuestion, question: SnapshotQuestion): PracticeFeedback {
    const correctChoice = entry.order.findIndex(
      (original) => question.alternatives[original]?.id === question.correctId,
    );
    const figure = this.render(question.explanationImage);
    return {
      correct: entry.answer !== null && entry.answer === correctChoice,
      correctChoice,
      explanation: question.explanation !== null || figure ? { text: question.explanation ?? '', image: figure } : null,
    };
  }

  private async state(attempt: Attempt): Promise<ExamState> {
    const questions = await this.questionsOf(attempt);
    const at = (index: number): SnapshotQuestion => {
      const question = questions[index];
      if (!question) throw new ExamError('not-found');
      return question;
    };
    return {
      attemptId: attempt.id,
      title: attempt.config.title,
      kind: attempt.config.kind,
      mode: attempt.config.mode,
      strict: attempt.config.strict,
      seed: attempt.seed,
      deadline: attempt.deadline,
      clock: { now: this.now(), speed: this.deps.clock.speed },
      warnings: attempt.config.warnings,
      current: attempt.current,
      questions: attempt.questions.map((entry, index) => this.view(entry, index, at(index))),
      answers: attempt.questions.map((q) => q.answer),
      flags: attempt.questions.map((q) => q.flagged),
      eliminated: attempt.questions.map((q) => [...q.eliminated]),
      guessed: attempt.questions.map((q) => q.guessed),
      feedback: attempt.questions.map((q, index) =>
        attempt.config.mode === 'practice' && q.revealed ? this.feedback(q, at(index)) : null,
      ),
      grades: attempt.questions.map((q) => q.grade),
    };
  }

  /** The running attempt addressed by a call; answers after the deadline are refused (and it is submitted). */
  private async live(attemptId: string, index?: number): Promise<{ attempt: Attempt; entry: AttemptQuestion | null }> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt) throw new ExamError('not-found');
    if (attempt.status !== 'running') throw new ExamError('exam-over');
    if (attempt.deadline !== null && this.now() >= attempt.deadline) {
      await this.submitNow(attempt, 'deadline');
      throw new ExamError('exam-over');
    }
    if (index === undefined) return { attempt, entry: null };
    const entry = attempt.questions[index];
    if (!entry) throw new ExamError('not-found');
    return { attempt, entry };
  }

  async answer(
    attemptId: string,
    index: number,
    choice: number | null,
  ): Promise<{ saved: true; feedback: PracticeFeedback | null }> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry) throw new ExamError('not-found');
    if (choice !== null && choice >= entry.order.length) throw new ExamError('not-found');
    const practice = attempt.config.mode === 'practice';
    const question = practice ? (await this.questionsOf(attempt))[index] : undefined;
    // Practice: once checked, an answer stays (the key was shown).
    if (practice && entry.revealed && question) return { saved: true, feedback: this.feedback(entry, question) };
    entry.answer = choice;
    if (practice && choice !== null) entry.revealed = true;
    await this.save(attempt);
    return { saved: true, feedback: question && choice !== null ? this.feedback(entry, question) : null };
  }

  async flag(attemptId: string, index: number, flagged: boolean): Promise<{ saved: true }> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry) throw new ExamError('not-found');
    entry.flagged = flagged;
    await this.save(attempt);
    return { saved: true };
  }

  async eliminate(attemptId: string, index: number, choice: number, eliminated: boolean): Promise<{ saved: true }> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry || choice >= entry.order.length) throw new ExamError('not-found');
    entry.eliminated = eliminated
      ? [...new Set([...entry.eliminated, choice])].sort()
      : entry.eliminated.filter((c) => c !== choice);
    await this.save(attempt);
    return { saved: true };
  }

  /** "Chutei": the answer is marked as a guess (kept with it, counted in the results). */
  async guess(attemptId: string, index: number, guessed: boolean): Promise<{ saved: true }> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry) throw new ExamError('not-found');
    entry.guessed = guessed;
    await this.save(attempt);
    return { saved: true };
  }

  /** The student moved to another question: time so far goes to the one being left. */
  async visit(attemptId: string, index: number): Promise<{ saved: true }> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry) throw new ExamError('not-found');
    this.account(attempt);
    attempt.current = index;
    await this.save(attempt);
    return { saved: true };
  }

  private account(attempt: Attempt) {
    const now = this.now();
    const open = attempt.questions[attempt.current];
    if (open) open.timeMs += Math.max(0, now - attempt.currentSince);
    attempt.currentSince = now;
  }

  async submit(attemptId: string, notes?: (baseId: string) => string): Promise<ExamResult> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt) throw new ExamError('not-found');
    if (attempt.status === 'running') {
      const late = attempt.deadline !== null && this.now() >= attempt.deadline;
      await this.submitNow(attempt, late ? 'deadline' : 'student');
    }
    return this.result(attemptId, notes);
  }

  private async submitNow(attempt: Attempt, by: 'student' | 'deadline') {
    this.account(attempt);
    attempt.status = 'submitted';
    attempt.submittedBy = by;
    // A deadline submission is dated at the deadline, whenever main noticed it.
    attempt.submittedAt = by === 'deadline' && attempt.deadline !== null ? attempt.deadline : this.now();
    await this.save(attempt);
    if (by === 'deadline') this.deps.onDeadline?.(attempt.id);
    this.deps.onRunning?.(null);
    this.deps.onSubmitted?.(attempt.id);
  }

  /** The kind of an attempt, or null when there is none by that id. */
  kindOf(attemptId: string): AttemptKind | null {
    return this.attempts.get(attemptId)?.config.kind ?? null;
  }

  /**
   * A paper exam's answer sheet, typed in: an attempt of the questions in the booklet's printed
   * order with its alternatives' order, its answers set, submitted at once (graded like any other).
   */
  async recordPaper(
    questions: SnapshotQuestion[],
    orders: number[][],
    answers: (number | null)[],
    meta: {
      title: string;
      timeLimitMs: number | null;
      paper: NonNullable<Attempt['config']['paper']>;
      pack: PackOrigin | null;
    },
  ): Promise<ExamResult> {
    if (questions.length === 0) throw new ExamError('no-questions');
    const now = this.now();
    const attempt: Attempt = {
      id: randomUUID(),
      version: 1,
      seed: 0,
      config: {
        title: meta.title,
        kind: 'exam',
        mode: 'timed',
        strict: true,
        timeLimitMs: meta.timeLimitMs,
        warnings: [],
        paper: meta.paper,
        pack: meta.pack,
      },
      createdAt: now,
      deadline: null,
      status: 'submitted',
      submittedAt: now,
      submittedBy: 'student',
      current: 0,
      currentSince: now,
      lastSeenAt: now,
      warned: [],
      questions: questions.map((question, index) => {
        const order = orders[index] ?? question.alternatives.map((_, i) => i);
        const answer = answers[index] ?? null;
        return { ...freshEntry(question.id, order), answer: answer !== null && answer < order.length ? answer : null };
      }),
      images: [],
    };
    await this.keep(attempt, questions);
    this.deps.onSubmitted?.(attempt.id);
    return this.result(attempt.id);
  }

  /** Whether any submitted attempt of this pack still waits for its release code. */
  awaitingPack(packId: string): boolean {
    for (const attempt of this.attempts.values())
      if (attempt.config.pack?.id === packId && attempt.status === 'submitted' && this.awaitingRelease(attempt.id))
        return true;
    return false;
  }

  /** A submitted attempt of a sealed pack whose code has not been given yet. */
  awaitingRelease(attemptId: string): boolean {
    const pack = this.attempts.get(attemptId)?.config.pack;
    return Boolean(pack?.sealed && !pack.released);
  }

  /**
   * The tutor's code opened a sealed pack: every submitted attempt of it gets the keys and solutions
   * in its saved questions, and is graded from then on. Returns the attempts released.
   */
  release(packId: string, keys: Record<string, string>, solutions: Record<string, string>): Promise<string[]> {
    // One release at a time: two at once (a double click) would each grade the same attempts.
    const run = this.releasing.then(() => this.releaseNow(packId, keys, solutions));
    this.releasing = run.catch(() => undefined);
    return run;
  }

  private async releaseNow(
    packId: string,
    keys: Record<string, string>,
    solutions: Record<string, string>,
  ): Promise<string[]> {
    const released: string[] = [];
    const namespace = `pack:${packId}:`;
    for (const attempt of this.attempts.values()) {
      const pack = attempt.config.pack;
      if (pack?.id !== packId || !pack.sealed || pack.released || attempt.status !== 'submitted') continue;
      const questions = (await this.questionsOf(attempt)).map((question) => {
        const id = question.id.startsWith(namespace) ? question.id.slice(namespace.length) : question.id;
        return {
          ...question,
          correctId: keys[id] ?? question.correctId,
          explanation: solutions[id] ?? question.explanation,
        };
      });
      // The questions first, then the state that says they are released: a crash between re-runs it.
      await this.snapshotFile(attempt.id).write({ attemptId: attempt.id, questions });
      this.snapshots.set(attempt.id, questions);
      pack.released = true;
      await this.save(attempt);
      released.push(attempt.id);
    }
    return released;
  }

  /** Submitted attempts, oldest first (the notebook catches up on those it missed). */
  submitted(): { attemptId: string; kind: AttemptKind; submittedAt: number }[] {
    return [...this.attempts.values()]
      .filter((a) => a.status === 'submitted' && a.submittedAt !== null)
      .map((a) => ({ attemptId: a.id, kind: a.config.kind, submittedAt: a.submittedAt ?? 0 }))
      .sort((a, b) => a.submittedAt - b.submittedAt);
  }

  private factsOf(attempt: Attempt, entry: AttemptQuestion, question: SnapshotQuestion, timeMs: number): AnswerFacts {
    const feedback = this.feedback(entry, question);
    return {
      question,
      answered: entry.answer !== null,
      correct: feedback.correct,
      guessed: entry.guessed,
      timeMs,
      budgetMs: budgetOf(attempt.config.timeLimitMs, attempt.questions.length),
    };
  }

  /** A submitted pack exam's answers as its result file records them; null when it is no pack exam. */
  async packAnswers(attemptId: string): Promise<PackAnswers | null> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt || attempt.status !== 'submitted' || attempt.submittedAt === null) throw new ExamError('exam-running');
    const pack = attempt.config.pack;
    if (!pack) return null;
    const questions = await this.questionsOf(attempt);
    const namespace = `pack:${pack.id}:`;
    return {
      pack,
      attemptId: attempt.id,
      startedAt: attempt.createdAt,
      submittedAt: attempt.submittedAt,
      timeLimitMs: attempt.config.timeLimitMs,
      answers: attempt.questions.map((entry, index) => {
        const question = questions[index];
        const id = question?.id ?? entry.questionId;
        const original = entry.answer === null ? undefined : entry.order[entry.answer];
        return {
          // A pack's own version of a question another source stored differently is namespaced here.
          questionId: id.startsWith(namespace) ? id.slice(namespace.length) : id,
          choice: original === undefined ? null : (question?.alternatives[original]?.letter ?? null),
          guessed: entry.guessed,
          timeMs: Math.round(entry.timeMs),
        };
      }),
    };
  }

  /** Every answer of a submitted attempt, graded (main only: it holds the key). */
  async graded(attemptId: string): Promise<AnswerFacts[]> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt || attempt.status !== 'submitted') throw new ExamError('not-found');
    const questions = await this.questionsOf(attempt);
    return attempt.questions.flatMap((entry, index) => {
      const question = questions[index];
      return question && question.correctId !== null ? [this.factsOf(attempt, entry, question, entry.timeMs)] : [];
    });
  }

  /** One checked answer of a running practice attempt, with the time spent on it so far. */
  async checked(attemptId: string, index: number): Promise<AnswerFacts | null> {
    const attempt = this.attempts.get(attemptId);
    const entry = attempt?.questions[index];
    if (!attempt || !entry || !entry.revealed) return null;
    const question = (await this.questionsOf(attempt))[index];
    if (!question) return null;
    const open = attempt.status === 'running' && attempt.current === index ? this.now() - attempt.currentSince : 0;
    return this.factsOf(attempt, entry, question, entry.timeMs + Math.max(0, open));
  }

  /** The question at a place in an attempt as main keeps it; null while it is locked (the exam runs). */
  async questionAt(attemptId: string, index: number): Promise<SnapshotQuestion | null> {
    const attempt = this.attempts.get(attemptId);
    const entry = attempt?.questions[index];
    if (!attempt || !entry) return null;
    if (attempt.status === 'running' && !(attempt.config.mode === 'practice' && entry.revealed)) return null;
    return (await this.questionsOf(attempt))[index] ?? null;
  }

  /** A catalog question as an attempt would keep it (the notebook's copy of a question added by hand). */
  snapshotFor(questionId: string): SnapshotQuestion | null {
    const store = this.deps.store();
    const question = store.get(questionId);
    return question ? this.snapshotOf(store, question, question.id) : null;
  }

  /** A review session's rating of a checked answer. */
  async setGrade(attemptId: string, index: number, grade: ReviewGrade): Promise<void> {
    const { attempt, entry } = await this.live(attemptId, index);
    if (!entry || !entry.revealed) throw new ExamError('not-found');
    entry.grade = grade;
    await this.save(attempt);
  }

  /**
   * A submitted attempt's result. Questions of the exam running now are withheld (invariant 1):
   * no key, no correctness, no original letters, and no score line that would imply them.
   */
  async result(attemptId: string, notes?: (baseId: string) => string): Promise<ExamResult> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt) throw new ExamError('not-found');
    // The key is delivered only after submission (invariant 1).
    if (attempt.status !== 'submitted' || attempt.submittedAt === null || attempt.submittedBy === null) {
      throw new ExamError('exam-running');
    }
    const snapshot = await this.questionsOf(attempt);
    const locked = this.lockedKeys();
    const awaiting = this.awaitingRelease(attemptId);
    const questions = attempt.questions.map((entry, index) => {
      const question = snapshot[index] ?? this.snapshotOf(this.deps.store(), undefined, entry.questionId);
      const view = this.view(entry, index, question);
      // A sealed pack's answers wait for the tutor's code: nothing is graded before it.
      const hidden = awaiting || locked.has(question.id) || locked.has(question.baseId);
      const feedback = hidden ? null : this.feedback(entry, question);
      return {
        ...view,
        alternatives: view.alternatives.map((alternative, position) => ({
          ...alternative,
          originalLetter: hidden ? null : (question.alternatives[entry.order[position] ?? 0]?.letter ?? ''),
        })),
        chosen: entry.answer,
        hidden,
        correctChoice: feedback?.correctChoice ?? null,
        isCorrect: feedback?.correct ?? null,
        explanation: feedback?.explanation ?? null,
        flagged: entry.flagged,
        guessed: entry.guessed,
        timeMs: entry.timeMs,
        difficulty: isDifficulty(question.difficulty) ? question.difficulty : null,
        area: question.area,
        note: null,
        /** The question's own id, for the notes (main only: removed before the result leaves). */
        baseId: question.baseId,
      };
    });
    const visible = questions.filter((q) => !q.hidden);
    const lines = (keyOf: (q: (typeof questions)[number]) => [string, string]): ScoreLine[] => {
      const map = new Map<string, ScoreLine>();
      for (const q of visible) {
        const [key, label] = keyOf(q);
        const line = map.get(key) ?? { key, label, correct: 0, total: 0 };
        line.total += 1;
        if (q.isCorrect) line.correct += 1;
        map.set(key, line);
      }
      return [...map.values()].sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
    };
    return {
      attemptId: attempt.id,
      title: attempt.config.title,
      kind: attempt.config.kind,
      mode: attempt.config.mode,
      submittedBy: attempt.submittedBy,
      startedAt: attempt.createdAt,
      submittedAt: attempt.submittedAt,
      timeUsedMs: questions.reduce((sum, q) => sum + q.timeMs, 0),
      timeLimitMs: attempt.config.timeLimitMs,
      seed: attempt.seed,
      score: {
        correct: visible.filter((q) => q.isCorrect).length,
        answered: questions.filter((q) => q.chosen !== null).length,
        total: questions.length,
        hidden: questions.length - visible.length,
      },
      bySubject: lines((q) => [q.subject, q.subject]),
      byDifficulty: lines((q) => [q.difficulty ?? 'unknown', q.difficulty ?? 'unknown']).sort(
        (a, b) => DIFFICULTY_ORDER.indexOf(a.key) - DIFFICULTY_ORDER.indexOf(b.key),
      ),
      byArea: lines((q) => [q.area ?? 'other', q.area ?? 'other'])
        .filter((line) => line.key !== 'other')
        .sort((a, b) => AREA_ORDER.indexOf(a.key) - AREA_ORDER.indexOf(b.key)),
      pacing: pacing(questions, attempt.config.timeLimitMs),
      guessed: {
        total: questions.filter((q) => q.guessed).length,
        right: visible.filter((q) => q.guessed && q.isCorrect).length,
      },
      // A note may say the key in the student's words: withheld with the rest of a hidden question.
      questions: questions.map(({ baseId, ...q }) => ({ ...q, note: (!q.hidden && notes?.(baseId)) || null })),
      pack: attempt.config.pack && { id: attempt.config.pack.id, title: attempt.config.pack.title },
      awaitingRelease: awaiting,
      paper: attempt.config.paper,
    };
  }

  async history(): Promise<AttemptSummary[]> {
    const attempts = [...this.attempts.values()].sort(
      (a, b) => b.createdAt - a.createdAt || Number(b.status === 'running') - Number(a.status === 'running'),
    );
    const summaries: AttemptSummary[] = [];
    for (const attempt of attempts) {
      const result = attempt.status === 'submitted' ? await this.result(attempt.id) : null;
      summaries.push({
        attemptId: attempt.id,
        title: attempt.config.title,
        mode: attempt.config.mode,
        status: attempt.status,
        full: attempt.config.mode === 'timed' && attempt.config.kind === 'exam',
        kind: attempt.config.kind,
        startedAt: attempt.createdAt,
        submittedAt: attempt.submittedAt,
        // A partial score would tell, beside the visible questions, how the hidden ones went.
        correct: result && result.score.hidden === 0 ? result.score.correct : null,
        total: attempt.questions.length,
        bySubject: result && result.score.hidden === 0 ? result.bySubject : [],
        awaitingRelease: result?.awaitingRelease ?? false,
        paper: attempt.config.paper !== null,
      });
    }
    return summaries;
  }

  /** A new attempt from the questions answered wrong (or left blank) in a submitted one. */
  async retryWrong(attemptId: string, settings: ExamSettings): Promise<ExamState> {
    if (this.running()) throw new ExamError('exam-running');
    const result = await this.result(attemptId);
    const attempt = this.attempts.get(attemptId);
    const wrong = result.questions
      .filter((q) => q.isCorrect === false)
      .map((q) => attempt?.questions[q.index]?.questionId ?? '');
    if (wrong.length === 0) throw new ExamError('no-questions');
    return this.start({ questionIds: wrong, count: wrong.length }, settings, 'retry');
  }

  /** Called about every 250 ms: warnings at the marks, submission at the deadline, heartbeat. */
  async tick(): Promise<void> {
    const attempt = this.running();
    if (!attempt) return;
    const now = this.now();
    if (attempt.deadline !== null) {
      if (now >= attempt.deadline) {
        await this.submitNow(attempt, 'deadline');
        return;
      }
      const minutesLeft = (attempt.deadline - now) / 60_000;
      for (const mark of attempt.config.warnings) {
        if (minutesLeft <= mark && !attempt.warned.includes(mark)) {
          attempt.warned.push(mark);
          await this.save(attempt);
          this.deps.onWarning?.(attempt.id, mark);
        }
      }
    }
    if (now - this.lastPersistedBeat >= HEARTBEAT_MS) {
      this.lastPersistedBeat = now;
      await this.save(attempt);
    }
  }

  /** The app is closing: time so far is counted and the moment recorded (for a pausing clock). */
  async suspend(): Promise<void> {
    const attempt = this.running();
    if (attempt) {
      this.account(attempt);
      await this.save(attempt);
    }
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
