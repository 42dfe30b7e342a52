// The catalog API: the keys and what the vault says of them, and sync runs (progress, report, estimate, overview).
import type { Product, Scope } from '../schemas.js';
import type { StorageSecurity } from './app.js';

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
  /** Questions kept without a key plus questions refused, each counted once. */
  skipped: number;
  missing: number;
  resumed: boolean;
  durationMs: number;
  /** Each question once, by what became of it (docs/sync.md › "The report"). */
  outcome: SyncOutcome;
  /**
   * Listings the client stopped because the server never ended them (pages bringing no new id, or
   * past ceil(total/limit) plus a margin): what they brought is kept, the catalog may be incomplete.
   */
  unendedListings: number;
}

/** Why a question was kept without a key (docs/sync.md › "Answer keys"). */
export type KeylessCause = 'none-marked' | 'several-marked' | 'contradicted' | 'earlier-run';
/** A display-or-filter field sent in a form that could not be read (shown as '—'). */
export type UnreadableField = 'year' | 'difficulty' | 'subjectName' | 'exam' | 'image';

export interface SyncOutcome {
  /** Kept with a key the server agreed on. */
  kept: number;
  /** Kept, in the library and practice, never in a graded exam; by cause. */
  keyless: { total: number; causes: Partial<Record<KeylessCause, number>> };
  /** Not kept: the spec's required fields missing or of another type; by the first such field. */
  refused: { total: number; causes: Record<string, number> };
  /** Kept questions with a field shown as '—', by field. */
  unreadable: Partial<Record<UnreadableField, number>>;
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
