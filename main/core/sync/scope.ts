import { z } from 'zod';
import { difficultySchema, productSchema, type QuestionFilters } from '../api/schemas.js';

export const syncScopeSchema = z.object({
  product: productSchema,
  examId: z.string().uuid().optional(),
  year: z.number().int().min(1900).max(2100).optional(),
  subjectId: z.string().uuid().optional(),
  difficulty: difficultySchema.optional(),
});
export type SyncScope = z.infer<typeof syncScopeSchema>;

export function filtersOf(scope: SyncScope): QuestionFilters {
  const { product: _product, ...filters } = scope;
  return filters;
}

/** Canonical text of a filtered listing: the same filters give the same key, whatever their order. */
export function listingKey(product: string, filters: QuestionFilters): string {
  const parts = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`);
  return [product, ...parts].join('&');
}

export const scopeKey = (scope: SyncScope) => listingKey(scope.product, filtersOf(scope));
