// The national exam as it really is: ENEM questions only, four areas of 45, and
// in Linguagens 5 questions of the foreign language the student chose (English
// or Spanish) before the other 40. Blocks that cannot be filled are reported
// before starting, never filled with something else.
import type { ExamBlock, ForeignLanguage } from '../../../preload/contract.js';
import { foldText } from '../catalog/fold.js';
import type { CatalogStore, CatalogEntry } from '../catalog/store.js';
import { areaOf, type Area } from './areas.js';

/** Foreign-language questions in Linguagens of a 45-question area (5 of 45 in the real exam). */
export const FOREIGN_PER_AREA = 5;

export function foreignLanguageOf(subjectName: string): ForeignLanguage | null {
  const name = foldText(subjectName);
  if (name.includes('ingles')) return 'ingles';
  if (name.includes('espanhol')) return 'espanhol';
  return null;
}

/** The foreign language of a Linguagens question; null in Portuguese and in every other area. */
export function questionLanguage(question: CatalogEntry, store: CatalogStore): ForeignLanguage | null {
  const subject = store.subjectName(question.q.subject.id);
  return areaOf(subject) === 'linguagens' ? foreignLanguageOf(subject) : null;
}

interface PlannedBlock extends ExamBlock {
  pool: CatalogEntry[];
}

/** How many of a Linguagens area of `perArea` questions are in the foreign language. */
export const foreignCount = (perArea: number) => Math.max(1, Math.round((perArea * FOREIGN_PER_AREA) / 45));

/** The blocks of an area-format exam in the real order, each with the questions that can fill it. */
export function planBlocks(
  pool: CatalogEntry[],
  store: CatalogStore,
  areas: readonly Area[],
  perArea: number,
  /** 'both': the paper booklet's two foreign-language blocks (English, then Spanish). */
  language: ForeignLanguage | 'both' | undefined,
): PlannedBlock[] {
  const blocks: PlannedBlock[] = [];
  for (const area of areas) {
    const inArea = pool.filter((q) => areaOf(store.subjectName(q.q.subject.id)) === area);
    if (area === 'linguagens' && language) {
      const foreign = foreignCount(perArea);
      const languageOf = (q: CatalogEntry) => questionLanguage(q, store);
      for (const each of language === 'both' ? (['ingles', 'espanhol'] as const) : [language]) {
        const chosen = inArea.filter((q) => languageOf(q) === each);
        blocks.push({ key: `linguagens-${each}`, needed: foreign, available: chosen.length, pool: chosen });
      }
      // The other 40 are in Portuguese: no question of either foreign language.
      const rest = inArea.filter((q) => languageOf(q) === null);
      blocks.push({ key: 'linguagens', needed: perArea - foreign, available: rest.length, pool: rest });
    } else {
      blocks.push({ key: area, needed: perArea, available: inArea.length, pool: inArea });
    }
  }
  return blocks;
}

export function blockSummary(blocks: PlannedBlock[]): ExamBlock[] {
  return blocks.map(({ key, needed, available }) => ({ key, needed, available }));
}
