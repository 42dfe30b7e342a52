// Every CSV of the class report read back as a spreadsheet reads it (by its header's names), each
// column's values held against the report's own figures: a header and rows that disagree by one
// column put every figure after it under another name.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { analyseClass, type ItemInput, type StudentInput } from '../../../../main/core/class/item-analysis.js';
import { classReportCsv, type ClassReport } from '../../../../main/core/class/report.js';
import { classTri } from '../../../../main/core/class/irt.js';
import { simulateClass } from '../../../support/irt-sim.js';

const LETTERS = ['A', 'B', 'C', 'D', 'E'];

/** A class of `students` on `count` items (2PL), as the report builds it, and its TRI. */
function simulatedReport(students: number, count: number) {
  const sim = simulateClass(students, count, 41, '2pl');
  const items: ItemInput[] = Array.from({ length: count }, (_, i) => ({
    id: `q${i}`,
    key: LETTERS[i % 5] ?? 'A',
    letters: LETTERS,
    subject: i % 2 ? 'Física' : 'História',
    area: null,
  }));
  const inputs: StudentInput[] = sim.responses.map((row, s) => ({
    name: `Estudante ${s}`,
    // Right: the key; wrong: the next letter; the last item left blank by every seventh student.
    choices: row.map((right, i) =>
      i === count - 1 && s % 7 === 0 ? null : right ? (items[i]?.key ?? 'A') : (LETTERS[(i + 1) % 5] ?? 'B'),
    ),
    timeMs: row.map((_, i) => 30_000 + 1_000 * i),
  }));
  const analysis = analyseClass(items, inputs);
  const rows = inputs.map((student) => student.choices.map((choice, i) => (choice === items[i]?.key ? 1 : 0)));
  const cells = Uint8Array.from(rows.flat());
  const report: ClassReport = {
    pack: { id: 'turma', title: 'Turma', contentHash: 'x' },
    questions: items.map((item) => ({ id: item.id, key: item.key, subject: item.subject, area: null, statement: '' })),
    accepted: inputs.map((s) => ({ file: `${s.name}.examresult`, student: s.name, submittedAt: '2026-11-01' })),
    rejected: [],
    duplicates: [],
    analysis,
    responses: { students, items: count, cells },
  };
  return { report, tri: classTri(rows) };
}

const read = (text: string) => {
  const parsed = Papa.parse<Record<string, unknown>>(text.replace('\uFEFF', ''), {
    header: true,
    dynamicTyping: true,
    skipEmptyLines: true,
  });
  return { header: parsed.meta.fields ?? [], rows: parsed.data, errors: parsed.errors };
};

describe('the class report’s CSVs, read by their headers', () => {
  const { report, tri } = simulatedReport(300, 12);

  it('every row has exactly its header’s columns, in every file', () => {
    expect(tri.status).toBe('ok');
    for (const [name, text] of Object.entries(classReportCsv(report, tri))) {
      const lines = Papa.parse<string[]>(text.replace('\uFEFF', ''), { skipEmptyLines: true }).data;
      const width = lines[0]?.length ?? 0;
      for (const [n, line] of lines.entries()) expect(line.length, `${name} line ${n + 1}`).toBe(width);
    }
  });

  it('items.csv: each column holds what its name says (sat, the TRI’s a, b, class-scale b, c, infit, outfit, misfit)', () => {
    if (tri.status !== 'ok') throw new Error('no TRI');
    const { rows, errors } = read(classReportCsv(report, tri)['items.csv'] ?? '');
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(12);
    rows.forEach((row, i) => {
      const item = report.analysis.items[i];
      const fitted = tri.items[i];
      if (!item) throw new Error(`item ${i}`);
      expect(row.number).toBe(i + 1);
      expect(row.question_id).toBe(item.id);
      expect(row.facility).toBeCloseTo(item.facility, 3);
      expect(row.blank).toBe(item.blank);
      expect(row.sat).toBe(item.sat);
      expect(row.sat).toBe(300);
      if (!fitted) {
        expect([row.irt_a, row.irt_b, row.infit]).toEqual([null, null, null]);
        return;
      }
      expect(row.irt_a).toBeCloseTo(fitted.a, 3);
      expect(row.irt_b).toBeCloseTo(fitted.b, 3);
      expect(row.irt_b_class_scale).toBeCloseTo(500 + 100 * fitted.b, 1);
      expect(row.irt_c ?? null).toBe(fitted.c === null ? null : Number(fitted.c.toFixed(3)));
      expect(row.infit).toBeCloseTo(fitted.infit ?? Number.NaN, 3);
      expect(row.outfit).toBeCloseTo(fitted.outfit ?? Number.NaN, 3);
      expect(row.misfit ?? null).toBe(fitted.misfit ?? null);
    });
  });

  it('students.csv: scores, the TRI score and its band under their names', () => {
    if (tri.status !== 'ok') throw new Error('no TRI');
    const { rows } = read(classReportCsv(report, tri)['students.csv'] ?? '');
    rows.forEach((row, i) => {
      const student = report.analysis.students[i];
      const score = tri.students[i];
      if (!student || !score) throw new Error(`student ${i}`);
      expect(row.student).toBe(student.name);
      expect(row.correct).toBe(student.correct);
      expect(row.total).toBe(student.total);
      expect(row.tri_class_score).toBeCloseTo(score.score, 1);
      expect(row.tri_class_se).toBeCloseTo(score.se, 1);
      expect(Number(row.tri_class_low95)).toBeLessThan(Number(row.tri_class_score));
      expect(Number(row.tri_class_high95)).toBeGreaterThan(Number(row.tri_class_score));
    });
  });
});
