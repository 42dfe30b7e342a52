// A chart drawn in the type's own units: one SVG unit is 1/16 em, so its 12-unit labels are 0.75 em
// at every type setting (at the ENEM's 32 px they stayed 12–17 px when the chart had a fixed size),
// and its width follows the room the page gives it, measured in em.
import { useLayoutEffect, useState, type RefObject } from 'react';

/** SVG units per em of the chart's own font size. */
export const UNITS_PER_EM = 16;

/**
 * The width, in SVG units (1/16 em), of the element at `ref`: at most `maxEm` em, at least `minEm`,
 * `maxEm` until it is measured. Follows window and layout changes (a ResizeObserver) and type changes
 * (which can change the em without changing the width in pixels: a MutationObserver on the root's setting).
 */
export function useEmWidth(ref: RefObject<HTMLElement | null>, maxEm: number, minEm = 16): number {
  const [units, setUnits] = useState(maxEm * UNITS_PER_EM);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => {
      const em = parseFloat(getComputedStyle(node).fontSize) || 16;
      const room = node.clientWidth / em;
      if (room <= 0) return;
      const next = Math.round(Math.min(maxEm, Math.max(minEm, room)) * UNITS_PER_EM);
      setUnits((current) => (current === next ? current : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    // The type setting changes the em without always changing the width in pixels.
    const typeChange = new MutationObserver(measure);
    typeChange.observe(document.documentElement, { attributes: true, attributeFilter: ['data-font-scale'] });
    return () => {
      observer.disconnect();
      typeChange.disconnect();
    };
  }, [ref, maxEm, minEm]);
  return units;
}
