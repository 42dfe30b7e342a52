// zod schemas of the API's wire format (spec §2). Loose objects: unknown extra
// fields are kept, because a newer server may add fields we should not drop.
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

export const questionSchema = z.looseObject({
  id: uuidLike,
  statement: z.string(),
  imageUrl,
  subject: z.looseObject({ id: uuidLike, name: z.string().optional() }),
  exam: z.looseObject({ id: z.string().optional(), name: z.string().optional() }).nullish(),
  year: z.number().int().nullish(),
  // A value outside the enum is kept as unknown difficulty rather than rejecting the question.
  difficulty: z.string().nullish(),
  alternatives: z.array(alternativeSchema).min(1),
  // The spec shows only that it is present: letter, alternative id, object… all accepted.
  correctAlternative: z.unknown(),
});
export type ApiQuestion = z.infer<typeof questionSchema>;

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
