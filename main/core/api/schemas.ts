// zod schemas of the API's wire format (spec §2) and of the form the catalog keeps. Loose objects:
// unknown extra fields are kept, because a newer server may add fields we should not drop.
import { z } from 'zod';

export const PRODUCTS = ['vestibulares', 'enem'] as const;
export type Product = (typeof PRODUCTS)[number];
export const productSchema = z.enum(PRODUCTS);

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const difficultySchema = z.enum(DIFFICULTIES);

const uuidLike = z.string().min(1);
const imageUrl = z.string().nullish();

export const examSchema = z.looseObject({
  id: uuidLike,
  name: z.string(),
  institution: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
});
export type ApiExam = z.infer<typeof examSchema>;

export const alternativeSchema = z.looseObject({
  id: uuidLike,
  letter: z.string(),
  text: z.string(),
  imageUrl,
  isCorrect: z.boolean().optional(),
});
export type ApiAlternative = z.infer<typeof alternativeSchema>;

/**
 * A question as the catalog keeps it: the fields the spec shows in the types it shows, and the
 * unshown display fields normalised (client.ts makes this form from the wire's, normal-question.ts).
 * Packs carry the same form, so a pack built from any server reads in any version of the app.
 */
export const questionSchema = z.looseObject({
  id: uuidLike,
  statement: z.string(),
  imageUrl,
  subject: z.looseObject({ id: uuidLike, name: z.string().optional() }),
  exam: z.looseObject({ id: z.string().optional(), name: z.string().optional() }).nullish(),
  // Not shown by the spec beyond the filters: any type arrives, and normal-question.ts keeps the
  // year as an integer and the difficulty as one of the filter's words (or neither) in this form.
  year: z.number().int().nullish(),
  difficulty: z.string().nullish(),
  alternatives: z.array(alternativeSchema).min(1),
  // The spec shows only that it is present: letter, alternative id, object… all accepted.
  correctAlternative: z.unknown(),
});
export type ApiQuestion = z.infer<typeof questionSchema>;

/**
 * What decides whether a question from the API is valid: only what the spec requires (§2.2,
 * §2.3) — ids, statement, alternatives with letter, text and isCorrect, and subject.id. Every
 * other field may come in any type or not at all and never costs the question.
 */
export const wireQuestionSchema = z.looseObject({
  id: uuidLike,
  statement: z.string(),
  subject: z.looseObject({ id: uuidLike }),
  alternatives: z
    .array(z.looseObject({ id: uuidLike, letter: z.string(), text: z.string(), isCorrect: z.boolean() }))
    .min(1),
});
export type WireQuestion = z.infer<typeof wireQuestionSchema>;

export const examListSchema = z.looseObject({ data: z.array(examSchema) });

export const questionListSchema = z.looseObject({
  data: z.array(z.unknown()),
  meta: z.looseObject({ total: z.number().int().nonnegative() }),
});

export interface QuestionFilters {
  examId?: string | undefined;
  year?: number | undefined;
  subjectId?: string | undefined;
  difficulty?: Difficulty | undefined;
}
