// A scanned batch on disk: a second reading of a sheet replaces the first unless it was graded,
// the tutor's decisions never touch a graded sheet, and closing removes the batch (not its attempts).
import { afterEach, describe, expect, it } from 'vitest';
import type { ScannedSheet } from '../../../../preload/contract.js';
import { ScanSessions } from '../../../../main/core/paper/scan-sessions.js';
import { scratchDir } from '../../../support/temp.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const sheet = (number: number, answers: string, version: number | null = 1): ScannedSheet => ({
  code: 'P0000AA',
  sheet: number,
  source: `turma.pdf p. ${number}`,
  version,
  language: null,
  nameCrop: 'data:image/png;base64,AA==',
  answers,
  flags: answers.includes('?')
    ? [{ question: answers.indexOf('?') + 1, kind: 'doubtful', marks: [], fill: [0.4, 0, 0, 0, 0], crop: '' }]
    : [],
});

describe('scan sessions', () => {
  it('keep a batch on disk: readings, decisions and gradings, until closed', async () => {
    const dir = await scratchDir(cleanups);
    const sessions = new ScanSessions(dir);
    await sessions.addScan('P0000AA', { sheets: [sheet(1, 'AB?DE'), sheet(2, 'ABCDE', null)], refused: [] }, 10);
    await sessions.saveReviews(
      'P0000AA',
      [
        { sheet: 1, student: 'Ana', version: 1, language: null, decided: { '3': 'C' } },
        { sheet: 2, student: 'Bruno', version: 2, language: null, decided: {} },
      ],
      11,
    );
    await sessions.markGraded('P0000AA', 1, { attemptId: 'a1', correct: 5, total: 5 }, 12);
    // Another instance (a restart) reads what the first one wrote.
    const again = new ScanSessions(dir);
    let session = await again.get('P0000AA');
    expect(session?.sheets.map((s) => [s.sheet.sheet, s.review.student, s.graded?.attemptId ?? null])).toEqual([
      [1, 'Ana', 'a1'],
      [2, 'Bruno', null],
    ]);
    // The same pile read again: sheet 1 stays graded as it was; sheet 2 is the new reading, fresh.
    await again.addScan(
      'P0000AA',
      {
        sheets: [sheet(1, 'EEEEE'), sheet(2, 'ABCDA'), sheet(3, 'AAAAA')],
        refused: [{ source: 'x.jpg', reason: 'unreadable', detail: '' }],
      },
      13,
    );
    // A decision sent for a graded sheet changes nothing of it.
    session = await again.saveReviews(
      'P0000AA',
      [{ sheet: 1, student: 'Outra', version: 1, language: null, decided: {} }],
      14,
    );
    expect(session?.sheets.map((s) => [s.sheet.sheet, s.sheet.answers, s.review.student])).toEqual([
      [1, 'AB?DE', 'Ana'],
      [2, 'ABCDA', ''],
      [3, 'AAAAA', ''],
    ]);
    expect(session?.refused).toHaveLength(1);
    await again.close('P0000AA');
    expect(await again.get('P0000AA')).toBeNull();
    expect(await again.get('../etc')).toBeNull();
  });

  it('loses nothing when a grading, the tutor’s decisions and a second scan overlap', async () => {
    const dir = await scratchDir(cleanups);
    const sessions = new ScanSessions(dir);
    await sessions.addScan('P0000AA', { sheets: [sheet(1, 'ABCDE'), sheet(2, 'ABCDE')], refused: [] }, 1);
    // Sent together, as the screen's autosave, a grading and a new scan can be.
    await Promise.all([
      sessions.markGraded('P0000AA', 1, { attemptId: 'a1', correct: 5, total: 5 }, 2),
      sessions.saveReviews('P0000AA', [{ sheet: 2, student: 'Bia', version: 1, language: null, decided: {} }], 3),
      sessions.addScan('P0000AA', { sheets: [sheet(3, 'AAAAA')], refused: [] }, 4),
    ]);
    const session = await new ScanSessions(dir).get('P0000AA');
    expect(session?.sheets.map((s) => [s.sheet.sheet, s.review.student, s.graded?.attemptId ?? null])).toEqual([
      [1, '', 'a1'],
      [2, 'Bia', null],
      [3, '', null],
    ]);
  });
});
