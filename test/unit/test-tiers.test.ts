// The suite's tiers (scripts/test-tiers.mjs) stay what docs/testing.md says they are: the long
// tier names files that exist, so none of them silently leaves CI; every testers' journey is in the
// quick tier `npm test` runs; and the tier a script asks for is one that exists.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONG_VITEST_FILES, selectedTier } from '../../scripts/test-tiers.mjs';

describe('the test tiers', () => {
  it('the long tier names test files that exist, none of them a whole folder', () => {
    expect(LONG_VITEST_FILES.length).toBeGreaterThan(0);
    for (const file of LONG_VITEST_FILES) {
      expect(file).toMatch(/^test\/(unit|integration)\/.+\.test\.ts$/);
      expect(existsSync(file), file).toBe(true);
    }
  });

  it('every testers’ journey runs in the quick tier', () => {
    const spec = readFileSync('test/e2e/journeys.spec.ts', 'utf8');
    const journeys = [...spec.matchAll(/^test\(\s*'journeys: [^']*',\s*(\w+)?/gm)];
    expect(journeys.length).toBeGreaterThanOrEqual(4);
    expect(journeys.map((match) => match[1])).toEqual(journeys.map(() => 'quick'));
  });

  it('a tier that does not exist is refused, not taken for everything', () => {
    expect(selectedTier({})).toBe('all');
    expect(selectedTier({ EXAM_PRACTICE_TIER: 'quick' })).toBe('quick');
    expect(() => selectedTier({ EXAM_PRACTICE_TIER: 'fast' })).toThrow(/quick, long or all/);
  });
});
