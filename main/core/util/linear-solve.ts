// One small dense linear solver for the app's few systems (a scan's homography, a TRI item's
// Newton step): Gaussian elimination with partial pivoting. Pure: its arguments are not changed.

/** Solves A·x = b; null when A is singular. */
export function solveLinear(matrix: readonly (readonly number[])[], vector: readonly number[]): number[] | null {
  const n = vector.length;
  const a = matrix.map((row) => [...row]);
  const b = [...vector];
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
      if (!r) continue;
      const factor = (r[col] ?? 0) / (top[col] ?? 1);
      for (let k = col; k < n; k++) r[k] = (r[k] ?? 0) - factor * (top[k] ?? 0);
      b[row] = (b[row] ?? 0) - factor * (b[col] ?? 0);
    }
  }
  return b.map((value, i) => value / (a[i]?.[i] ?? 1));
}
