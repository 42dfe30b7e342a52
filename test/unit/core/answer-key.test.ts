import { describe, expect, it } from 'vitest';
import type { ApiQuestion } from '../../../main/core/api/schemas.js';
import { answerKeyOf, correctAlternativeId } from '../../../main/core/catalog/answer-key.js';

function question(correctAlternative: unknown, flags: boolean[] = [false, true, false]): ApiQuestion {
  return {
    id: 'q',
    statement: 's',
    subject: { id: 'sub' },
    correctAlternative,
    alternatives: ['A', 'B', 'C'].map((letter, i) => ({
      id: `alt-${letter}`,
      letter,
      text: letter,
      isCorrect: flags[i] ?? false,
    })),
  };
}

describe('the answer key: believed only when the server agrees with itself', () => {
  it.each([
    ['the letter', 'B'],
    ['a lower-case letter with spaces', ' b '],
    ['the alternative id', 'alt-B'],
    ['an object with id', { id: 'alt-B' }],
    ['an object with letter', { letter: 'B', text: 'x' }],
    ['its position counted from 1', 2],
    ['its position counted from 0', 1],
    ['nothing that names an alternative (null)', null],
    ['an unknown letter', 'Z'],
    ['absent', undefined],
  ])('is the one isCorrect alternative when correctAlternative is %s', (_label, value) => {
    expect(answerKeyOf(question(value))).toEqual({ id: 'alt-B', cause: null });
  });

  it.each([
    ['another letter', 'A'],
    ['another alternative id', 'alt-C'],
    ['an object naming another', { id: 'alt-A' }],
    ['a position that names another either way', 3],
  ])('is withheld when correctAlternative names %s', (_label, value) => {
    expect(answerKeyOf(question(value))).toEqual({ id: null, cause: 'contradicted' });
  });

  it('is withheld when no alternative is marked, whatever correctAlternative says', () => {
    // The case: every isCorrect false and correctAlternative 'A' must not grade by A.
    expect(answerKeyOf(question('A', [false, false, false]))).toEqual({ id: null, cause: 'none-marked' });
    expect(correctAlternativeId(question('A', [false, false, false]))).toBeNull();
  });

  it('is withheld when two alternatives are marked', () => {
    expect(answerKeyOf(question('A', [true, true, false]))).toEqual({ id: null, cause: 'several-marked' });
  });
});
