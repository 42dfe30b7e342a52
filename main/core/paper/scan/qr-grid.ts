// The QR code read a second, independent way: jsQR finds a code by its three finder patterns, so a
// rub or a tear across one of them loses the whole code though its error correction could restore
// it. Here nothing is searched for: the sheet's corner squares already map the layout onto the scan,
// so every module's centre is known from the printed geometry (QR_BOX, a 4-module quiet zone, the
// versions we print). Each module is read as ink or paper and the grid is handed to ZXing's decoder,
// whose Reed–Solomon correction either restores the payload exactly or fails: never a guess. The
// caller accepts the text only when it parses as one of our sheets.
// The QR decoder alone (the package's index does not export it). Its `esm/` folder is not ESM to
// Node (the package has no "type": "module"), so the CommonJS build is imported, statically, so that
// the package check sees it (test/package).
import zxingDecoder from '@zxing/library/cjs/core/qrcode/decoder/Decoder.js';
import { QR_QUIET as QUIET, type Box } from '../sheet-layout.js';
import { project, type Homography } from './homography.js';
import { sample, type GrayImage } from './gray.js';

/**
 * Module counts tried, most likely first: version 2 (25, error correction H: what sheets print now,
 * up to sheet 999), version 1 (21, level M: sheets printed before), version 3 (29: sheet 1000 on,
 * or ten pages and more).
 */
const SIZES = [25, 21, 29] as const;

type QrDecoder = InstanceType<typeof zxingDecoder>;
/** Node hands a default import of CommonJS its exports object; a bundler or Vite hands its `default`. */
const QrDecoderClass = (zxingDecoder as unknown as { default?: typeof zxingDecoder }).default ?? zxingDecoder;
let decoder: QrDecoder | null = null;

/** Grey level of a module: the mean of a 3 × 3 pattern over its middle third (a blur or a speck averages out). */
function moduleLevel(image: GrayImage, map: Homography, box: Box, size: number, row: number, col: number): number {
  const pitch = box.width / (size + 2 * QUIET);
  let sum = 0;
  for (const dy of [-1, 0, 1])
    for (const dx of [-1, 0, 1]) {
      const x = box.x + (col + QUIET + 0.5 + dx / 6) * pitch;
      const y = box.y + (row + QUIET + 0.5 + dy / 6) * pitch;
      const [px, py] = project(map, x, y);
      sum += sample(image, px, py);
    }
  return sum / 9;
}

/** The threshold between two groups of levels that best separates them (Otsu, over 64 bins). */
function separating(levels: number[]): number {
  const bins = new Array<number>(64).fill(0);
  for (const level of levels) {
    const bin = Math.min(63, Math.floor(level / 4));
    bins[bin] = (bins[bin] ?? 0) + 1;
  }
  const total = levels.length;
  const sumAll = bins.reduce((sum, count, i) => sum + count * i, 0);
  let best = 32;
  let bestVariance = -1;
  let below = 0;
  let sumBelow = 0;
  for (let t = 0; t < 63; t++) {
    below += bins[t] ?? 0;
    sumBelow += t * (bins[t] ?? 0);
    const above = total - below;
    if (below === 0 || above === 0) continue;
    const meanBelow = sumBelow / below;
    const meanAbove = (sumAll - sumBelow) / above;
    const variance = below * above * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return (best + 1) * 4;
}

/** The code's text read from the module grid the map predicts, or null when no size decodes. */
export function readQrGrid(image: GrayImage, map: Homography, box: Box): string | null {
  decoder ??= new QrDecoderClass();
  for (const size of SIZES) {
    const levels: number[][] = [];
    for (let row = 0; row < size; row++) {
      const line: number[] = [];
      for (let col = 0; col < size; col++) line.push(moduleLevel(image, map, box, size, row, col));
      levels.push(line);
    }
    const threshold = separating(levels.flat());
    // One threshold for the whole code, then one per neighbourhood: a rubbed band leaves its modules
    // a faint grey, darker than the paper beside them but lighter than the code's own ink elsewhere.
    const global = levels.map((line) => line.map((level) => level < threshold));
    for (const bits of [global, localBits(levels, threshold, 1), localBits(levels, threshold, 3)]) {
      try {
        return decoder.decodeBooleanArray(bits).getText();
      } catch {
        // Another threshold or size, or a code beyond repair: the sheet is refused as before.
      }
    }
  }
  return null;
}

/** Least contrast (grey levels) a neighbourhood needs to be read on its own; below, the global threshold. */
const LOCAL_CONTRAST = 14;

/**
 * Each module against the midpoint of the darkest and lightest modules within `reach` of it (3 × 3
 * follows a narrow rubbed band, 7 × 7 a wide pale patch).
 */
function localBits(levels: number[][], global: number, reach: number): boolean[][] {
  const size = levels.length;
  return levels.map((line, row) =>
    line.map((level, col) => {
      let darkest = 255;
      let lightest = 0;
      for (let r = Math.max(0, row - reach); r <= Math.min(size - 1, row + reach); r++)
        for (let c = Math.max(0, col - reach); c <= Math.min(size - 1, col + reach); c++) {
          const value = levels[r]?.[c] ?? 255;
          if (value < darkest) darkest = value;
          if (value > lightest) lightest = value;
        }
      const threshold = lightest - darkest >= LOCAL_CONTRAST ? (darkest + lightest) / 2 : global;
      return level < threshold;
    }),
  );
}
