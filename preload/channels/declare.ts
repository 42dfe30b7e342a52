// How a channel is declared: its request's zod schema, the type of what it answers, and its key
// policy, together. The response type rides along as a type only (nothing of it exists at run time).
import type { z } from 'zod';

/**
 * - `no-key`: never returns a key, whatever runs.
 * - `redacts`: would return keys; withholds those of locked questions (results, review, history).
 * - `refuses`: fails with `locked-by-exam` when its answer would carry a locked key.
 * - `own-attempt`: the running attempt's own channel; keys only of practice questions already checked.
 */
export type KeyPolicy = 'no-key' | 'redacts' | 'refuses' | 'own-attempt';

export interface ChannelDeclaration<S extends z.ZodType, R> {
  request: S;
  policy: KeyPolicy;
  /** Type only: what the channel answers. */
  readonly response?: R;
}

/** `channel<Response>()(requestSchema, policy)`: a declaration (two calls, so the schema's type is inferred). */
export const channel =
  <R>() =>
  <S extends z.ZodType>(request: S, policy: KeyPolicy): ChannelDeclaration<S, R> => ({ request, policy });

/** What a declared channel answers. */
export type ResponseOf<D> = D extends ChannelDeclaration<z.ZodType, infer R> ? R : never;
