// The error notebook: its plan, readiness, memory model, filters, cards and overview.
import type { AreaId } from '../constants.js';

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
  /** Cards these limits do not reach by the eve: reviews the eve would take beyond the limit, new cards never introduced. */
  left: number;
  /** Below the goal, or leaving cards for the exam day: the smallest limits that reach it with none left; null when none would (too few days). */
  needed: { newPerDay: number; reviewsPerDay: number } | null;
  /** How the forecast assumes this student answers (main/core/notebook/behaviour.ts). */
  assumes: StudentBehaviour;
}

/** How a student answers, as the forecast assumes it: from their own log where it predicts better than the prior. */
export interface StudentBehaviour {
  /** Chance a missed question is recalled the first time it comes back. */
  firstSight: number;
  /** Chance a card is recalled at a learning step later in the same session. */
  step: number;
  /** Shares of the grades a recalled card gets. */
  grades: { hard: number; good: number; easy: number };
  /** Which of them come from the student's log (the rest are the prior). */
  learned: { firstSight: boolean; step: boolean; grades: boolean };
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
  /** Of them, reviews beyond the daily limit: on the eve of the exam only, when no later day is left for them. */
  eveOverLimit: number;
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
