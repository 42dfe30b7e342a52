// What main's start loads: the bundle's top-level imports run before the window opens, for every
// student, and the printing and scanning libraries cost about 45 MB and 170–200 ms there (measured in
// docs/performance.md). Printing loads its own on the first print (paper/typeset.ts); scans are read
// in the decoding worker, and main keeps only the joining of sheets (scan/join-sheets.ts).
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { MAIN_TARGET } from '../../scripts/cli-target.mjs';

/** Loaded only when used: a print, a Moodle file, or a scan in the worker. */
const ON_DEMAND = [
  'pdfkit',
  'svg-to-pdfkit',
  'qrcode',
  '@napi-rs/canvas',
  'jsqr',
  '@zxing/library',
  'image-size',
  'pdfjs-dist',
  'fast-xml-parser',
];

/** The packages the bundle imports at its top level (an `import … from "x"` line), as built. */
async function loadedAtStart(): Promise<string[]> {
  const built = await esbuild.build({ ...MAIN_TARGET, bundle: true, write: false, logLevel: 'silent' });
  const text = built.outputFiles[0]?.text ?? '';
  return [...text.matchAll(/^import\s[^;]*?from\s*"([^"]+)";?$|^import\s*"([^"]+)";?$/gms)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

describe("main's start", () => {
  it('loads no printing or scanning library; a print loads its own', async () => {
    const loaded = await loadedAtStart();
    expect(loaded, 'the bundle was read').toContain('zod');
    const heavy = loaded.filter((specifier) =>
      ON_DEMAND.some((pkg) => specifier === pkg || specifier.startsWith(`${pkg}/`)),
    );
    expect(heavy).toEqual([]);
  });
});
