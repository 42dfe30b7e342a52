// The exam engine: builds attempts, keeps the authoritative clock, saves every
// change before acknowledging it, grades in main, and submits at the deadline
// even when the renderer is frozen or closed. Pure Node: runs in tests and the harness.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  AttemptSummary,
  ExamCount,
  ExamQuestionView,
  ExamRequest,
  ExamResult,
  ExamSettings,
  ExamState,
  PracticeFeedback,
  ScoreLine,
} from '../../../preload/contract.js';
import type { CatalogStore, StoredQuestion } from '../catalog/store.js';
import { JsonFile } from '../util/json-file.js';
import { alternativeOrder } from './alternatives.js';
import { countMatching, selectQuestions } from './builder.js';
import { attemptSchema, type Attempt, type AttemptQuestion } from './model.js';
import { newSeed, seededRandom, shuffle } from './random.js';

export interface ExamClock {
  now(): number;
  /** How fast `now` runs compared with real time (1, or more in tests). */
  speed: number;
}

export class ExamError extends Error {
  constructor(readonly code: 'exam-running' | 'exam-over' | 'no-questions' | 'not-found') {
    super(code);
    this.name = 'ExamError';
  }
}

export interface EngineDeps {
  dir: string;
  store: () => CatalogStore;
  clock: ExamClock;
  /** Image URL → what the renderer may load (null: none, 'missing': not cached). */
  image: (url: string | null | undefined) => string | null;
  guard: { lock(ids: Iterable<string>): void; unlock(ids: Iterable<string>): void };
  onWarning?: (attemptId: string, minutesLeft: number) => void;
  onDeadline?: (attemptId: string) => void;
}

const LETTERS = 'ABCDEFGHIJ';
const HEARTBEAT_MS = 15_000;
/** A gap longer than this between two signs of life means the app was closed (or crashed). */
const PAUSE_GAP_MS = 5_000;

export class ExamEngine {
  private readonly attempts = new Map<string, Attempt>();
  private lastPersistedBeat = 0;

  private constructor(private readonly deps: EngineDeps) {}

  private file(id: string) {
    return new JsonFile(join(this.deps.dir, `${id}.json`), attemptSchema);
  }

  /** Loads every attempt; a running one resumes, or is submitted if its strict deadline passed while closed. */
  static async open(deps: EngineDeps): Promise<ExamEngine> {
    const engine = new ExamEngine(deps);
    await mkdir(deps.dir, { recursive: true });
    for (const name of await readdir(deps.dir)) {
      if (!/^[0-9a-f-]{36}\.json$/.test(name)) continue;
      try {
        const attempt = await engine.file(name.slice(0, -5)).read();
        if (attempt) engine.attempts.set(attempt.id, attempt);
      } catch {
        // An unreadable attempt file is skipped, not fatal: the others still load.
      }
    }
    const running = engine.running();
    if (running) await engine.resume(running);
    return engine;
  }

  private now() {
    return this.deps.clock.now();
  }

  private async save(attempt: Attempt) {
    attempt.lastSeenAt = this.now();
    await this.file(attempt.id).write(attempt);
  }

  running(): Attempt | null {
    for (const attempt of this.attempts.values()) if (attempt.status === 'running') return attempt;
    return null;
  }

  private async resume(attempt: Attempt) {
    const now = this.now();
    const gap = now - attempt.lastSeenAt;
    if (!attempt.config.strict && attempt.deadline !== null && gap > PAUSE_GAP_MS) {
      attempt.deadline += gap; // practice option: the clock paused while the app was closed
    }
    attempt.currentSince = now;
    if (attempt.config.mode === 'timed') this.deps.guard.lock(attempt.questions.map((q) => q.questionId));
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

  async start(request: ExamRequest, settings: ExamSettings): Promise<ExamState> {
    if (this.running()) throw new ExamError('exam-running');
    const seed = settings.seed ?? newSeed();
    const random = seededRandom(seed);
    const chosen = selectQuestions(this.deps.store(), request, this.seen(), random, settings.shuffleQuestions ?? true);
    if (chosen.length === 0) throw new ExamError('no-questions');
    const now = this.now();
    const timeLimitMs =
      settings.mode === 'timed' && settings.timeLimitMinutes ? settings.timeLimitMinutes * 60_000 : null;
    const attempt: Attempt = {
      id: randomUUID(),
      version: 1,
      seed,
      config: {
        title: settings.title,
        mode: settings.mode,
        strict: settings.strict,
        timeLimitMs,
        // Only marks inside the time limit: a 20-minute exam is not warned "30 minutes left".
        warnings: [...(settings.warnings ?? [30, 5])]
          .filter((mark) => timeLimitMs === null || mark * 60_000 < timeLimitMs)
          .sort((a, b) => b - a),
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
      questions: chosen.map((question) => ({
        questionId: question.id,
        order: alternativeOrder(
          question.q.alternatives.map((a) => a.text),
          random,
          shuffle,
        ),
        answer: null,
        flagged: false,
        eliminated: [],
        timeMs: 0,
        revealed: false,
      })),
    };
    // Saved before anything reaches the renderer: a crash right after start loses nothing.
    await this.save(attempt);
    this.attempts.set(attempt.id, attempt);
    if (attempt.config.mode === 'timed') this.deps.guard.lock(attempt.questions.map((q) => q.questionId));
    return this.state(attempt);
  }

  current(): ExamState | null {
    const attempt = this.running();
    return attempt ? this.state(attempt) : null;
  }

  private question(id: string): StoredQuestion {
    const question = this.deps.store().get(id);
    if (!question) throw new ExamError('not-found');
    return question;
  }

  private view(entry: AttemptQuestion, index: number): ExamQuestionView {
    const question = this.question(entry.questionId);
    return {
      index,
      statement: question.q.statement,
      image: this.deps.image(question.q.imageUrl),
      subject: this.deps.store().subjectName(question.q.subject.id),
      exam: question.q.exam?.name ?? null,
      year: question.year,
      // Displayed order only, relettered A–E: nothing here tells the original letter or the key.
      alternatives: entry.order.map((original, position) => {
        const alternative = question.q.alternatives[original];
        return {
          letter: LETTERS[position] ?? String(position),
          text: alternative?.text ?? '',
          image: this.deps.image(alternative?.imageUrl),
        };
      }),
    };
  }

  private feedback(entry: AttemptQuestion): PracticeFeedback {
    const question = this.question(entry.questionId);
    const correctChoice = entry.order.findIndex(
      (original) => question.q.alternatives[original]?.id === question.correctId,
    );
    return { correct: entry.answer !== null && entry.answer === correctChoice, correctChoice };
  }

  private state(attempt: Attempt): ExamState {
    return {
      attemptId: attempt.id,
      title: attempt.config.title,
      mode: attempt.config.mode,
      strict: attempt.config.strict,
      seed: attempt.seed,
      deadline: attempt.deadline,
      clock: { now: this.now(), speed: this.deps.clock.speed },
      warnings: attempt.config.warnings,
      current: attempt.current,
      questions: attempt.questions.map((entry, index) => this.view(entry, index)),
      answers: attempt.questions.map((q) => q.answer),
      flags: attempt.questions.map((q) => q.flagged),
      eliminated: attempt.questions.map((q) => [...q.eliminated]),
      feedback: attempt.questions.map((q) =>
        attempt.config.mode === 'practice' && q.revealed ? this.feedback(q) : null,
      ),
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
    // Practice: once checked, an answer stays (the key was shown).
    if (practice && entry.revealed) return { saved: true, feedback: this.feedback(entry) };
    entry.answer = choice;
    if (practice && choice !== null) entry.revealed = true;
    await this.save(attempt);
    return { saved: true, feedback: practice && choice !== null ? this.feedback(entry) : null };
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

  async submit(attemptId: string): Promise<ExamResult> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt) throw new ExamError('not-found');
    if (attempt.status === 'running') {
      const late = attempt.deadline !== null && this.now() >= attempt.deadline;
      await this.submitNow(attempt, late ? 'deadline' : 'student');
    }
    return this.result(attemptId);
  }

  private async submitNow(attempt: Attempt, by: 'student' | 'deadline') {
    this.account(attempt);
    attempt.status = 'submitted';
    attempt.submittedBy = by;
    // A deadline submission is dated at the deadline, whenever main noticed it.
    attempt.submittedAt = by === 'deadline' && attempt.deadline !== null ? attempt.deadline : this.now();
    await this.save(attempt);
    this.deps.guard.unlock(attempt.questions.map((q) => q.questionId));
    if (by === 'deadline') this.deps.onDeadline?.(attempt.id);
  }

  result(attemptId: string): ExamResult {
    const attempt = this.attempts.get(attemptId);
    if (!attempt) throw new ExamError('not-found');
    // The key is delivered only after submission (invariant 1).
    if (attempt.status !== 'submitted' || attempt.submittedAt === null || attempt.submittedBy === null) {
      throw new ExamError('exam-running');
    }
    const questions = attempt.questions.map((entry, index) => {
      const view = this.view(entry, index);
      const stored = this.deps.store().get(entry.questionId);
      const feedback = this.feedback(entry);
      return {
        ...view,
        alternatives: view.alternatives.map((alternative, position) => ({
          ...alternative,
          originalLetter: stored?.q.alternatives[entry.order[position] ?? 0]?.letter ?? '',
        })),
        chosen: entry.answer,
        correctChoice: feedback.correctChoice,
        isCorrect: feedback.correct,
        flagged: entry.flagged,
        timeMs: entry.timeMs,
        difficulty: stored?.difficulty ?? null,
      };
    });
    const lines = (keyOf: (q: (typeof questions)[number]) => [string, string]): ScoreLine[] => {
      const map = new Map<string, ScoreLine>();
      for (const q of questions) {
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
      mode: attempt.config.mode,
      submittedBy: attempt.submittedBy,
      startedAt: attempt.createdAt,
      submittedAt: attempt.submittedAt,
      timeUsedMs: questions.reduce((sum, q) => sum + q.timeMs, 0),
      timeLimitMs: attempt.config.timeLimitMs,
      seed: attempt.seed,
      score: {
        correct: questions.filter((q) => q.isCorrect).length,
        answered: questions.filter((q) => q.chosen !== null).length,
        total: questions.length,
      },
      bySubject: lines((q) => [q.subject, q.subject]),
      byDifficulty: lines((q) => [q.difficulty ?? 'unknown', q.difficulty ?? 'unknown']),
      questions,
    };
  }

  history(): AttemptSummary[] {
    return [...this.attempts.values()]
      .sort((a, b) => b.createdAt - a.createdAt || Number(b.status === 'running') - Number(a.status === 'running'))
      .map((attempt) => {
        const result = attempt.status === 'submitted' ? this.safeResult(attempt.id) : null;
        return {
          attemptId: attempt.id,
          title: attempt.config.title,
          mode: attempt.config.mode,
          status: attempt.status,
          startedAt: attempt.createdAt,
          submittedAt: attempt.submittedAt,
          correct: result?.score.correct ?? 0,
          total: attempt.questions.length,
          bySubject: result?.bySubject ?? [],
        };
      });
  }

  private safeResult(id: string): ExamResult | null {
    try {
      return this.result(id);
    } catch {
      return null; // a question removed since (a pack deleted): the summary shows what it can
    }
  }

  /** A new attempt from the questions answered wrong (or left blank) in a submitted one. */
  async retryWrong(attemptId: string, settings: ExamSettings): Promise<ExamState> {
    const result = this.result(attemptId);
    const attempt = this.attempts.get(attemptId);
    const wrong = result.questions
      .filter((q) => !q.isCorrect)
      .map((q) => attempt?.questions[q.index]?.questionId ?? '');
    if (wrong.length === 0) throw new ExamError('no-questions');
    return this.start({ questionIds: wrong, count: wrong.length }, settings);
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
    if (!attempt) return;
    this.account(attempt);
    await this.save(attempt);
  }
}
