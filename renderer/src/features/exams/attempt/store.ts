// The running attempt as the renderer holds it: one mirror of main's ExamState, fed by the bridge's
// answers and main's events, read by the exam's components through useAttempt (React's
// useSyncExternalStore). What the student does shows at once; the save to main runs behind it (main
// acknowledges only once it is on disk), and whatever main answers back is taken here, in one place.
import type { BridgeErrorValue, ExamAppApi, ExamState, ReviewGrade } from '../../../../../preload/contract';
import { readBridgeError } from '../../../../../preload/contract';

/** The bridge calls an attempt makes (the app's window.examApp; tests pass one over real services). */
export type AttemptBridge = Pick<
  ExamAppApi,
  | 'exam:current'
  | 'exam:visit'
  | 'exam:answer'
  | 'exam:flag'
  | 'exam:guess'
  | 'exam:eliminate'
  | 'exam:rate'
  | 'exam:undo-rating'
  | 'exam:submit'
  | 'on'
>;

export interface AttemptView {
  /** Main's state with the student's edits not yet acknowledged; `current` is the question shown. */
  exam: ExamState;
  /** Saves under way (the header says "Salvando…" while any is). */
  pending: number;
  /** The last refusal, shown under the exam; an ended attempt is `ended`, not an error. */
  error: BridgeErrorValue | null;
  /** Minutes left at main's last warning mark. */
  warning: number | null;
  /** Main handed the attempt in at its deadline. */
  timeUp: boolean;
  /** The attempt is over (handed in here, at the deadline, or found over by main). */
  ended: boolean;
}

/** A copy of `list` with item `index` replaced. */
const replaced = <T>(list: readonly T[], index: number, value: T): T[] =>
  list.map((item, i) => (i === index ? value : item));

export class AttemptStore {
  private view: AttemptView;
  private readonly listeners = new Set<() => void>();

  constructor(
    initial: ExamState,
    private readonly bridge: AttemptBridge,
  ) {
    this.view = { exam: initial, pending: 0, error: null, warning: null, timeUp: false, ended: false };
  }

  get attemptId(): string {
    return this.view.exam.attemptId;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): AttemptView => this.view;

  private set(change: Partial<AttemptView>): void {
    this.view = { ...this.view, ...change };
    this.listeners.forEach((listener) => listener());
  }

  private edit(change: (exam: ExamState) => Partial<ExamState>): void {
    this.set({ exam: { ...this.view.exam, ...change(this.view.exam) } });
  }

  /** Main's events for this attempt: a warning mark, a hand-in at the deadline. Returns the unsubscribe. */
  connect(): () => void {
    const offWarning = this.bridge.on('exam:warning', (event) => {
      if (event.attemptId === this.attemptId) this.set({ warning: event.minutesLeft });
    });
    const offSubmitted = this.bridge.on('exam:submitted', (event) => {
      if (event.attemptId === this.attemptId) this.set({ timeUp: true, ended: true });
    });
    return () => {
      offWarning();
      offSubmitted();
    };
  }

  /** One save to main: counted while under way; a refusal is shown, an attempt found over ends it. */
  private async save<T>(work: () => Promise<T>): Promise<T | null> {
    this.set({ pending: this.view.pending + 1 });
    try {
      return await work();
    } catch (caught) {
      const error = readBridgeError(caught);
      if (error.code === 'exam-over') this.set({ ended: true });
      else this.set({ error });
      return null;
    } finally {
      this.set({ pending: this.view.pending - 1 });
    }
  }

  /** Main's state again (a review's rating can bring a card back or take a repeat away). */
  private adopt(fresh: ExamState, moveTo?: number): void {
    this.set({ exam: { ...fresh, current: moveTo ?? this.view.exam.current } });
  }

  /** Main's state of this attempt now; null once it has ended (or main could not say). */
  private async mainsState(): Promise<ExamState | null> {
    const fresh = await this.bridge['exam:current']({}).catch(() => null);
    return fresh?.attemptId === this.attemptId ? fresh : null;
  }

  private async reread(): Promise<void> {
    const fresh = await this.mainsState();
    if (fresh) this.adopt(fresh);
  }

  /** Shows question `index`; returns whether it moved. */
  visit(index: number): boolean {
    const { current, questions } = this.view.exam;
    if (index < 0 || index >= questions.length || index === current) return false;
    this.edit(() => ({ current: index }));
    void this.save(() => this.bridge['exam:visit']({ attemptId: this.attemptId, index }));
    return true;
  }

  /**
   * Chooses an alternative of the question shown (in a timed exam, choosing it again clears it). A
   * practice answer comes back checked: resolves true when feedback arrived.
   */
  async choose(choice: number): Promise<boolean> {
    const { current, answers, feedback, mode, kind } = this.view.exam;
    const practice = mode === 'practice';
    if (practice && feedback[current]) return false;
    const next = answers[current] === choice && !practice ? null : choice;
    this.edit((exam) => ({ answers: replaced(exam.answers, current, next) }));
    const ack = await this.save(() =>
      this.bridge['exam:answer']({ attemptId: this.attemptId, index: current, choice: next }),
    );
    if (!ack) return false;
    if (ack.feedback) this.edit((exam) => ({ feedback: replaced(exam.feedback, current, ack.feedback) }));
    if (ack.grade) {
      this.edit((exam) => ({ grades: replaced(exam.grades, current, ack.grade) }));
      // A missed card comes back at the end of the session: the list grows.
      if (kind === 'review') await this.reread();
    }
    return ack.feedback !== null;
  }

  toggleFlag(): void {
    const { current, flags } = this.view.exam;
    const flagged = !flags[current];
    this.edit((exam) => ({ flags: replaced(exam.flags, current, flagged) }));
    void this.save(() => this.bridge['exam:flag']({ attemptId: this.attemptId, index: current, flagged }));
  }

  async toggleGuess(): Promise<void> {
    const { current, guessed, feedback, kind } = this.view.exam;
    const next = !guessed[current];
    this.edit((exam) => ({ guessed: replaced(exam.guessed, current, next) }));
    const ack = await this.save(() =>
      this.bridge['exam:guess']({ attemptId: this.attemptId, index: current, guessed: next }),
    );
    // In a review, a guess changes the rating main inferred: read it back.
    if (ack && kind === 'review' && feedback[current]) {
      const fresh = await this.mainsState();
      if (fresh) this.edit(() => ({ grades: fresh.grades }));
    }
  }

  toggleEliminated(choice: number): void {
    const { current, eliminated } = this.view.exam;
    const struck = !(eliminated[current] ?? []).includes(choice);
    this.edit((exam) => ({
      eliminated: exam.eliminated.map((list, i) =>
        i !== current ? list : struck ? [...list, choice] : list.filter((c) => c !== choice),
      ),
    }));
    void this.save(() =>
      this.bridge['exam:eliminate']({ attemptId: this.attemptId, index: current, choice, eliminated: struck }),
    );
  }

  /** A review's rating of the checked question shown. */
  async rate(grade: ReviewGrade): Promise<void> {
    const { current, feedback, kind } = this.view.exam;
    if (kind !== 'review' || !feedback[current]) return;
    this.edit((exam) => ({ grades: replaced(exam.grades, current, grade) }));
    const ack = await this.save(() => this.bridge['exam:rate']({ attemptId: this.attemptId, index: current, grade }));
    if (ack) await this.reread();
  }

  /** Takes the session's last rating back: that question again, unrated. Resolves true when it did. */
  async undo(): Promise<boolean> {
    const { kind, undoable } = this.view.exam;
    if (kind !== 'review' || undoable === null) return false;
    const fresh = await this.save(() => this.bridge['exam:undo-rating']({ attemptId: this.attemptId }));
    if (!fresh) return false;
    this.adopt(fresh, fresh.current);
    return true;
  }

  /** Hands the attempt in; resolves true once main has graded it. */
  async submit(): Promise<boolean> {
    const result = await this.save(() => this.bridge['exam:submit']({ attemptId: this.attemptId }));
    if (result) this.set({ ended: true });
    return result !== null;
  }
}
