// Zero counts as plural in Brazilian usage ("0 folhas lidas", "nenhuma…" where a message says so),
// but the plural rules i18next follows put 0 in Portuguese's `one` (CLDR: i = 0 or 1), so a `_one`
// message written with its "1" read "1 folha lida" for nothing read. Every `_one` message without a
// `_zero` of its own gets one: the plural message.
type Tree = { [key: string]: string | Tree };

export function withZeroAsPlural<T extends object>(messages: T): T {
  const walk = (tree: Tree): Tree => {
    const out: Tree = {};
    for (const [key, value] of Object.entries(tree)) {
      out[key] = typeof value === 'string' ? value : walk(value);
      const base = key.endsWith('_one') ? key.slice(0, -'_one'.length) : null;
      const plural = base === null ? undefined : (tree[`${base}_other`] ?? tree[base]);
      if (base !== null && !(`${base}_zero` in tree) && typeof plural === 'string') out[`${base}_zero`] = plural;
    }
    return out;
  };
  return walk(messages as Tree) as T;
}
