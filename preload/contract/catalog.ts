// The offline library: facets, pages of question summaries, one question, its worked solution, a question by reference.
import type { Difficulty } from '../schemas.js';

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

/** A worked solution as the renderer shows it: its text and its figure (a loadable address). */
export interface ExplanationView {
  text: string;
  image: string | null;
}

/** A question by its id (library, notebook) or by its place in an attempt (results, review session). */
export type QuestionRef = { questionId: string } | { attemptId: string; index: number };
