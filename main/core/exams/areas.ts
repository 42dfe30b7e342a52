// The national exam's four knowledge areas, and which subjects belong to each
// (the API has subjects, not areas). Matching is by accent-folded keywords.
import { foldText } from '../catalog/fold.js';

export const AREAS = ['linguagens', 'humanas', 'natureza', 'matematica'] as const;
export type Area = (typeof AREAS)[number];

const KEYWORDS: Record<Area, string[]> = {
  linguagens: [
    'linguage',
    'portugues',
    'literatura',
    'ingles',
    'espanhol',
    'arte',
    'educacao fisica',
    'redacao',
    'lingua',
  ],
  humanas: ['humanas', 'historia', 'geografia', 'filosofia', 'sociologia'],
  natureza: ['natureza', 'fisica', 'quimica', 'biologia'],
  matematica: ['matematica'],
};

export function areaOf(subjectName: string): Area | null {
  const name = foldText(subjectName);
  // "Educação Física" is Linguagens, not Física: check the longer keyword first.
  if (name.includes('educacao fisica')) return 'linguagens';
  for (const area of AREAS) if (KEYWORDS[area].some((keyword) => name.includes(keyword))) return area;
  return null;
}

/** The national exam's real format: 45 questions per area, two days. */
export const ENEM_FORMAT = {
  perArea: 45,
  day1: { areas: ['linguagens', 'humanas'] as Area[], minutes: 330 },
  day2: { areas: ['natureza', 'matematica'] as Area[], minutes: 300 },
  /** One area alone: half of the shorter day, rounded to a quarter-hour. */
  areaMinutes: 150,
} as const;
