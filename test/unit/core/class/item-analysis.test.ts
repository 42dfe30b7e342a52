// Item statistics of a small class, checked against values computed independently (by hand for
// item 1, by a separate script for the rest; docs/class-report.md has the formulas). Item 2 is
// mis-keyed (the strong students chose C), item 3 discriminates negatively, item 4 everyone got.
import { describe, expect, it } from 'vitest';
import { analyseClass, type ItemInput } from '../../../../main/core/class/item-analysis.js';

const LETTERS = ['A', 'B', 'C', 'D', 'E'];
const KEYS = ['A', 'B', 'C', 'D', 'E', 'A'];
const items: ItemInput[] = KEYS.map((key, i) => ({
  id: `q${i + 1}`,
  key,
  letters: LETTERS,
  subject: i < 3 ? 'Matemática' : 'História',
  area: i < 3 ? 'matematica' : 'humanas',
}));
const rows: [string, (string | null)[]][] = [
  ['Ana', ['A', 'C', 'D', 'D', 'E', 'A']],
  ['Bia', ['A', 'C', 'D', 'D', 'E', 'A']],
  ['Caio', ['A', 'C', 'A', 'D', 'E', 'A']],
  ['Duda', ['A', 'B', 'C', 'D', 'E', 'B']],
  ['Enzo', ['A', 'C', 'C', 'D', 'E', 'C']],
  ['Flor', ['A', 'B', 'C', 'D', 'A', 'B']],
  ['Gui', ['B', 'B', 'C', 'D', 'A', null]],
  ['Hana', ['C', 'A', 'C', 'D', 'B', 'B']],
  ['Igor', ['B', 'B', 'C', 'D', 'B', 'C']],
  ['Juca', ['D', 'D', 'C', 'D', null, 'D']],
];
const students = rows.map(([name, choices], s) => ({
  name,
  choices,
  timeMs: choices.map((_, i) => (s + 1) * 1000 + i * 100),
}));
const analysis = analyseClass(items, students);
const item = (n: number) => analysis.items[n - 1];

describe('item analysis', () => {
  it('scores each student, by subject and area, with time used', () => {
    expect(analysis.students.map((s) => [s.name, s.correct])).toEqual([
      ['Ana', 4],
      ['Bia', 4],
      ['Caio', 4],
      ['Duda', 5],
      ['Enzo', 4],
      ['Flor', 4],
      ['Gui', 3],
      ['Hana', 2],
      ['Igor', 3],
      ['Juca', 2],
    ]);
    expect(analysis.students[0]?.bySubject).toEqual([
      { key: 'História', correct: 3, total: 3 },
      { key: 'Matemática', correct: 1, total: 3 },
    ]);
    expect(analysis.students[0]?.timeMs).toBe(6 * 1000 + 1500);
    expect(analysis.meanScore).toBeCloseTo(3.5, 10);
  });

  it('facility, point-biserial (item against the rest of the test) and the upper–lower 27 % index', () => {
    expect(analysis.groupSize).toBe(3); // round(10 × 0.27)
    const expected: [number, number | null, number][] = [
      [0.6, 0.6065, 1],
      [0.4, -0.3029, 0],
      [0.7, -0.6736, -0.6667],
      [1, null, 0],
      [0.5, 0.3162, 1],
      [0.3, -0.1502, 0.6667],
    ];
    expected.forEach(([facility, r, d], i) => {
      const stats = analysis.items[i];
      expect(stats?.facility, `facility ${i + 1}`).toBeCloseTo(facility, 4);
      if (r === null) expect(stats?.pointBiserial, `r ${i + 1}`).toBeNull();
      else expect(stats?.pointBiserial, `r ${i + 1}`).toBeCloseTo(r, 4);
      expect(stats?.upperLower, `D ${i + 1}`).toBeCloseTo(d, 4);
    });
  });

  it('counts every original letter chosen, in all and in the upper and lower groups, and blanks', () => {
    expect(item(2)?.distractors.map((d) => [d.letter, d.count, d.upper, d.lower])).toEqual([
      ['A', 1, 0, 1],
      ['B', 4, 1, 1],
      ['C', 4, 2, 0],
      ['D', 1, 0, 1],
      ['E', 0, 0, 0],
    ]);
    expect(item(5)?.blank).toBe(1);
    expect(item(6)?.blank).toBe(1);
    expect(item(1)?.meanTimeMs).toBe(5500);
  });

  it('flags the mis-keyed, the negative, the too easy and the uninformative items; leaves good ones alone', () => {
    expect(item(1)?.flags).toEqual([]);
    expect(item(2)?.flags).toEqual(['miskeyed', 'low-discrimination']);
    expect(item(3)?.flags).toEqual(['miskeyed', 'low-discrimination']);
    expect(item(4)?.flags).toEqual(['too-easy']);
    expect(item(5)?.flags).toEqual([]);
    expect(item(6)?.flags).toEqual(['low-discrimination']);
  });

  it('class averages per subject and area are the mean facility of their items', () => {
    expect(analysis.bySubject).toEqual([
      { key: 'História', mean: expect.closeTo(0.6, 10) as number, items: 3 },
      { key: 'Matemática', mean: expect.closeTo(0.5666667, 6) as number, items: 3 },
    ]);
    expect(analysis.byArea.map((a) => a.key)).toEqual(['humanas', 'matematica']);
  });

  it('a class of one or none has no correlation and no crash', () => {
    expect(analyseClass(items, []).items[0]?.pointBiserial).toBeNull();
    const one = analyseClass(items, [students[0] ?? { name: '', choices: [], timeMs: [] }]);
    expect(one.groupSize).toBe(1);
    expect(one.items[0]?.pointBiserial).toBeNull();
  });
});
