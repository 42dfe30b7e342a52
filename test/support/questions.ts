// Small catalogs for tests that need questions but no API.
import type { ApiQuestion } from '../../main/core/api/schemas.js';

const SUBJECTS = [
  ['mat', 'Matemática'],
  ['his', 'História'],
  ['bio', 'Biologia'],
  ['por', 'Língua Portuguesa'],
] as const;

/** Question n: subject by n % 4, correct alternative at n % 5, ENEM. */
export function sampleQuestion(n: number, extra: Partial<ApiQuestion> = {}): ApiQuestion {
  const [id, name] = SUBJECTS[n % 4] ?? SUBJECTS[0];
  return {
    id: `q${n}`,
    statement: `Enunciado ${n}`,
    subject: { id, name },
    exam: { id: 'enem', name: 'ENEM' },
    alternatives: ['A', 'B', 'C', 'D', 'E'].map((letter, i) => ({
      id: `q${n}-${letter}`,
      letter,
      text: `Texto ${letter} ${n}`,
      isCorrect: i === n % 5,
    })),
    correctAlternative: 'ABCDE'[n % 5],
    ...extra,
  };
}
