// The steps the attempt crash child takes, shared with the test that replays them.
import type { ScannedSheet } from '../../preload/contract.js';

/** The step of group g: three calls at once, each on its own question (so their order does not matter). */
export function groupOps(g: number, count: number) {
  const at = (k: number) => (g * 3 + k) % count;
  return [
    { kind: 'answer' as const, index: at(0), value: g % 6 === 5 ? null : g % 5 },
    { kind: 'flag' as const, index: at(1), value: g % 2 === 0 },
    { kind: 'eliminate' as const, index: at(2), choice: g % 5, value: g % 3 !== 0 },
  ];
}

/** The scan batch the crash child works through: a paper exam's code and ten sheets as read. */
export const SCAN_BATCH_CODE = 'PCRASH1';

export function scanBatchSheets(): ScannedSheet[] {
  return Array.from({ length: 10 }, (_, n) => ({
    code: SCAN_BATCH_CODE,
    sheet: n + 1,
    source: `turma.pdf #${n + 1}`,
    version: 1,
    language: null,
    nameCrop: 'data:image/png;base64,',
    answers: 'ABCDE-ABCD',
    flags: [],
  }));
}
