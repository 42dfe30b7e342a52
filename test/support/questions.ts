// Small catalogs for tests that need questions but no API.
import type { ApiQuestion } from '../../main/core/api/schemas.js';
import type { SnapshotQuestion } from '../../main/core/exams/model.js';

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

/** A question as the notebook keeps it (an attempt's snapshot), own id `q<n>`. */
export function notebookQuestion(n: number): SnapshotQuestion {
  return {
    id: `q${n}`,
    baseId: `q${n}`,
    statement: `Questão ${n}: quanto é ${n} + ${n}?`,
    image: null,
    subject: 'Matemática',
    area: 'matematica',
    exam: null,
    year: null,
    difficulty: null,
    alternatives: ['A', 'B', 'C', 'D', 'E'].map((letter, i) => ({
      id: `q${n}-${letter}`,
      letter,
      text: String(2 * n + i),
      image: null,
    })),
    correctId: `q${n}-A`,
    explanation: null,
    explanationImage: null,
  };
}
