// Mock exams: presets, counts, the running attempt as the screen sees it, results, pacing, history.
import type { Difficulty, ExamRequest, ExamSettings } from '../schemas.js';
import type { AreaId, ForeignLanguage } from '../constants.js';
import type { ExplanationView } from './catalog.js';
import type { ReviewGrade } from './notebook.js';

/** One block of a national-exam format (an area, or its foreign-language part) and how full it can be. */
export interface ExamBlock {
  key: AreaId | `linguagens-${ForeignLanguage}`;
  needed: number;
  available: number;
}

export interface ExamPreset {
  id: 'enem-day1' | 'enem-day2' | 'enem-area' | 'quick-10';
  request: Omit<ExamRequest, 'sources'>;
  settings: Omit<ExamSettings, 'title'>;
}

export interface ExamCount {
  matching: number;
  unseen: number;
  /** Questions per area among the matching ones (for the national exam's presets). */
  byArea: Record<AreaId, number>;
  /** For an area-format request: each block and how many questions it can have (short when less). */
  blocks: ExamBlock[];
}

/** A mock exam, a retry of its misses, or a review session of the error notebook. */
export type AttemptKind = 'exam' | 'retry' | 'review';

/** A preset's or the default title, named so the renderer says it in the UI's language. */
export type TitleKey = ExamPreset['id'] | 'custom';

/** What an attempt is called: the renderer names it in the student's language (useAttemptTitle). */
export interface AttemptTitle {
  /** As given at start (the student's own words, or the generated title in the language of then). */
  title: string;
  kind: AttemptKind;
  /** Set when the title was generated: the renderer says it in the language of now. */
  titleKey: TitleKey | null;
}

/** One question as the student sees it during an attempt: no key, no original letters, no id. */
export interface ExamQuestionView {
  index: number;
  statement: string;
  image: string | null;
  subject: string;
  /** The national exam's area of its subject (the grid groups by it). */
  area: AreaId | null;
  exam: string | null;
  year: number | null;
  alternatives: { letter: string; text: string; image: string | null }[];
}

export interface ExamState extends AttemptTitle {
  attemptId: string;
  mode: 'timed' | 'practice';
  strict: boolean;
  seed: number;
  /** Epoch ms of main's clock; null when untimed. */
  deadline: number | null;
  /** Main's clock when this state was made, and how fast it runs (1 but in tests): for the countdown. */
  clock: { now: number; speed: number };
  warnings: number[];
  current: number;
  questions: ExamQuestionView[];
  answers: (number | null)[];
  flags: boolean[];
  eliminated: number[][];
  /** "Chutei": the student marked the answer as a guess. */
  guessed: boolean[];
  /** Practice mode: the feedback of questions already checked. */
  feedback: (PracticeFeedback | null)[];
  /** A notebook review session: the rating of each question answered (null elsewhere). */
  grades: (ReviewGrade | null)[];
  /** A notebook review session: the question is a card the student failed, back later in the session. */
  repeats: boolean[];
  /** A notebook review session: the question whose rating "undo" takes back (null: nothing to undo). */
  undoable: number | null;
}

/** What one rating of a checked review answer would schedule: the next review in `inMs`, or null (rests until the exam). */
export interface RatingPreview {
  grade: ReviewGrade;
  inMs: number | null;
}

export interface PracticeFeedback {
  correct: boolean;
  correctChoice: number;
  /** The worked solution, when the question has one. */
  explanation: ExplanationView | null;
}

export interface ExamReviewQuestion extends ExamQuestionView {
  /** originalLetter is null while the question is hidden. */
  alternatives: { letter: string; text: string; image: string | null; originalLetter: string | null }[];
  chosen: number | null;
  /**
   * True while the question is part of the exam running now: its key, correctness and original
   * letters are withheld (null) until that exam ends.
   */
  hidden: boolean;
  correctChoice: number | null;
  isCorrect: boolean | null;
  /** The worked solution (null while hidden, or when there is none). */
  explanation: ExplanationView | null;
  flagged: boolean;
  guessed: boolean;
  /** The alternatives the student struck through (displayed positions). */
  eliminated: number[];
  timeMs: number;
  difficulty: Difficulty | null;
  area: AreaId | null;
  /** The student's note on this question (null when none, or while hidden). */
  note: string | null;
  /** The question is a card of the error notebook (false while hidden). */
  inNotebook: boolean;
}

/** Time against the exam's budget: per question, per area, and where it was lost. */
export interface Pacing {
  /** The time per question the exam allows (its limit / its questions; 3 minutes when untimed). */
  budgetMs: number;
  byArea: { key: AreaId | 'other'; timeMs: number; budgetMs: number; count: number }[];
  /** Questions that took the most time beyond the budget, worst first (at most 5). */
  slowest: { index: number; timeMs: number }[];
}

/** The attempt running now, for the sidebar's countdown and the way back to it. */
export interface RunningExam extends AttemptTitle {
  attemptId: string;
  mode: 'timed' | 'practice';
  deadline: number | null;
  clock: { now: number; speed: number };
  answered: number;
  total: number;
}

export interface ScoreLine {
  key: string;
  label: string;
  correct: number;
  total: number;
}

export interface ExamResult extends AttemptTitle {
  attemptId: string;
  mode: 'timed' | 'practice';
  submittedBy: 'student' | 'deadline';
  startedAt: number;
  submittedAt: number;
  timeUsedMs: number;
  timeLimitMs: number | null;
  seed: number;
  /** `correct` counts visible questions only; `hidden` are withheld until the running exam ends. */
  score: { correct: number; answered: number; total: number; hidden: number };
  /**
   * A notebook review: its cards (a missed card's return later in the session is not another card)
   * and how many were recalled the first time they came up; null for any other attempt.
   */
  cards: { total: number; recalled: number } | null;
  /** Over the visible questions. */
  bySubject: ScoreLine[];
  /** Easy, medium, hard, then unknown. */
  byDifficulty: ScoreLine[];
  /** The national exam's areas (Linguagens, Humanas, Natureza, Matemática), those present. */
  byArea: ScoreLine[];
  pacing: Pacing;
  /** Answers marked as guesses, and how many of the visible ones were right. */
  guessed: { total: number; right: number };
  questions: ExamReviewQuestion[];
  /** The pack whose exam this was: its result file can be exported for the tutor. */
  pack: { id: string; title: string } | null;
  /** A sealed pack's exam before the tutor's code: answers saved, nothing graded (every question hidden). */
  awaitingRelease: boolean;
  /** Typed from a paper answer sheet: the paper exam, booklet version, student, double marks. */
  paper: PaperAttemptInfo | null;
}

/** A paper attempt's exam code, booklet version and colour, student, and double marks. */
// A type, not an interface: i18next takes it as interpolation values (an index signature).
export type PaperAttemptInfo = {
  code: string;
  version: number;
  colour: string;
  student: string | null;
  doubles: number;
  /** ENEM day 1: the foreign language the student answered 01–05 in. */
  language?: ForeignLanguage | null;
};

export interface AttemptSummary extends AttemptTitle {
  attemptId: string;
  mode: 'timed' | 'practice';
  status: 'running' | 'submitted';
  /** A full timed exam (not practice, not a retry of misses): only these drive the trend. */
  full: boolean;
  startedAt: number;
  submittedAt: number | null;
  /** Null while running, while some of its questions are in the exam running now, or while sealed. */
  correct: number | null;
  /** A sealed pack's exam waiting for the tutor's code. */
  awaitingRelease: boolean;
  /** Typed from a paper answer sheet: its booklet and student (null for any other attempt). */
  paper: PaperAttemptInfo | null;
  total: number;
  bySubject: ScoreLine[];
}
