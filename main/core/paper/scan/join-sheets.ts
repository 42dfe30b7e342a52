// The pages of a stack of scans joined into sheets, in main: kept apart from the reading
// (scan.ts, in the decoding worker) so that main never loads the image and QR libraries it uses.
import type { ScannedSheet, ScanRefusal, ScanResult } from '../../../../preload/contract.js';
import { sheetPages } from '../sheet-layout.js';
import type { PageOutcome, PageReading, ScanTarget } from './scan.js';

/** What main keeps of each file: the pages read, with their source named for the tutor. */
export interface FileReading {
  name: string;
  pages: PageOutcome[];
  /** The file (or the pages from `source` on) could not be read: why. */
  refused: ScanRefusal[];
}

/** A page read, named as the tutor sees it ("turma.pdf · p. 3"). */
type SourcedPage = PageReading & { source: string };

/** The pages of every file joined into sheets, in the order of their printed number. Main only. */
export function joinSheets(files: FileReading[], target: ScanTarget): ScanResult {
  const refused: ScanRefusal[] = [];
  const pages = new Map<number, Map<number, SourcedPage>>();
  const expectedPages = sheetPages(target.questions);
  for (const file of files) {
    for (const outcome of file.pages) {
      const source = `${file.name} · p. ${outcome.page}`;
      if ('refused' in outcome) {
        refused.push({
          source,
          reason: outcome.refused,
          detail: outcome.detail ?? '',
          ...(outcome.crop && { crop: outcome.crop }),
        });
        continue;
      }
      const { identity, reading } = outcome;
      if (!reading || identity.code !== target.code || identity.pages !== expectedPages) {
        refused.push({ source, reason: 'other-exam', detail: identity.code });
        continue;
      }
      const ofSheet = pages.get(identity.sheet) ?? new Map<number, SourcedPage>();
      if (ofSheet.has(identity.page)) {
        refused.push({ source, reason: 'duplicate', detail: `${identity.sheet}` });
        continue;
      }
      ofSheet.set(identity.page, { ...reading, source });
      pages.set(identity.sheet, ofSheet);
    }
    refused.push(...file.refused);
  }
  const sheets: ScannedSheet[] = [];
  for (const [sheet, ofSheet] of [...pages].sort(([a], [b]) => a - b)) {
    const parts = Array.from({ length: expectedPages }, (_, i) => ofSheet.get(i + 1));
    const missing = parts.findIndex((p) => !p);
    const first = parts[0];
    if (missing >= 0 || !first) {
      refused.push({
        source: [...ofSheet.values()].map((p) => p.source).join(', '),
        reason: 'missing-page',
        detail: `${sheet}:${missing + 1}`,
      });
      continue;
    }
    const read = parts.filter((p): p is SourcedPage => p !== undefined);
    sheets.push({
      code: target.code,
      sheet,
      source: read.map((p) => p.source).join(', '),
      version: first.version,
      language: first.language,
      nameCrop: first.nameCrop,
      answers: read.flatMap((p) => p.rows.map((r) => r.symbol)).join(''),
      flags: read.flatMap((p) => p.flags),
    });
  }
  return { sheets, refused };
}
