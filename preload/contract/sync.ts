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
