import { describe, expect, it } from 'vitest';
import type { ApiQuestion } from '../../../main/core/api/schemas.js';
import { correctAlternativeId } from '../../../main/core/catalog/answer-key.js';

function question(
  correctAlternative: unknown,
  flags: (boolean | undefined)[] = [undefined, undefined, undefined],
): ApiQuestion {
  return {
    id: 'q',
    statement: 's',
    subject: { id: 'sub' },
    correctAlternative,
    alternatives: ['A', 'B', 'C'].map((letter, i) => ({
      id: `alt-${letter}`,
      letter,
      text: letter,
      isCorrect: flags[i],
    })),
  };
}

describe('correctAlternativeId', () => {
  it('trusts isCorrect first, even when correctAlternative disagrees', () => {
    expect(correctAlternativeId(question('A', [false, true, false]))).toBe('alt-B');
  });
  it.each([
    ['a letter', 'C', 'alt-C'],
    ['a lower-case letter', ' b ', 'alt-B'],
    ['an alternative id', 'alt-A', 'alt-A'],
    ['an object with id', { id: 'alt-C' }, 'alt-C'],
    ['an object with letter', { letter: 'B', text: 'x' }, 'alt-B'],
  ])('reads correctAlternative as %s', (_label, value, expected) => {
    expect(correctAlternativeId(question(value))).toBe(expected);
  });
  it.each([
    ['a bare number (0- or 1-based?)', 2],
    ['an unknown letter', 'Z'],
    ['null', null],
  ])('marks the question not gradable for %s', (_label, value) => {
    expect(correctAlternativeId(question(value))).toBeNull();
  });
  it('marks it not gradable when two alternatives claim to be correct', () => {
    expect(correctAlternativeId(question('A', [true, true, false]))).toBeNull();
  });
});
