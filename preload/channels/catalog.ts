// The offline library: facets, pages of questions, one question, its key revealed, its worked solution.
// Each channel declared once: its request's schema (main validates every call with it), its
// response's type and its key policy (main/core/exams/visibility.ts), side by side.
import { z } from 'zod';
import { libraryFilterSchema } from '../schemas.js';
import type { ExplanationView, Facets, QuestionPage, QuestionView } from '../contract/catalog.js';
import { channel } from './declare.js';

export const catalogChannels = {
  'catalog:facets': channel<Facets>()(z.strictObject({}), 'no-key'),
  'catalog:query': channel<QuestionPage>()(
    z.strictObject({
      filter: libraryFilterSchema,
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(500),
    }),
    'no-key',
  ),
  'catalog:question': channel<QuestionView>()(z.strictObject({ id: z.string().min(1).max(400) }), 'no-key'),
  'catalog:reveal': channel<{ correctAlternativeId: string | null }>()(
    z.strictObject({ id: z.string().min(1).max(400) }),
    'refuses',
  ),
  'catalog:explanation': channel<ExplanationView | null>()(
    z.strictObject({ id: z.string().min(1).max(400) }),
    'refuses',
  ),
  'catalog:set-explanation': channel<ExplanationView | null>()(
    z.strictObject({
      id: z.string().min(1).max(400),
      text: z.string().max(20_000),
      /** A figure's bytes (PNG, JPEG, GIF, WebP or SVG, 5 MiB at most); null removes it; absent keeps it. */
      image: z
        .instanceof(Uint8Array)
        .refine((bytes) => bytes.length <= 5 * 1024 * 1024, 'at most 5 MiB')
        .nullable()
        .optional(),
    }),
    'refuses',
  ),
};
