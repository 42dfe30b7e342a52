// Which alternative is correct. The spec fixes `isCorrect` on alternatives but not
// the type of `correctAlternative`, so `isCorrect` decides first and the other is
// read in every shape a server might plausibly send.
import type { ApiQuestion } from '../api/schemas.js';

/** The id of the correct alternative, or null when it cannot be determined (not gradable). */
export function correctAlternativeId(question: ApiQuestion): string | null {
  // A loop, not a filter: a sync asks this of 50,000 questions.
  let flagged: string | null = null;
  for (const alternative of question.alternatives) {
    if (alternative.isCorrect !== true) continue;
    if (flagged !== null) return null;
    flagged = alternative.id;
  }
  return flagged ?? fromCorrectAlternative(question, question.correctAlternative);
}

function fromCorrectAlternative(question: ApiQuestion, value: unknown): string | null {
  if (typeof value === 'string') {
    const text = value.trim();
    const byId = question.alternatives.find((a) => a.id === text);
    if (byId) return byId.id;
    const byLetter = question.alternatives.filter((a) => a.letter.trim().toUpperCase() === text.toUpperCase());
    return byLetter.length === 1 ? (byLetter[0]?.id ?? null) : null;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const field of ['id', 'letter', 'alternativeId']) {
      const found = fromCorrectAlternative(question, record[field]);
      if (found) return found;
    }
  }
  // A bare number is ambiguous (0- or 1-based): not guessed.
  return null;
}
