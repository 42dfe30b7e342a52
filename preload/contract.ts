// The one typed contract between main and renderer. Main validates every argument
// with these schemas; the renderer imports only this file's types and helpers.
// Nothing here imports main/: the renderer build must not pull in Node code.
import type { z } from 'zod';
import type { AreaId, ForeignLanguage } from './constants.js';
import type {
  Difficulty,
  ExamRequest,
  ExamSettings,
  LibraryFilter,
  Product,
  Scope,
  Settings,
  requestSchemas,
} from './schemas';

export type { Difficulty, ExamRequest, ExamSettings, LibraryFilter, Product, Scope, Settings };

// ---- values that cross the bridge -------------------------------------------

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** 'electron' in the app, 'harness' when the UI e2e harness drives the renderer. */
  shell: 'electron' | 'harness';
  dataDir: string;
}

export type StorageSecurity = 'secure' | 'weak' | 'unavailable';

export interface KeyStatus {
  product: Product;
  present: boolean;
  masked: string | null;
  baseUrl: string | null;
  sessionOnly: boolean;
}

export interface KeysOverview {
  keys: KeyStatus[];
  storageSecurity: StorageSecurity;
}

export interface RateWait {
  reason: 'minute-budget' | 'retry-after';
  until: number;
}

export interface SyncProgress {
  phase: 'exams' | 'questions' | 'images' | 'done';
  scope: string;
  pages: number;
  /** Pages whose answers arrived (paid for): each is stored, even when the sync is cancelled. */
  received: number;
  questions: number;
  total: number | null;
  images: { done: number; total: number; failed: number };
  requests: number;
  rateLimitWait: RateWait | null;
  dailyUsed: number;
}

export interface SyncReport {
  product: Product;
  scope: string;
  status: 'done' | 'quota-exhausted' | 'cancelled';
  total: number;
  questions: number;
  requests: number;
  retries: number;
  rateLimitWaits: number;
  images: { downloaded: number; failed: number };
  skipped: number;
  missing: number;
  resumed: boolean;
  durationMs: number;
}

export interface SyncEstimate {
  total: number;
  requests: number;
  dailyUsed: number;
  dailyLimit: number;
}

export interface SyncOverview {
  running: { scope: Scope; progress: SyncProgress | null } | null;
  /** Scopes whose last run stopped before the end: a new sync of them resumes. */
  resumable: Scope[];
  exams: { id: string; name: string }[];
  dailyUsed: Partial<Record<Product, number>>;
  dailyLimit: number;
}

export interface Facets {
  total: number;
  exams: { id: string; name: string }[];
  subjects: { id: string; name: string }[];
  years: number[];
  sources: string[];
}

export interface QuestionSummary {
  id: string;
  excerpt: string;
  exam: string | null;
  subject: string;
  year: number | null;
  difficulty: Difficulty | null;
  hasImage: boolean;
}

export interface QuestionPage {
  total: number;
  offset: number;
  items: QuestionSummary[];
}

/** A question as the renderer may see it: no isCorrect, no correctAlternative. */
export interface QuestionView {
  id: string;
  statement: string;
  /** `exam-image://img/<sha256>` when cached, null when there is none, 'missing' when not cached. */
  image: string | null;
  exam: string | null;
  subject: string;
  year: number | null;
  difficulty: Difficulty | null;
  sources: string[];
  gradable: boolean;
  alternatives: { id: string; letter: string; text: string; image: string | null }[];
}

export interface PackExamConfig {
  questionIds?: string[] | undefined;
  count?: number | undefined;
  timeLimitMinutes?: number | undefined;
  seed?: number | undefined;
  strictTimer?: boolean | undefined;
}

export interface PackSummary {
  id: string;
  title: string;
  description: string;
  author: string;
  createdAt: string;
  importedAt: number;
  questionCount: number;
  /** Its questions that are the ENEM's by where they came from (0: none enter ENEM presets). */
  enemQuestions: number;
  products: string[];
  examConfig?: PackExamConfig | undefined;
  /** Sealed answers, and whether the tutor's code released them. */
  sealed?: { released: boolean } | undefined;
}

export interface PackImportResult {
  pack: PackSummary;
  /** Questions new to this cache (the rest were already there from another source). */
  added: number;
}

export interface PackPreview {
  questions: number;
  images: number;
  missingImages: number;
  bytes: number;
}

export interface BuiltPackFile extends PackPreview {
  fileName: string;
  data: Uint8Array<ArrayBuffer>;
  /** A sealed pack's release code: shown to the tutor once, kept nowhere. */
  releaseCode: string | null;
}

// ---- exams ------------------------------------------------------------------

// Shared value lists live in a leaf module (no import circle with schemas.ts); re-exported here.
export { AREA_IDS, FOREIGN_LANGUAGES, PACK_FILE_MAX_BYTES, type AreaId, type ForeignLanguage } from './constants.js';

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

/** A worked solution as the renderer shows it: its text and its figure (a loadable address). */
export interface ExplanationView {
  text: string;
  image: string | null;
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

export interface CacheInfo {
  dataDir: string;
  questions: number;
  bytes: number;
  /** What clearing would take: questions synced from the API (can be synced again)… */
  syncedQuestions: number;
  /** …and questions of imported packs, kept unless the student asks to remove the packs too. */
  packQuestions: number;
  packs: number;
  /** Submitted and running attempts: never cleared (results keep their own copy of every question). */
  attempts: number;
}

// ---- the error notebook -------------------------------------------------------

/** Due today (or overdue), waiting to be introduced (new), being learnt, or known well enough to rest. */
export type NotebookStatus = 'due' | 'new' | 'learning' | 'mastered';
/** 1 again, 2 hard, 3 good, 4 easy. */
export type ReviewGrade = 1 | 2 | 3 | 4;

export interface NotebookPlan {
  /** The exam day, 'YYYY-MM-DD' (local); reviews end before it. */
  examDate: string | null;
  examLabel: string | null;
  /** FSRS's desired retention, 0.7–0.97: also the recall aimed at on the exam day. */
  retention: number;
  /** Cards a day, new ones included (5–1000; 60 unless the student sets it). */
  dailyLimit?: number | undefined;
  /** New cards introduced a day (0–500; 15 unless the student sets it; 0 pauses them). */
  newPerDay?: number | undefined;
  /** When the exam starts on its day, 'HH:MM' Brasília time (13:30, the ENEM's, unless set). */
  examTime?: string | undefined;
}

/** The plan's promise at the exam's hour, from its sessions simulated day by day (docs/notebook.md). */
export interface NotebookReadiness {
  /** The instant the exam starts (epoch ms). */
  examAt: number;
  cards: number;
  /** Cards whose predicted recall at that instant is at or above the target. */
  atTarget: number;
  /** The plan's goal: at least this many at the target (95 % of the cards). */
  goal: number;
  /** The lowest predicted recall at that instant (0–1), null without cards. */
  weakest: number | null;
  /** Below the goal: the smallest limits that would reach it; null when none would (too few days). */
  needed: { newPerDay: number; reviewsPerDay: number } | null;
}

/** The memory model the schedule uses: FSRS's defaults, or parameters fitted to this student. */
export interface NotebookModel {
  fitted: boolean;
  /** Reviews in the log so far, and the learnable reviews a fit waits for. */
  reviews: number;
  needed: number;
  /** The last fit's check on held-out reviews (lower is better), null before any. */
  check: {
    at: number;
    heldOut: number;
    logLoss: { fitted: number; defaults: number };
    rmse: { fitted: number; defaults: number };
  } | null;
}

export interface NotebookFilter {
  status?: NotebookStatus | undefined;
  area?: AreaId | undefined;
  subject?: string | undefined;
  source?: string | undefined;
  text?: string | undefined;
}

/** A card as the notebook lists it: nothing of its key. */
export interface NotebookCardView {
  /** The question's own id. */
  id: string;
  /** The start of the statement. */
  statement: string;
  /** The question's figure (a loadable address, 'missing' when its file is gone), or null. */
  image: string | null;
  subject: string;
  area: AreaId | null;
  exam: string | null;
  year: number | null;
  source: string;
  reason: 'wrong' | 'guessed' | 'added';
  status: NotebookStatus;
  /** Next review (epoch ms); null when none fits before the exam any more. */
  due: number | null;
  addedAt: number;
  reviews: number;
  lapses: number;
  /** The student's note (null when none, or while the question is in the exam running now). */
  note: string | null;
}

export interface NotebookOverview {
  plan: NotebookPlan;
  /** The likely first day of the next ENEM, offered as the exam date. */
  suggestedExamDate: string;
  today: string;
  /** Whole days from today to the exam day; null without a date or once it has passed. */
  daysToExam: number | null;
  total: number;
  /** Cards today's session still holds under the limits (new ones included). */
  dueToday: number;
  /** Of them, new cards. */
  newToday: number;
  /** New cards not introduced yet. */
  newWaiting: number;
  /** Cards the next seven days' sessions hold. */
  dueNext7Days: number;
  mastered: number;
  /** Cards each day's sessions hold (and new ones among them), from today to the eve of the exam (30 days without a date). */
  forecast: { date: string; count: number; fresh: number }[];
  /** At the exam's hour (null without a date ahead). */
  readiness: NotebookReadiness | null;
  model: NotebookModel;
  /** The last twelve weeks: reviews that tested memory, and those recalled. */
  retention: { weekStart: string; reviews: number; recalled: number }[];
  subjects: string[];
  sources: string[];
}

// ---- the tutor's class loop -------------------------------------------------

/** A student's result file, ready to save. */
/** A file the app offers to save (built by main, or a CSV the renderer wrote). */
export interface FileToSave {
  fileName: string;
  data: Uint8Array<ArrayBuffer> | string;
}

/** Where `files:save` put them: nothing (and no folder) when the user closed the dialog. */
export interface SavedFiles {
  folder: string | null;
  paths: string[];
}

export interface ResultFileOut {
  fileName: string;
  data: Uint8Array<ArrayBuffer>;
  student: string;
}

export type ItemFlag = 'miskeyed' | 'too-easy' | 'too-hard' | 'low-discrimination';

/** The class report as the tutor's screen shows it (docs/class-report.md). */
export interface ClassReportView {
  pack: { id: string; title: string };
  questions: { id: string; key: string; subject: string; area: string | null; statement: string }[];
  accepted: { file: string; student: string; submittedAt: string }[];
  rejected: { file: string; reason: string; detail: string }[];
  duplicates: { file: string; student: string; keptFile: string }[];
  students: {
    name: string;
    correct: number;
    total: number;
    timeMs: number;
    bySubject: { key: string; correct: number; total: number }[];
  }[];
  items: {
    id: string;
    key: string;
    facility: number;
    pointBiserial: number | null;
    upperLower: number;
    distractors: { letter: string; count: number; upper: number; lower: number; key: boolean }[];
    blank: number;
    meanTimeMs: number;
    flags: ItemFlag[];
    /** SD of the item's right/wrong scores (n − 1); null below 2 students. */
    sd: number | null;
    /** Discriminative efficiency (docs/class-report.md); null when it cannot be told. */
    efficiency: number | null;
  }[];
  /** The test as a whole, as Moodle's quiz statistics report it (main/core/class/test-statistics.ts). */
  test: {
    students: number;
    items: number;
    /** Mean number right. */
    mean: number;
    median: number;
    /** Of the number right (n − 1). */
    sd: number;
    /** Kuder–Richardson 20 (Cronbach's α for right/wrong items); null below 2 students or 2 items, or when every total is equal. */
    kr20: number | null;
    /** Standard error of measurement, SD·√(1 − KR-20), in questions; null when KR-20 is. */
    sem: number | null;
  };
  bySubject: { key: string; mean: number; items: number }[];
  byArea: { key: string; mean: number; items: number }[];
  groupSize: number;
  meanScore: number;
  /** The class's own TRI (main/core/class/irt.ts): calibrated on these students, on their scale. */
  tri: ClassTri;
  /** One CSV per table, by file name. */
  csv: Record<string, string>;
}

/** The class's TRI, or why there is none (too few students or usable items). */
export type ClassTri =
  | { status: 'refused'; reason: 'too-few-students' | 'too-few-items'; needed: number; have: number }
  | {
      status: 'ok';
      model: 'rasch' | '2pl' | '3pl';
      /** The class sizes where Rasch gives way to 2PL and 2PL to 3PL, and the least it calibrates. */
      thresholds: { minimum: number; twoPl: number; threePl: number };
      converged: boolean;
      /** Per student (the `students` order): 500 + 100 θ on the class's scale, and its standard error. */
      students: { score: number; se: number }[];
      /** Per item (the `items` order); null for an item everyone got right, or wrong. */
      items: ({ a: number; b: number; c: number; infit: number; outfit: number } | null)[];
      /** The test information at θ from −4 to 4 by 0.5. */
      information: { theta: number; information: number }[];
    };

/** A paper exam printed here, ready to grade. */
export interface PaperExamSummary {
  code: string;
  title: string;
  /** Rows of the answer sheet: the letters a student marks (01–05 once with a language choice). */
  questions: number;
  /** ENEM day 1: the sheet asks the foreign language; grading needs it. */
  languageChoice: boolean;
  /** A pack's exam: each graded sheet can go to the tutor's class report as a result file. */
  pack: boolean;
  createdAt: number;
  versions: { number: number; colour: string }[];
}

/** How a bubble of a scanned sheet reads: clearly filled, clearly empty, or for the tutor to decide. */
export type ScannedMark = 'blank' | 'marked' | 'doubtful';

/** A question of a scanned sheet the reader will not decide alone: a double mark or a doubtful bubble. */
export interface ScannedFlag {
  /** 1-based, as printed. */
  question: number;
  kind: 'double' | 'doubtful';
  marks: ScannedMark[];
  /** How full each bubble is, 0–1 (a filled bubble is near 1). */
  fill: number[];
  /** The row as scanned (PNG data URL), to decide by looking. */
  crop: string;
}

/** One student's answer sheet read from a scan: what grading needs, and what the tutor must confirm. */
export interface ScannedSheet {
  code: string;
  /** The sheet's printed number (its QR code). */
  sheet: number;
  /** Where it came from: file name and page. */
  source: string;
  /** The booklet colour marked, or null when none or more than one was (the tutor chooses). */
  version: number | null;
  /** The foreign language marked on an ENEM day-1 sheet; null when the sheet has none or none is clear. */
  language: ForeignLanguage | null;
  /** The name box as scanned (PNG data URL): read by the tutor, never by the app. */
  nameCrop: string;
  /** One symbol per question: A–E, '-' blank, '*' double, '?' doubtful (in `flags`). */
  answers: string;
  flags: ScannedFlag[];
}

export type ScanRefusalReason =
  | 'no-sheet'
  | 'upside-down'
  | 'sideways'
  | 'unreadable-code'
  | 'other-exam'
  | 'duplicate'
  | 'missing-page'
  | 'too-large'
  | 'too-many-pages'
  | 'not-an-image'
  | 'unreadable'
  /** The decoding worker's time for a page ran out (a PDF made to be slow). */
  | 'too-slow'
  /** Its corner squares could not be agreed on, or the bubbles are not where they put them. */
  | 'misregistered';

/** A page (or file) that gave no sheet, and why. */
export interface ScanRefusal {
  source: string;
  reason: ScanRefusalReason;
  /** The other exam's code, the page count, the size: what makes the reason concrete. */
  detail: string;
  /** A misregistered page as scanned (a small JPEG data URL): the tutor types that sheet instead. */
  crop?: string;
}

export interface ScanResult {
  sheets: ScannedSheet[];
  refused: ScanRefusal[];
}

/** What the tutor settled on a scanned sheet so far (saved as it is made). */
export interface ScanSheetReview {
  student: string;
  version: number | null;
  language: ForeignLanguage | null;
  /** Per flagged question (1-based, as a key): the letter, '-' blank or '*' double. */
  decided: Record<string, string>;
}

/**
 * A paper exam's scanned batch, kept until the tutor closes it: every sheet read, the tutor's
 * decisions, and what was graded (one click from its result and its result file).
 */
export interface ScanSession {
  code: string;
  startedAt: number;
  sheets: {
    sheet: ScannedSheet;
    review: ScanSheetReview;
    graded: { attemptId: string; correct: number; total: number } | null;
    /** Not graded in this batch, but this numbered sheet was graded before: that attempt. */
    earlier: string | null;
  }[];
  refused: ScanRefusal[];
}

/** Moodle XML imported as a new pack: in the library, and as a file to hand out. */
export interface MoodleImportResult extends PackImportResult {
  fileName: string;
  data: Uint8Array<ArrayBuffer>;
  /** Questions left out, and why. */
  skipped: { name: string; reason: 'type' | 'no-single-answer' | 'too-few-answers' | 'empty' }[];
}

/** A question by its id (library, notebook) or by its place in an attempt (results, review session). */
export type QuestionRef = { questionId: string } | { attemptId: string; index: number };

/** Settings before the student changes any (and whatever a settings file lacks). */
export const DEFAULT_SETTINGS: Settings = {
  language: 'pt-BR',
  theme: 'system',
  foreignLanguage: 'ingles',
  fontScale: 'normal',
  extraTime: false,
  readingWidth: false,
  reviewReminders: false,
  studentName: '',
  updates: true,
  updateChannel: 'stable',
};

export type UpdateChannel = Settings['updateChannel'];

/** Updates as Settings shows them (main/core/updates/policy.ts decides every part). */
export interface UpdateStatus {
  /** An installed copy: a development tree or the harness never updates itself. */
  supported: boolean;
  /**
   * Why not, when not: a development tree, a test build or the harness (`development`), or an
   * unsigned macOS build, which Squirrel.Mac refuses to update (`unsigned`).
   */
  unsupported: 'development' | 'unsigned' | null;
  enabled: boolean;
  channel: UpdateChannel;
  currentVersion: string;
  phase: 'idle' | 'checking' | 'downloading' | 'ready' | 'error';
  /** The new version (downloading or ready). */
  version: string | null;
  lastCheckAt: number | null;
  /** Ready and no exam running: "Restart and update" is offered. */
  canRestart: boolean;
  /** Ready, but an exam runs: it installs once the exam is over (at the next quit). */
  waitingForExam: boolean;
  error: string | null;
}

/** A pack the OS asked to open, already checked: what it holds, or why it cannot be imported. */
export type PackOffer =
  /** `sha256` names the exact bytes read: the import that follows the confirmation is of those bytes. */
  | { name: string; token: string; title: string; questions: number; sha256: string; error: null }
  | { name: string; token: null; title: null; questions: 0; sha256: null; error: BridgeErrorValue };

/** A result file the OS opened: what it is, with its bytes for the class report, or why it is refused. */
export type ResultOffer =
  | { name: string; student: string; packTitle: string; data: Uint8Array<ArrayBuffer>; error: null }
  | {
      name: string;
      student: null;
      packTitle: null;
      data: null;
      error: 'too-large' | 'invalid-json' | 'invalid-schema' | 'future-version' | 'checksum' | 'unreadable';
    };

/** A damaged file set aside at start or on read (kind tells what it held). */
export interface StorageNoticeView {
  kind:
    | 'attempt'
    | 'attempt-questions'
    | 'catalog-chunk'
    | 'catalog-index'
    | 'exams'
    | 'sync-state'
    | 'image-index'
    | 'pack-registry'
    | 'settings'
    | 'vault'
    | 'explanations'
    | 'notebook'
    | 'notebook-questions'
    | 'notes'
    | 'paper-exam'
    | 'scan-session';
  /** Relative to the data folder. */
  file: string;
  /** The last good copy took its place. */
  restored: boolean;
}

/** The largest .examresult a reader takes: the renderer sends no more of a file (one byte over is refused by name). */
export const RESULT_FILE_MAX_BYTES = 512 * 1024;

// ---- errors -----------------------------------------------------------------

export const ERROR_CODES = [
  'invalid-argument',
  'unauthorized',
  'forbidden',
  'not-found',
  'rate-limited',
  'quota-exhausted',
  'network',
  'timeout',
  'server',
  'invalid-response',
  'redirect-refused',
  'cancelled',
  'bad-request',
  'not-an-api',
  'insecure-storage',
  'no-key',
  'unreadable-key',
  'sync-running',
  'invalid-pack',
  'invalid-result',
  'wrong-code',
  'invalid-moodle',
  'sealed-pack',
  'empty-selection',
  'exam-running',
  'app-closing',
  'already-graded',
  'no-update',
  'exam-over',
  'no-questions',
  'not-enough-questions',
  'locked-by-exam',
  'external-url-refused',
  'insecure-url',
  'save-failed',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface BridgeErrorValue {
  code: ErrorCode;
  params?: Record<string, string | number>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorValue };

export class BridgeError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    // contextBridge copies only an error's message across worlds: the value rides in it.
    super(JSON.stringify({ code, params }));
    this.name = 'BridgeError';
  }
}

/** Reads a bridge error back on the renderer side, whatever world it crossed. */
export function readBridgeError(error: unknown): BridgeErrorValue {
  const message = error instanceof Error ? error.message : String(error);
  try {
    const value = JSON.parse(message) as Partial<BridgeErrorValue>;
    if (typeof value.code === 'string' && (ERROR_CODES as readonly string[]).includes(value.code)) {
      return { code: value.code, params: value.params ?? {} };
    }
  } catch {
    // not one of ours
  }
  return { code: 'internal', params: {} };
}

// ---- channels ---------------------------------------------------------------

export interface Responses {
  'app:info': AppInfo;
  'app:notices': StorageNoticeView[];
  'app:dismiss-notices': StorageNoticeView[];
  'keys:status': KeysOverview;
  'keys:connect': { product: Product; keys: KeysOverview };
  'keys:remove': KeysOverview;
  'sync:overview': SyncOverview;
  'sync:estimate': SyncEstimate;
  'sync:start': SyncReport;
  'sync:cancel': { cancelled: boolean };
  'catalog:facets': Facets;
  'catalog:query': QuestionPage;
  'catalog:question': QuestionView;
  'catalog:reveal': { correctAlternativeId: string | null };
  'catalog:explanation': ExplanationView | null;
  'catalog:set-explanation': ExplanationView | null;
  'settings:get': Settings;
  'settings:set': Settings;
  'cache:info': CacheInfo;
  'cache:clear': CacheInfo;
  'shell:open-external': { opened: boolean };
  'exam:presets': ExamPreset[];
  'exam:count': ExamCount;
  'exam:start': ExamState;
  'exam:current': ExamState | null;
  /** `grade`: in a review session, the rating inferred from the answer (the student may change it). */
  'exam:answer': { saved: true; feedback: PracticeFeedback | null; grade: ReviewGrade | null };
  'exam:flag': { saved: true };
  'exam:eliminate': { saved: true };
  'exam:guess': { saved: true };
  'exam:visit': { saved: true };
  'exam:submit': ExamResult;
  'exam:result': ExamResult;
  'exam:history': AttemptSummary[];
  /** Attempts main submitted at their deadline while no window was open (each told once). */
  'exam:missed-deadlines': ({ attemptId: string } & AttemptTitle)[];
  'exam:retry-wrong': ExamState;
  'packs:list': PackSummary[];
  'packs:import': PackImportResult;
  'packs:import-demo': PackImportResult;
  'packs:import-pending': PackImportResult;
  'packs:remove': PackSummary[];
  'packs:preview': PackPreview;
  'packs:build': BuiltPackFile;
  'notebook:overview': NotebookOverview;
  'notebook:list': NotebookCardView[];
  'notebook:add': { added: boolean; id: string };
  'notebook:remove': { removed: boolean };
  'notebook:set-plan': NotebookOverview;
  'notebook:start-review': ExamState;
  'exam:rate': { saved: true; grade: ReviewGrade };
  'exam:rating-preview': RatingPreview[];
  'exam:undo-rating': ExamState;
  'exam:presence': { saved: true };
  'notes:get': { text: string };
  'class:export-result': ResultFileOut;
  'packs:release': { released: number; packs: PackSummary[] };
  'packs:to-moodle': { fileName: string; data: Uint8Array<ArrayBuffer>; questions: number };
  'packs:from-moodle': MoodleImportResult;
  'paper:print': {
    code: string;
    /** ENEM day 1 printed in English and Spanish (false: one language only, or none in the exam). */
    languageChoice: boolean;
    files: { fileName: string; data: Uint8Array<ArrayBuffer> }[];
  };
  'paper:list': PaperExamSummary[];
  'paper:grade': ExamResult;
  'paper:scan': ScanResult;
  'paper:scan-session': ScanSession | null;
  'paper:scan-session-save': ScanSession | null;
  'paper:scan-session-close': { closed: true };
  'updates:status': UpdateStatus;
  'updates:check': UpdateStatus;
  'updates:install': UpdateStatus;
  'class:report': ClassReportView;
  'notes:set': { text: string };
  'files:save': SavedFiles;
}

export type Channel = keyof typeof requestSchemas;
export type Args<C extends Channel> = z.infer<(typeof requestSchemas)[C]>;

/** Every channel, by name: a unit test checks it lists exactly the schemas' channels. */
export const CHANNELS = [
  'app:info',
  'app:notices',
  'app:dismiss-notices',
  'keys:status',
  'keys:connect',
  'keys:remove',
  'sync:overview',
  'sync:estimate',
  'sync:start',
  'sync:cancel',
  'catalog:facets',
  'catalog:query',
  'catalog:question',
  'catalog:reveal',
  'catalog:explanation',
  'catalog:set-explanation',
  'settings:get',
  'settings:set',
  'cache:info',
  'cache:clear',
  'shell:open-external',
  'exam:presets',
  'exam:count',
  'exam:start',
  'exam:current',
  'exam:answer',
  'exam:flag',
  'exam:eliminate',
  'exam:guess',
  'exam:visit',
  'exam:submit',
  'exam:result',
  'exam:history',
  'exam:missed-deadlines',
  'exam:retry-wrong',
  'packs:list',
  'packs:import',
  'packs:import-demo',
  'packs:import-pending',
  'packs:remove',
  'packs:preview',
  'packs:build',
  'notebook:overview',
  'notebook:list',
  'notebook:add',
  'notebook:remove',
  'notebook:set-plan',
  'notebook:start-review',
  'exam:rate',
  'exam:rating-preview',
  'exam:undo-rating',
  'exam:presence',
  'notes:get',
  'notes:set',
  'class:export-result',
  'class:report',
  'packs:release',
  'packs:to-moodle',
  'packs:from-moodle',
  'paper:print',
  'paper:list',
  'paper:grade',
  'paper:scan',
  'paper:scan-session',
  'paper:scan-session-save',
  'paper:scan-session-close',
  'updates:status',
  'updates:check',
  'updates:install',
  'files:save',
] as const satisfies readonly Channel[];

export interface Events {
  'sync:progress': SyncProgress;
  'sync:done': SyncReport;
  /** The OS asked to open a pack (file association, command line): the renderer confirms first. */
  'packs:open-request': PackOffer;
  /** A student's result file the OS opened, checked: the class report adds it (nothing is written). */
  'class:open-request': ResultOffer;
  /** Main's clock reached a warning mark of the running attempt. */
  'exam:warning': { attemptId: string; minutesLeft: number };
  /** Main submitted the attempt itself (the deadline passed). */
  'exam:submitted': { attemptId: string; by: 'deadline' };
  /** Questions were added or removed (import, removal, sync, clearing): counts on screen are stale. */
  'catalog:changed': { questions: number };
  /** An attempt started or ended (by the student or the deadline): the one running now, if any. */
  'exam:running': RunningExam | null;
  /** A damaged file was set aside (some are read only when first needed): the full list now. */
  'app:notices': StorageNoticeView[];
  /** The notebook's cards or plan changed (a capture, a paper grading, a rating, an edit): its figures now. */
  'notebook:changed': { dueToday: number; total: number };
  /** Looking for, downloading or holding a new version: what Settings shows now. */
  'updates:changed': UpdateStatus;
}
export type EventName = keyof Events;
export const EVENTS: readonly EventName[] = [
  'sync:progress',
  'sync:done',
  'packs:open-request',
  'class:open-request',
  'exam:warning',
  'exam:submitted',
  'exam:running',
  'catalog:changed',
  'app:notices',
  'notebook:changed',
  'updates:changed',
];

// ---- the bridge -------------------------------------------------------------

/** What the renderer sees on window.examApp: one method per channel, one subscribe per event. */
export type ExamAppApi = {
  [C in Channel]: (args: Args<C>) => Promise<Responses[C]>;
} & {
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};

export interface Transport {
  invoke(channel: Channel, args: unknown): Promise<Result<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

/**
 * Events that ask the window for something (a file the OS opened at launch or at any moment): one
 * that arrives before a screen listens is kept and handed to the first listener, never lost to a
 * page still starting (the renderer mounts its screens only once the settings have come back).
 */
export const HELD_EVENTS: readonly EventName[] = ['packs:open-request', 'class:open-request'];

/** Turns a transport (ipcRenderer in preload, a Playwright binding in the harness) into the API. */
export function createBridge(transport: Transport): ExamAppApi {
  const api: Record<string, unknown> = {};
  for (const channel of CHANNELS) {
    api[channel] = async (args: unknown) => {
      const result = await transport.invoke(channel, args ?? {});
      if (!result.ok) throw new BridgeError(result.error.code, result.error.params);
      return result.value;
    };
  }
  const held = new Map<EventName, { waiting: unknown[]; listeners: Set<(payload: unknown) => void> }>();
  for (const event of HELD_EVENTS) {
    const entry = { waiting: [] as unknown[], listeners: new Set<(payload: unknown) => void>() };
    held.set(event, entry);
    transport.subscribe(event, (payload) => {
      if (entry.listeners.size === 0) entry.waiting.push(payload);
      else entry.listeners.forEach((listener) => listener(payload));
    });
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!EVENTS.includes(event)) throw new Error(`unknown event ${String(event)}`);
    const entry = held.get(event);
    if (!entry) return transport.subscribe(event, listener);
    entry.listeners.add(listener);
    entry.waiting.splice(0).forEach(listener);
    return () => void entry.listeners.delete(listener);
  };
  return api as ExamAppApi;
}
