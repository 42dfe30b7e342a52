// ENEM day 1: the foreign language as a tutor writes it in a spreadsheet's column.
import type { ForeignLanguage } from '../../../../preload/contract';

/** inglês, ingles, English, en, I… or espanhol, español, Spanish, es, E…; null when it is neither. */
export function languageOf(cell: string): ForeignLanguage | null {
  const folded = cell.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (/^(i|en|ing|ingles|english)$/.test(folded)) return 'ingles';
  if (/^(e|es|esp|espanhol|espanol|spanish)$/.test(folded)) return 'espanhol';
  return null;
}
