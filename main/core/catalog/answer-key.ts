// Which alternative is correct — believed only when the server agrees with itself (docs/sync.md ›
// "Answer keys"). The spec marks the key twice: `isCorrect` on each alternative (a boolean) and
// `correctAlternative` (type not shown). A key is exactly one `isCorrect: true`; `correctAlternative`,
// where it can be matched to an alternative (by id, letter or position), must name the same one.
// Anything else keeps the question without a key: it is never used to grade a student.
import type { KeylessCause as ReportedCause } from '../../../preload/contract.js';
import type { ApiQuestion } from '../api/schemas.js';

/** Why a question has no key ('earlier-run' is the report's: a page stored by an earlier run). */
export type KeylessCause = Exclude<ReportedCause, 'earlier-run'>;

export type AnswerKey = { id: string; cause: null } | { id: null; cause: KeylessCause };

type Alternatives = ApiQuestion['alternatives'];

/** The key of a question, or why it has none. */
export function answerKeyOf(question: ApiQuestion): AnswerKey {
  // A loop, not a filter: a sync asks this of 50,000 questions.
  let flagged = -1;
  const { alternatives } = question;
  for (let i = 0; i < alternatives.length; i++) {
    if (alternatives[i]?.isCorrect !== true) continue;
    if (flagged !== -1) return { id: null, cause: 'several-marked' };
    flagged = i;
  }
  const key = alternatives[flagged];
  if (key === undefined) return { id: null, cause: 'none-marked' };
  return namesOther(alternatives, flagged, question.correctAlternative)
    ? { id: null, cause: 'contradicted' }
    : { id: key.id, cause: null };
}

/** The id of the correct alternative, or null when the question is not gradable. */
export function correctAlternativeId(question: ApiQuestion): string | null {
  return answerKeyOf(question).id;
}

/**
 * True when `named` can be matched to an alternative and that one is not the flagged one. A value
 * that matches nothing (null, an unknown letter, an empty object) says nothing either way.
 */
function namesOther(alternatives: Alternatives, flagged: number, named: unknown): boolean {
  if (typeof named === 'string') {
    // The common case first, with no string made: it names the marked one exactly (a sync asks 50,000 times).
    const marked = alternatives[flagged];
    if (named === marked?.letter || named === marked?.id) return false;
    const matched = matchText(alternatives, named);
    return matched !== null && matched !== flagged;
  }
  if (typeof named === 'number') return namesOtherByPosition(alternatives, flagged, named);
  if (named !== null && typeof named === 'object' && !Array.isArray(named)) {
    const record = named as Record<string, unknown>;
    return ['id', 'alternativeId', 'letter', 'position', 'index'].some((field) =>
      namesOther(alternatives, flagged, record[field]),
    );
  }
  return false;
}

/** The alternative a string names: an id first, else a letter (in any case, one match only). */
function matchText(alternatives: Alternatives, named: string): number | null {
  const text = named.trim();
  const byId = alternatives.findIndex((a) => a.id === text);
  if (byId !== -1) return byId;
  let found: number | null = null;
  for (let i = 0; i < alternatives.length; i++) {
    if (alternatives[i]?.letter.trim().toUpperCase() !== text.toUpperCase()) continue;
    if (found !== null) return null; // two alternatives share the letter: it names none
    found = i;
  }
  return found;
}

/**
 * A position could count from 0 or from 1 (the spec does not say): it agrees when either reading
 * names the flagged alternative, and contradicts only when every reading in range names another.
 */
function namesOtherByPosition(alternatives: Alternatives, flagged: number, position: number): boolean {
  if (!Number.isInteger(position)) return false;
  const readings = [position, position - 1].filter((i) => i >= 0 && i < alternatives.length);
  return readings.length > 0 && !readings.includes(flagged);
}
