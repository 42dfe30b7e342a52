// A plane-to-plane projective map from four point pairs: the sheet's layout (points) onto a scan
// (pixels). It undoes rotation, scale and a phone's perspective at once.
import { solveLinear } from '../../util/linear-solve.js';

export type Point = readonly [number, number];
/** Row-major 3×3 with h[8] = 1. */
export type Homography = readonly number[];

/** The map taking each `from` point to its `to` point (four pairs, no three in a line). */
export function homography(from: readonly Point[], to: readonly Point[]): Homography | null {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i] ?? [0, 0];
    const [u, v] = to[i] ?? [0, 0];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solveLinear(a, b);
  return h ? [...h, 1] : null;
}

export function project(h: Homography, x: number, y: number): [number, number] {
  const w = (h[6] ?? 0) * x + (h[7] ?? 0) * y + (h[8] ?? 1);
  return [((h[0] ?? 0) * x + (h[1] ?? 0) * y + (h[2] ?? 0)) / w, ((h[3] ?? 0) * x + (h[4] ?? 0) * y + (h[5] ?? 0)) / w];
}
