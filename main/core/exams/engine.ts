// The exam engine: builds attempts, keeps the authoritative clock, saves every change durably
// before acknowledging it, and submits at the deadline even when the renderer is frozen or closed.
// Its parts, each a module of its own: the attempts on disk (attempt-store.ts), grading and results
// (grading.ts, pure), what the renderer sees of a question (views.ts), history and pack answers
// (history.ts), answering a running attempt (answering.ts), paper answer sheets (paper-attempt.ts)
// and sealed releases (release.ts). This file is the attempt's lifecycle (start, resume, submit,
// deadline) and the one door to those parts; what may leave main about a key is decided by
// visibility.ts alone. Pure Node.
import type {
  AttemptKind,
  AttemptSummary,
  AttemptTitle,
  ExamCount,
  ExamRequest,
  ExamResult,
  ExamSettings,
  ExamState,
  RunningExam,
  ReviewGrade,
} from '../../../preload/contract.js';
import { AttemptStore, type AttemptStoreDeps } from './attempt-store.js';
import { commonPack, countMatching, refuseShortBlocks, rehearseStart, selectQuestions } from './builder.js';
import type { AnswerFacts, NotebookLookup } from './grading.js';
import type { PackAnswers } from './history.js';
import { type Attempt, type ImageRef, type PackOrigin, type SnapshotQuestion } from './model.js';
import { paperAttempt, type PaperMeta } from './paper-attempt.js';
import { newSeed, seededRandom, shuffle } from './random.js';
import { SealedRelease } from './release.js';
import { AttemptReader } from './reading.js';
import { ExamError } from './errors.js';
import { StartGate } from './start-gate.js';
import { stateOf, summaryOf } from './views.js';
import { newAttempt } from './new-attempt.js';
import { Answering } from './answering.js';
import { ReviewSession } from './review-session.js';
import { Visibility } from './visibility.js';
import { deadlineOnReopen, warningsDue } from './exam-clock.js';

export type { AnswerFacts, PackAnswers, PackOrigin };
export interface ExamClock {
  now(): number;
  /** How fast `now` runs compared with real time (1, or more in tests). */
  speed: number;
}
export { ExamError };
/** The imported pack by id, as an exam of its questions records it (null when unknown). */
export type PackResolver = (packId: string) => Promise<PackOrigin | null>;

/** The attempt store's needs (folder, catalog, images, solutions, image addresses, notices), and a clock. */
export interface EngineDeps extends Omit<AttemptStoreDeps, 'now'> {
  clock: ExamClock;
  /** A catalog record's question id, when the catalog knows the record (the lock covers every version). */
  baseOf?: (recordId: string) => string | undefined;
  onWarning?: (attemptId: string, minutesLeft: number) => void;
  /** An attempt started or ended: the one running now (or null). */
  onRunning?: (running: RunningExam | null) => void;
  onDeadline?: (attemptId: string) => void;
  /** An attempt was submitted (by the student or the deadline), durably. */
  onSubmitted?: (attemptId: string) => void;
}

const HEARTBEAT_MS = 15_000;

export class ExamEngine {
  private lastPersistedBeat = 0;
  /** Closed while the app closes for an update: no attempt may start (start-gate.ts). */
  private readonly gate = new StartGate();
  private readonly sealed: SealedRelease;
  private readonly reader: AttemptReader;
  /** What may leave main about a key now: the one decision (visibility.ts). */
  readonly visibility: Visibility;
  private readonly answering: Answering;
  private readonly reviewSession: ReviewSession;

  private constructor(
    private readonly deps: EngineDeps,
    private readonly attempts: AttemptStore,
  ) {
    this.sealed = new SealedRelease(attempts);
    this.visibility = new Visibility({
      running: () => attempts.running(),
      saved: (id) => attempts.cachedQuestions(id),
      baseOf: deps.baseOf ?? ((id) => deps.store().get(id)?.q.id),
      awaiting: (id) => this.sealed.awaiting(id),
    });
    this.answering = new Answering({
      attempts,
      visibility: this.visibility,
      now: () => this.now(),
      submitLate: (attempt) => this.submitNow(attempt, 'deadline'),
    });
    this.reviewSession = new ReviewSession(attempts);
    this.reader = new AttemptReader({
      attempts,
      store: deps.store,
      visibility: this.visibility,
      awaiting: (id) => this.sealed.awaiting(id),
      now: () => this.now(),
    });
  }

  /** Loads every attempt; a running one resumes, or is submitted if its strict deadline passed while closed. */
  static async open(deps: EngineDeps): Promise<ExamEngine> {
    const attempts = await AttemptStore.open({ ...deps, now: () => deps.clock.now() });
    const engine = new ExamEngine(deps, attempts);
    const running = attempts.running();
    if (running) await engine.resume(running);
    return engine;
  }

  private now() {
    return this.deps.clock.now();
  }

  private save(attempt: Attempt) {
    return this.attempts.save(attempt);
  }

  running(): Attempt | null {
    return this.attempts.running();
  }

  private async resume(attempt: Attempt) {
    // The lock covers every version of its questions (their own ids) from the first moment: read
    // the saved questions now, not when the screen first asks (the catalog may still be loading).
    await this.attempts.loadSaved(attempt);
    const now = this.now();
    attempt.deadline = deadlineOnReopen(attempt, now);
    attempt.currentSince = now;
    if (attempt.deadline !== null && now >= attempt.deadline) await this.submitNow(attempt, 'deadline');
    else await this.save(attempt);
  }

  count(request: ExamRequest): ExamCount {
    return countMatching(this.deps.store(), request, this.attempts.seen());
  }

  /** The app is closing for an update: no attempt starts; settles once starts under way have kept theirs. */
  closeStarts(): Promise<void> {
    return this.gate.close();
  }

  /** The closing was called off (the restart was refused): attempts may start again. */
  reopenStarts(): void {
    this.gate.open();
  }

  /** A start rehearsed while idle, nothing kept: the first start is then as quick as the next. */
  prepare = (): Promise<void> =>
    rehearseStart(this.deps.store(), this.attempts.seen(), (q) => this.attempts.snapshotOf(q, q.id));

  async start(
    request: ExamRequest,
    settings: ExamSettings,
    kind: AttemptKind = 'exam',
    packOf: PackResolver | null = null,
  ): Promise<ExamState> {
    this.gate.check();
    if (this.running()) throw new ExamError('exam-running');
    // Never a half-filled exam under the full exam's title: say what is short instead.
    refuseShortBlocks(this.deps.store(), request);
    const seed = settings.seed ?? newSeed();
    const random = seededRandom(seed);
    const chosen = selectQuestions(
      this.deps.store(),
      request,
      this.attempts.seen(),
      random,
      settings.shuffleQuestions ?? true,
    );
    if (chosen.length === 0) throw new ExamError('no-questions');
    // An exam whose every question comes from one pack is that pack's exam, however it was chosen
    // (ticked as the source or not): its result can go back to the tutor, a sealed one waits.
    const common = commonPack(chosen);
    const pack = common && packOf ? await packOf(common) : null;
    const bodies = await this.deps.store().load(chosen.map((question) => question.id));
    const attempt = await this.begin(
      bodies.map((question) => this.attempts.snapshotOf(question, question.id)),
      settings,
      kind,
      seed,
      random,
      pack,
    );
    return this.state(attempt);
  }

  /**
   * An attempt of questions kept elsewhere (the notebook's copies), shuffled by the seed. Answers
   * its id: what the renderer sees of it comes from `current()`, through visibility.
   */
  async startWith(questions: SnapshotQuestion[], settings: ExamSettings, kind: AttemptKind): Promise<string> {
    this.gate.check();
    if (this.running()) throw new ExamError('exam-running');
    if (questions.length === 0) throw new ExamError('no-questions');
    const seed = settings.seed ?? newSeed();
    const random = seededRandom(seed);
    const ordered = settings.shuffleQuestions === false ? questions : shuffle(questions, random);
    return (await this.begin(ordered, settings, kind, seed, random)).id;
  }

  private async begin(
    snapshot: SnapshotQuestion[],
    settings: ExamSettings,
    kind: AttemptKind,
    seed: number,
    random: () => number,
    pack: PackOrigin | null = null,
  ): Promise<Attempt> {
    // Checked again here: the closing may have begun while the start awaited its pack.
    this.gate.check();
    if (this.running()) throw new ExamError('exam-running');
    const attempt = newAttempt(snapshot, settings, kind, { seed, random, pack, now: this.now() });
    await this.gate.keeping(this.attempts.keep(attempt, snapshot));
    this.deps.onRunning?.(this.runningSummary());
    return attempt;
  }

  /** The running attempt in a few numbers (sidebar countdown), or null. */
  runningSummary(): RunningExam | null {
    const attempt = this.running();
    return attempt ? summaryOf(attempt, this.clock()) : null;
  }

  async current(): Promise<ExamState | null> {
    const attempt = this.running();
    return attempt ? this.state(attempt) : null;
  }

  private async state(attempt: Attempt): Promise<ExamState> {
    const questions = await this.attempts.questionsOf(attempt);
    if (questions.length < attempt.questions.length) throw new ExamError('not-found');
    return stateOf(attempt, this.visibility.showAll(attempt.id, questions), this.clock(), this.attempts.render);
  }

  private clock() {
    return { now: this.now(), speed: this.deps.clock.speed };
  }

  answer(attemptId: string, index: number, choice: number | null) {
    return this.answering.answer(attemptId, index, choice);
  }

  flag(attemptId: string, index: number, flagged: boolean) {
    return this.answering.flag(attemptId, index, flagged);
  }

  eliminate(attemptId: string, index: number, choice: number, eliminated: boolean) {
    return this.answering.eliminate(attemptId, index, choice, eliminated);
  }

  guess(attemptId: string, index: number, guessed: boolean) {
    return this.answering.guess(attemptId, index, guessed);
  }

  visit(attemptId: string, index: number) {
    return this.answering.visit(attemptId, index);
  }

  presence(attemptId: string, present: boolean) {
    return this.answering.presence(attemptId, present);
  }

  /** A review session's checked entry is rated: its card comes back later in the session when `back`. */
  recordRating(attemptId: string, index: number, grade: ReviewGrade, back: boolean) {
    return this.reviewSession.rated(attemptId, index, grade, back);
  }

  /** Takes a review session's last rating back: answers the entry now unrated, or null. */
  undoRating(attemptId: string) {
    return this.reviewSession.undo(attemptId);
  }

  async submit(attemptId: string, notes?: NotebookLookup): Promise<ExamResult> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt) throw new ExamError('not-found');
    if (attempt.status === 'running') {
      const late = attempt.deadline !== null && this.now() >= attempt.deadline;
      await this.submitNow(attempt, late ? 'deadline' : 'student');
    }
    return this.result(attemptId, notes);
  }

  private async submitNow(attempt: Attempt, by: 'student' | 'deadline') {
    this.answering.account(attempt);
    attempt.status = 'submitted';
    attempt.submittedBy = by;
    // A deadline submission is dated at the deadline, whenever main noticed it.
    attempt.submittedAt = by === 'deadline' && attempt.deadline !== null ? attempt.deadline : this.now();
    await this.save(attempt);
    if (by === 'deadline') this.deps.onDeadline?.(attempt.id);
    this.deps.onRunning?.(null);
    this.deps.onSubmitted?.(attempt.id);
  }

  /** A saved figure's loadable address: the cached file, else the cache now, else 'missing'. */
  renderImage(ref: ImageRef): string | null {
    return this.attempts.render(ref);
  }

  /** The kind of an attempt, or null when there is none by that id. */
  kindOf(attemptId: string): AttemptKind | null {
    return this.attempts.get(attemptId)?.config.kind ?? null;
  }

  /** What an attempt is called (the renderer words it), or null when there is none by that id. */
  titleOf(attemptId: string): AttemptTitle | null {
    const config = this.attempts.get(attemptId)?.config;
    return config ? { title: config.title, kind: config.kind, titleKey: config.titleKey } : null;
  }

  /** A paper exam's answer sheet, typed in: an attempt submitted at once, graded like any other. Answers its id. */
  async recordPaper(
    questions: SnapshotQuestion[],
    orders: number[][],
    answers: (number | null)[],
    meta: PaperMeta,
  ): Promise<string> {
    if (questions.length === 0) throw new ExamError('no-questions');
    const attempt = paperAttempt(questions, orders, answers, meta, this.now());
    await this.attempts.keep(attempt, questions);
    this.deps.onSubmitted?.(attempt.id);
    return attempt.id;
  }

  /** The latest paper attempt graded from this exam's numbered sheet, or null. */
  paperAttemptOf(code: string, sheet: number): string | null {
    let latest: { id: string; at: number } | null = null;
    for (const attempt of this.attempts.all()) {
      const paper = attempt.config.paper;
      if (paper?.code !== code || paper.sheet !== sheet) continue;
      if (!latest || (attempt.submittedAt ?? 0) >= latest.at) latest = { id: attempt.id, at: attempt.submittedAt ?? 0 };
    }
    return latest?.id ?? null;
  }

  /** Whether any submitted attempt of this pack still waits for its release code. */
  awaitingPack(packId: string): boolean {
    return this.sealed.awaitingPack(packId);
  }

  /** A submitted attempt of a sealed pack whose code has not been given yet. */
  awaitingRelease(attemptId: string): boolean {
    return this.sealed.awaiting(attemptId);
  }

  /** The tutor's code opened a sealed pack: its submitted attempts get keys and solutions (release.ts). */
  release(packId: string, keys: Record<string, string>, solutions: Record<string, string>): Promise<string[]> {
    return this.sealed.release(packId, keys, solutions);
  }

  /** Submitted attempts, oldest first (the notebook catches up on those it missed). */
  submitted(): { attemptId: string; kind: AttemptKind; submittedAt: number }[] {
    return this.reader.submitted();
  }

  packAnswers(attemptId: string): Promise<PackAnswers | null> {
    return this.reader.packAnswers(attemptId);
  }

  graded(attemptId: string): Promise<AnswerFacts[]> {
    return this.reader.graded(attemptId);
  }

  checked(attemptId: string, index: number): Promise<AnswerFacts | null> {
    return this.reader.checked(attemptId, index);
  }

  /** Whether the renderer may know of this attempt now (a retry or a review waits while a question is locked). */
  shown(attemptId: string): boolean {
    return this.reader.shown(attemptId);
  }

  questionAt(attemptId: string, index: number): Promise<SnapshotQuestion | null> {
    return this.reader.questionAt(attemptId, index);
  }

  snapshotFor(questionId: string): Promise<SnapshotQuestion | null> {
    return this.reader.snapshotFor(questionId);
  }

  result(attemptId: string, notes?: NotebookLookup): Promise<ExamResult> {
    return this.reader.result(attemptId, notes);
  }

  history(): Promise<AttemptSummary[]> {
    return this.reader.history();
  }

  /** A new attempt from the questions answered wrong in a submitted one (and the blank ones, when asked). */
  async retryWrong(attemptId: string, settings: ExamSettings, includeBlank = false): Promise<ExamState> {
    if (this.running()) throw new ExamError('exam-running');
    const result = await this.result(attemptId);
    const attempt = this.attempts.get(attemptId);
    const wrong = result.questions
      .filter((q) => q.isCorrect === false && (includeBlank || q.chosen !== null))
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
      for (const mark of warningsDue(attempt, now)) {
        attempt.warned.push(mark);
        await this.save(attempt);
        this.deps.onWarning?.(attempt.id, mark);
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
      this.answering.account(attempt);
      await this.save(attempt);
    }
    await this.attempts.settled();
  }
}
