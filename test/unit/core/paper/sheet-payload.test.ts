// The sheet's two codes say which they are: the copy's mark (`EP1C`) keeps a code read through a
// map shifted from one box onto the other from being taken for the sheet (locate.ts), and sheets
// printed before the copy (`EP1` only) still read as themselves.
import { describe, expect, it } from 'vitest';
import {
  isCopyPayload,
  parseSheetPayload,
  payloadBox,
  QR_BOX,
  QR_CODES,
  QR_COPY_BOX,
  sheetPayload,
} from '../../../../main/core/paper/sheet-layout.js';

const id = { code: 'P7K2M9Q', sheet: 12, page: 1, pages: 2 };

describe('the sheet’s codes', () => {
  it('the code and its copy name the same sheet, each marked for its own box', () => {
    for (const { box, copy } of QR_CODES) {
      const text = sheetPayload(id, copy);
      expect(parseSheetPayload(text)).toEqual(id);
      expect(isCopyPayload(text)).toBe(copy);
      expect(payloadBox(text)).toBe(box);
    }
    expect(QR_CODES.map((c) => c.box)).toEqual([QR_BOX, QR_COPY_BOX]);
  });

  it('a sheet printed before the copy reads as itself, from the first box', () => {
    expect(parseSheetPayload('EP1 P7K2M9Q 12 1/2')).toEqual(id);
    expect(isCopyPayload('EP1 P7K2M9Q 12 1/2')).toBe(false);
  });

  it('a text that only looks like a mark is no sheet', () => {
    for (const text of ['EP1CP7K2M9Q 12 1/2', 'EP2 P7K2M9Q 12 1/2', 'EP1C P7K2M9Q 12 3/2', 'EP1X P7K2M9Q 12 1/2'])
      expect(parseSheetPayload(text)).toBeNull();
  });
});
