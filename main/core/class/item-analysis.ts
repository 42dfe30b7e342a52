// Classical item analysis of a class's answers to one fixed set of questions: what a tutor needs
// to see which questions the class missed, which distractor fooled it, and which item looks
// mis-keyed or tells nothing. Pure; the formulas are in docs/class-report.md.
import type { ClassReportView, ItemFlag } from '../../../preload/contract.js';
import { spreadOf, testStatistics, type TestStatistics } from './test-statistics.js';

export interface ItemInput {
  id: string;
  /** The key, as an original letter. */
  key: string;
  /** Every original letter, in order. */
  letters: string[];
  subject: string;
  area: string | null;
}

export interface StudentInput {
  name: string;
  /** Original letter chosen per item (same order as the items), null when blank. */
  choices: (string | null)[];
  /** Per item, whether this student saw it (absent: every one). One never seen is missing, not wrong. */
  sat?: boolean[];
  /** Milliseconds per item (same order). */
  timeMs: number[];
}

export type { ItemFlag };
/** One question's figures: the contract's shape (the class report screen shows it as it is). */
export type ItemStats = ClassReportView['items'][number];

export interface StudentStats {
  name: string;
  correct: number;
  total: number;
  timeMs: number;
  bySubject: { key: string; correct: number; total: number }[];
  byArea: { key: string; correct: number; total: number }[];
}

export interface GroupAverage {
  key: string;
  /** Mean share right over the class (0–1). */
  mean: number;
  items: number;
}

export interface ClassAnalysis {
  students: StudentStats[];
  items: ItemStats[];
  test: TestStatistics;
  bySubject: GroupAverage[];
  byArea: GroupAverage[];
  /** Size of each of the upper and lower groups. */
  groupSize: number;
  meanScore: number;
}

/** Thresholds of the flags (docs/class-report.md). */
export const FLAG_LIMITS = { easy: 0.9, hard: 0.2, discrimination: 0.2 } as const;
const GROUP_SHARE = 0.27;

function pearson(xs: number[], ys: number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((s, v) => s + v, 0) / n;
  const my = ys.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

function groupLines(
  items: ItemInput[],
  of: (item: ItemInput, i: number) => string | null,
  right: (item: number) => number,
): { key: string; correct: number; total: number }[] {
  const lines = new Map<string, { key: string; correct: number; total: number }>();
  items.forEach((item, i) => {
    const key = of(item, i);
    if (key === null) return;
    const line = lines.get(key) ?? { key, correct: 0, total: 0 };
    line.total += 1;
    line.correct += right(i);
    lines.set(key, line);
  });
  return [...lines.values()].sort((a, b) => a.key.localeCompare(b.key, 'pt-BR'));
}

export function analyseClass(items: ItemInput[], students: StudentInput[]): ClassAnalysis {
  const saw = (s: number, i: number) => students[s]?.sat?.[i] ?? true;
  const scored = students.map((s, index) =>
    items.map((item, i): number | null => (saw(index, i) ? (s.choices[i] === item.key ? 1 : 0) : null)),
  );
  const totals = scored.map((row) => row.reduce<number>((sum, v) => sum + (v ?? 0), 0));
  const seen = scored.map((row) => row.filter((v) => v !== null).length);
  // Upper and lower groups by share right of what each saw; ties broken by name so the same class
  // gives the same groups.
  const order = students
    .map((s, index) => ({ index, share: (totals[index] ?? 0) / Math.max(1, seen[index] ?? 0), name: s.name }))
    .sort((a, b) => b.share - a.share || a.name.localeCompare(b.name, 'pt-BR') || a.index - b.index);
  const groupSize = students.length === 0 ? 0 : Math.max(1, Math.round(students.length * GROUP_SHARE));
  const upper = new Set(order.slice(0, groupSize).map((o) => o.index));
  const lower = new Set(order.slice(-groupSize).map((o) => o.index));

  const itemStats = items.map((item, i): ItemStats => {
    // Only the students who saw the question speak of it.
    const who = students.flatMap((_, s) => (saw(s, i) ? [s] : []));
    const column = who.map((s) => scored[s]?.[i] ?? 0);
    const rest = who.map((s, k) => (totals[s] ?? 0) - (column[k] ?? 0));
    const n = who.length;
    const facility = n ? column.reduce((sum, v) => sum + v, 0) / n : 0;
    const share = (group: Set<number>) => {
      const members = who.filter((s) => group.has(s));
      return members.length ? members.reduce((sum, s) => sum + (scored[s]?.[i] ?? 0), 0) / members.length : 0;
    };
    const upperLower = share(upper) - share(lower);
    const chose = (s: number) => students[s]?.choices[i] ?? null;
    const distractors = item.letters.map((letter) => {
      let count = 0;
      let up = 0;
      let low = 0;
      who.forEach((s) => {
        if (chose(s) !== letter) return;
        count += 1;
        if (upper.has(s)) up += 1;
        if (lower.has(s)) low += 1;
      });
      return { letter, count, upper: up, lower: low, key: letter === item.key };
    });
    const blank = who.filter((s) => chose(s) === null).length;
    const pointBiserial = pearson(column, rest);
    const keyUpper = distractors.find((d) => d.key)?.upper ?? 0;
    const flags: ItemFlag[] = [];
    if (distractors.some((d) => !d.key && d.upper > keyUpper)) flags.push('miskeyed');
    if (facility >= FLAG_LIMITS.easy) flags.push('too-easy');
    if (facility <= FLAG_LIMITS.hard) flags.push('too-hard');
    if (pointBiserial !== null && pointBiserial < FLAG_LIMITS.discrimination) flags.push('low-discrimination');
    const times = who.map((s) => students[s]?.timeMs[i] ?? 0);
    return {
      ...spreadOf(column, rest),
      id: item.id,
      key: item.key,
      facility,
      pointBiserial,
      upperLower,
      distractors,
      blank,
      sat: n,
      meanTimeMs: n ? times.reduce((a, b) => a + b, 0) / n : 0,
      flags,
    };
  });

  const studentStats = students.map((s, index): StudentStats => {
    const row = scored[index] ?? [];
    const right = (i: number) => row[i] ?? 0;
    // A subject's line counts the questions this student saw.
    const of = (group: (item: ItemInput) => string | null) => (item: ItemInput, i: number) =>
      row[i] === null ? null : group(item);
    return {
      name: s.name,
      correct: totals[index] ?? 0,
      total: seen[index] ?? 0,
      timeMs: s.timeMs.reduce((a, b) => a + b, 0),
      bySubject: groupLines(
        items,
        of((item) => item.subject),
        right,
      ),
      byArea: groupLines(
        items,
        of((item) => item.area),
        right,
      ),
    };
  });

  const averages = (of: (item: ItemInput) => string | null): GroupAverage[] => {
    const groups = new Map<string, number[]>();
    items.forEach((item, i) => {
      const key = of(item);
      if (key !== null) groups.set(key, [...(groups.get(key) ?? []), itemStats[i]?.facility ?? 0]);
    });
    return [...groups]
      .map(([key, facilities]) => ({
        key,
        mean: facilities.reduce((a, b) => a + b, 0) / facilities.length,
        items: facilities.length,
      }))
      .sort((a, b) => a.key.localeCompare(b.key, 'pt-BR'));
  };

  return {
    students: studentStats,
    items: itemStats,
    // Over the questions every student saw (all of them when the class sat one form): KR-20 has no
    // meaning for answers that are not there.
    test: commonTest(scored, items.length),
    bySubject: averages((item) => item.subject),
    byArea: averages((item) => item.area),
    groupSize,
    meanScore: students.length ? totals.reduce((a, b) => a + b, 0) / students.length : 0,
  };
}

/** The test statistics over the questions every student saw. */
function commonTest(scored: (number | null)[][], items: number): TestStatistics {
  const common = Array.from({ length: items }, (_, i) => i).filter((i) => scored.every((row) => row[i] !== null));
  return testStatistics(
    scored.map((row) => common.map((i) => row[i] ?? 0)),
    common.length,
  );
}
