// Practice packs: their summaries, imports, previews, built files, Moodle imports, and a pack the OS opened.
import type { BridgeErrorValue } from './errors.js';

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

/** Moodle XML imported as a new pack: in the library, and as a file to hand out. */
export interface MoodleImportResult extends PackImportResult {
  fileName: string;
  data: Uint8Array<ArrayBuffer>;
  /** Questions left out, and why. */
  skipped: { name: string; reason: 'type' | 'no-single-answer' | 'too-few-answers' | 'empty' }[];
}

/** A pack the OS asked to open, already checked: what it holds, or why it cannot be imported. */
export type PackOffer =
  /** `sha256` names the exact bytes read: the import that follows the confirmation is of those bytes. */
  | { name: string; token: string; title: string; questions: number; sha256: string; error: null }
  | { name: string; token: null; title: null; questions: 0; sha256: null; error: BridgeErrorValue };
