// Counts over the whole catalog read from its columns: `cli stats` made an entry and its head for
// each of 50,000 questions to count them (about 4 MB more at its peak, measured).
import type { Difficulty } from '../api/schemas.js';
import type { Exam, Subject } from './column-shapes.js';
import type { EntryColumns } from './entry-columns.js';

/** How many live rows hold each value. Subjects, exams and source lists are the tables' shared objects. */
export interface RowTally {
  total: number;
  /** Rows without an answer key. */
  keyless: number;
  subjects: Map<Subject, number>;
  exams: Map<Exam | null, number>;
  sourceLists: Map<string[], number>;
  years: Map<number | null, number>;
  difficulties: Map<Difficulty | null, number>;
}

const bump = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);

export function tallyRows(columns: EntryColumns): RowTally {
  const tally: RowTally = {
    total: 0,
    keyless: 0,
    subjects: new Map(),
    exams: new Map(),
    sourceLists: new Map(),
    years: new Map(),
    difficulties: new Map(),
  };
  for (const row of columns.liveRows()) {
    tally.total += 1;
    if (!columns.keyedAt(row)) tally.keyless += 1;
    bump(tally.subjects, columns.subjectAt(row));
    bump(tally.exams, columns.examAt(row));
    bump(tally.sourceLists, columns.sourcesAt(row));
    bump(tally.years, columns.yearAt(row));
    bump(tally.difficulties, columns.difficultyAt(row));
  }
  return tally;
}
