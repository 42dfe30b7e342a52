// Loads a filtered result in pages as the list scrolls: the renderer holds only
// what it has shown, never the 50,000-row result at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LibraryFilter, QuestionSummary } from '../../../../preload/contract';
import { api } from '../../lib/bridge';

const PAGE = 200;

/** `version` changes when the catalog does (an import): the same filter is then asked again. */
export function useQuestionPages(filter: LibraryFilter, version: number) {
  const [total, setTotal] = useState<number | null>(null);
  const [rows, setRows] = useState<Map<number, QuestionSummary>>(new Map());
  const pending = useRef(new Set<number>());
  const generation = useRef(0);

  const load = useCallback(
    async (page: number, gen: number) => {
      if (pending.current.has(page)) return;
      pending.current.add(page);
      const result = await api['catalog:query']({ filter, offset: page * PAGE, limit: PAGE });
      if (gen !== generation.current) return;
      setTotal(result.total);
      setRows((previous) => {
        const next = new Map(previous);
        result.items.forEach((item, i) => next.set(result.offset + i, item));
        return next;
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version only forces a reload
    [filter, version],
  );

  useEffect(() => {
    generation.current += 1;
    pending.current = new Set();
    setRows(new Map());
    setTotal(null);
    void load(0, generation.current);
  }, [load]);

  const ensure = useCallback(
    (index: number) => {
      if (!rows.has(index)) void load(Math.floor(index / PAGE), generation.current);
    },
    [rows, load],
  );

  return { total, rows, ensure };
}
