// A plane-to-plane projective map from four point pairs: the sheet's layout (points) onto a scan
// (pixels). It undoes rotation, scale and a phone's perspective at once.

export type Point = readonly [number, number];
/** Row-major 3×3 with h[8] = 1. */
export type Homography = readonly number[];

/** Solves A·x = b in place by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(a[row]?.[col] ?? 0) > Math.abs(a[pivot]?.[col] ?? 0)) pivot = row;
    const top = a[pivot];
    if (!top || Math.abs(top[col] ?? 0) < 1e-12) return null;
    [a[col], a[pivot]] = [top, a[col] ?? top];
    [b[col], b[pivot]] = [b[pivot] ?? 0, b[col] ?? 0];
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const r = a[row];
      const p = a[col];
      if (!r || !p) continue;
      const factor = (r[col] ?? 0) / (p[col] ?? 1);
      for (let k = col; k < n; k++) r[k] = (r[k] ?? 0) - factor * (p[k] ?? 0);
      b[row] = (b[row] ?? 0) - factor * (b[col] ?? 0);
    }
  }
  return b.map((value, i) => value / (a[i]?.[i] ?? 1));
}

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
  const h = solve(a, b);
  return h ? [...h, 1] : null;
}

export function project(h: Homography, x: number, y: number): [number, number] {
  const w = (h[6] ?? 0) * x + (h[7] ?? 0) * y + (h[8] ?? 1);
  return [((h[0] ?? 0) * x + (h[1] ?? 0) * y + (h[2] ?? 0)) / w, ((h[3] ?? 0) * x + (h[4] ?? 0) * y + (h[5] ?? 0)) / w];
}
