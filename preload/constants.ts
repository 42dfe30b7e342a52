// Value lists the contract, its zod schemas, main and the renderer all share: a leaf module that
// imports nothing, so neither contract.ts nor schemas.ts has to import the other for them.

/** The national exam's four areas, in the exam's order. */
export const AREA_IDS = ['linguagens', 'humanas', 'natureza', 'matematica'] as const;
export type AreaId = (typeof AREA_IDS)[number];

/** The foreign languages of the national exam's Linguagens area. */
export const FOREIGN_LANGUAGES = ['ingles', 'espanhol'] as const;
export type ForeignLanguage = (typeof FOREIGN_LANGUAGES)[number];

/** The largest .exampack the app takes, dropped or opened from the OS. */
export const PACK_FILE_MAX_BYTES = 512 * 1024 * 1024;
