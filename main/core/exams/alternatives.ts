// Which alternatives may move when a question is shuffled. An alternative that
// points at the others by position ("Nenhuma das anteriores") stays where it is;
// one that names others by letter ("as alternativas A e B") would change meaning
// if letters moved, so such a question is not shuffled at all.
import { foldText } from '../catalog/fold.js';

const POSITIONAL = [
  /\b(nenhuma|todas|ambas)\s+(das|as)\s+(alternativas\s+|afirmacoes\s+|opcoes\s+)?(anteriores|acima)\b/,
  /\b(none|all)\s+of\s+the\s+(above|previous)\b/,
  /\bnenhuma\s+delas\b/,
];

const BY_LETTER = [
  /\balternativas?\s+[a-e]\b/,
  /\b(itens?|opcoes?|afirmativas?)\s+[a-e]\b/,
  /\b[a-e]\s*(,\s*[a-e]\s*)*\s+e\s+[a-e]\b\s+(estao|sao|estiverem)/,
  /\b(apenas|somente|so)\s+[a-e]\s+e\s+[a-e]\b/,
  /\b(answers?|options?|choices?)\s+[a-e]\b/,
];

export type ShufflePolicy = { shuffle: false } | { shuffle: true; pinned: Set<number> };

export function shufflePolicy(texts: readonly string[]): ShufflePolicy {
  const folded = texts.map(foldText);
  if (folded.some((text) => BY_LETTER.some((pattern) => pattern.test(text)))) return { shuffle: false };
  const pinned = new Set<number>();
  folded.forEach((text, index) => {
    if (POSITIONAL.some((pattern) => pattern.test(text))) pinned.add(index);
  });
  return { shuffle: true, pinned };
}

/** The displayed order (indexes into the original alternatives), pinned ones kept in place. */
export function alternativeOrder(
  texts: readonly string[],
  random: () => number,
  shuffleFn: <T>(items: readonly T[], r: () => number) => T[],
): number[] {
  const policy = shufflePolicy(texts);
  const identity = texts.map((_, i) => i);
  if (!policy.shuffle) return identity;
  const movable = shuffleFn(
    identity.filter((i) => !policy.pinned.has(i)),
    random,
  );
  return identity.map((i) => (policy.pinned.has(i) ? i : (movable.shift() as number)));
}
