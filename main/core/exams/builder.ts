// Chooses an attempt's questions from any mix of sources and filters: gradable
// questions only, never one twice, unseen ones first when asked.
import type { AreaId, ExamCount, ExamPreset, ExamRequest } from '../../../preload/contract.js';
import type { CatalogEntry, CatalogStore, StoredQuestion } from '../catalog/store.js';
import { areaOf, ENEM_FORMAT } from './areas.js';
import { enemExamIds, isEnemQuestion } from '../catalog/provenance.js';
import { blockSummary, planBlocks } from './enem.js';
import { ExamError } from './errors.js';
import { seededRandom, shuffle } from './random.js';

export function areaOfQuestion(question: CatalogEntry, store: CatalogStore): AreaId | null {
  return areaOf(store.subjectName(question.q.subject.id));
}

/**
 * A question an exam can grade: it has a key, or it is in a sealed pack's own exam (the key comes
 * with the tutor's code; mixed with other sources, or in practice, there would be nothing to check).
 */
function gradable(question: CatalogEntry, request: ExamRequest, q = question.q): boolean {
  if (question.keyed) return true;
  const only = request.sources?.length === 1 ? request.sources[0] : undefined;
  return q.sealedAnswer === true && only !== undefined && question.sources.includes(only);
}

function matches(question: CatalogEntry, request: ExamRequest, enemExams: ReadonlySet<string> | null): boolean {
  // An entry's head is made each time it is read (catalog/entry-view.ts): read once here.
  const q = question.q;
  if (!gradable(question, request, q)) return false;
  if (enemExams && !isEnemQuestion(question, enemExams)) return false;
  if (request.sources?.length && !question.sources.some((s) => request.sources?.includes(s))) return false;
  if (request.examId && q.exam?.id !== request.examId && q.exam?.name !== request.examId) return false;
  if (request.year !== undefined && question.year !== request.year) return false;
  if (request.subjectId && q.subject.id !== request.subjectId) return false;
  if (request.difficulty && question.difficulty !== request.difficulty) return false;
  return true;
}

export function candidates(store: CatalogStore, request: ExamRequest): CatalogEntry[] {
  if (request.questionIds) {
    const unique = [...new Set(request.questionIds)];
    return unique.map((id) => store.get(id)).filter((q): q is CatalogEntry => q !== undefined && gradable(q, request));
  }
  const enemExams = request.enemOnly ? enemExamIds(store) : null;
  const out: CatalogEntry[] = [];
  for (const question of store.all()) if (matches(question, request, enemExams)) out.push(question);
  return out;
}

export function countMatching(store: CatalogStore, request: ExamRequest, seen: Set<string>): ExamCount {
  const found = candidates(store, request);
  const byArea: Record<AreaId, number> = { linguagens: 0, humanas: 0, natureza: 0, matematica: 0 };
  for (const question of found) {
    const area = areaOfQuestion(question, store);
    if (area) byArea[area] += 1;
  }
  const blocks = request.areas
    ? blockSummary(planBlocks(found, store, request.areas, perAreaOf(request), request.foreignLanguage))
    : [];
  return { matching: found.length, unseen: found.filter((q) => !seen.has(q.id)).length, byArea, blocks };
}

const perAreaOf = (request: ExamRequest) => request.perArea ?? Math.ceil(request.count / (request.areas?.length ?? 1));

/** Blocks of an area-format request that the catalog cannot fill (empty: it can start). */
export function shortBlocks(store: CatalogStore, request: ExamRequest) {
  if (!request.areas) return [];
  const blocks = planBlocks(
    candidates(store, request),
    store,
    request.areas,
    perAreaOf(request),
    request.foreignLanguage,
  );
  return blockSummary(blocks).filter((block) => block.available < block.needed);
}

/** Never a half-filled exam under the full exam's title (on screen or on paper): says what is short. */
export function refuseShortBlocks(store: CatalogStore, request: ExamRequest): void {
  const short = shortBlocks(store, request);
  if (short.length > 0)
    throw new ExamError('not-enough-questions', {
      blocks: short.map((b) => `${b.key}:${b.available}/${b.needed}`).join(','),
    });
}

/** Unseen questions first (each group in random order), then the rest. */
function pick(pool: CatalogEntry[], count: number, seen: Set<string>, preferUnseen: boolean, random: () => number) {
  if (!preferUnseen) return shuffle(pool, random).slice(0, count);
  const unseen = shuffle(
    pool.filter((q) => !seen.has(q.id)),
    random,
  );
  const rest = shuffle(
    pool.filter((q) => seen.has(q.id)),
    random,
  );
  return [...unseen, ...rest].slice(0, count);
}

export function selectQuestions(
  store: CatalogStore,
  request: ExamRequest,
  seen: Set<string>,
  random: () => number,
  shuffleOrder = true,
  /** 'both': a paper booklet prints the foreign-language block in English and in Spanish. */
  languages: 'chosen' | 'both' = 'chosen',
): CatalogEntry[] {
  const pool = candidates(store, request);
  if (request.questionIds && !shuffleOrder) return pool.slice(0, request.count);
  if (request.areas) {
    // The national exam keeps its blocks (foreign language, then the rest of each area); order is
    // shuffled inside each block.
    const language = request.foreignLanguage && languages === 'both' ? 'both' : request.foreignLanguage;
    const blocks = planBlocks(pool, store, request.areas, perAreaOf(request), language);
    return blocks.flatMap((block) => pick(block.pool, block.needed, seen, request.preferUnseen ?? false, random));
  }
  return pick(pool, request.count, seen, request.preferUnseen ?? false, random);
}

export const PRESETS: ExamPreset[] = [
  {
    id: 'enem-day1',
    request: {
      areas: ['linguagens', 'humanas'],
      perArea: ENEM_FORMAT.perArea,
      count: 90,
      preferUnseen: true,
      enemOnly: true,
      foreignLanguage: 'ingles',
    },
    settings: { mode: 'timed', timeLimitMinutes: ENEM_FORMAT.day1.minutes, strict: true, warnings: [30, 5] },
  },
  {
    id: 'enem-day2',
    request: {
      areas: ['natureza', 'matematica'],
      perArea: ENEM_FORMAT.perArea,
      count: 90,
      preferUnseen: true,
      enemOnly: true,
    },
    settings: { mode: 'timed', timeLimitMinutes: ENEM_FORMAT.day2.minutes, strict: true, warnings: [30, 5] },
  },
  {
    id: 'enem-area',
    request: { areas: ['matematica'], perArea: ENEM_FORMAT.perArea, count: 45, preferUnseen: true, enemOnly: true },
    settings: { mode: 'timed', timeLimitMinutes: ENEM_FORMAT.areaMinutes, strict: true, warnings: [30, 5] },
  },
  {
    id: 'quick-10',
    request: { count: 10, preferUnseen: true },
    settings: { mode: 'timed', timeLimitMinutes: 20, strict: true, warnings: [5] },
  },
];

/** The pack every chosen question comes from (the first by id when several), or null. */
export function commonPack(questions: { sources: string[] }[]): string | null {
  const [first, ...rest] = questions;
  const packs = (first?.sources ?? [])
    .map((source) => /^pack:([^:]+)$/.exec(source)?.[1])
    .filter((id): id is string => id !== undefined)
    .filter((id) => rest.every((q) => q.sources.includes(`pack:${id}`)))
    .sort();
  return packs[0] ?? null;
}

/**
 * What a start of a full-length exam does before writing anything, done and dropped: choosing,
 * reading the bodies, making the snapshots. Run while idle after launch, so that the first start
 * finds its code compiled and the catalog's files in the OS cache.
 */
export async function rehearseStart(
  store: CatalogStore,
  seen: Set<string>,
  snapshot: (question: StoredQuestion) => unknown,
): Promise<void> {
  const chosen = selectQuestions(store, { count: 90 }, seen, seededRandom(1));
  for (const question of await store.load(
    chosen.map((entry) => entry.id),
    { cache: false },
  ))
    snapshot(question);
}
