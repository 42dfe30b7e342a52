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

export interface ChannelDeclaration<S extends z.ZodType, R, P extends KeyPolicy = KeyPolicy> {
  request: S;
  /** Kept as its literal type: the renderer's cache derives from it which answers to forget (KeyBearingChannel). */
  policy: P;
  /** Type only: what the channel answers. */
  readonly response?: R;
}

/** `channel<Response>()(requestSchema, policy)`: a declaration (two calls, so the schema's type is inferred). */
export const channel =
  <R>() =>
  <S extends z.ZodType, P extends KeyPolicy>(request: S, policy: P): ChannelDeclaration<S, R, P> => ({
    request,
    policy,
  });

/** What a declared channel answers. */
export type ResponseOf<D> = D extends ChannelDeclaration<z.ZodType, infer R, KeyPolicy> ? R : never;

/** What a declared channel's key policy is, as declared. */
export type PolicyOf<D> = D extends ChannelDeclaration<z.ZodType, unknown, infer P> ? P : never;
