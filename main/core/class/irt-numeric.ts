// Small numerical tools of the class TRI: a few Newton steps with step halving over chosen
// coordinates (the EM's M-step) and the normal quantile. Pure.
import { solveLinear } from '../util/linear-solve.js';

/** The item's parameters in the unbounded form the optimiser moves: log a, b, logit c. */
export type Free = [number, number, number];

/**
 * Newton's method with numerical derivatives over the free coordinates `active`, with step halving.
 * EM needs each M-step to improve, not to finish (a generalised EM): a few steps per round.
 */
export function maximise(f: (x: Free) => number, start: Free, active: number[], steps = 3): Free {
  let x: Free = [...start];
  let fx = f(x);
  const h = 1e-4;
  for (let step = 0; step < steps; step++) {
    const at = (i: number, d: number): Free => {
      const y: Free = [...x];
      y[i] = (y[i] ?? 0) + d;
      return y;
    };
    const grad = active.map((i) => (f(at(i, h)) - f(at(i, -h))) / (2 * h));
    const hess = active.map((i) =>
      active.map((j) => {
        if (i === j) return (f(at(i, h)) - 2 * fx + f(at(i, -h))) / (h * h);
        const pp: Free = [...x];
        pp[i] = (pp[i] ?? 0) + h;
        pp[j] = (pp[j] ?? 0) + h;
        const pm: Free = [...x];
        pm[i] = (pm[i] ?? 0) + h;
        pm[j] = (pm[j] ?? 0) - h;
        const mp: Free = [...x];
        mp[i] = (mp[i] ?? 0) - h;
        mp[j] = (mp[j] ?? 0) + h;
        const mm: Free = [...x];
        mm[i] = (mm[i] ?? 0) - h;
        mm[j] = (mm[j] ?? 0) - h;
        return (f(pp) - f(pm) - f(mp) + f(mm)) / (4 * h * h);
      }),
    );
    // The Newton direction; where the Hessian is not negative definite, a gradient step instead.
    let direction = solveLinear(
      hess.map((row) => row.map((v) => -v)),
      grad,
    );
    if (!direction || direction.reduce((s, d, k) => s + d * (grad[k] ?? 0), 0) <= 0)
      direction = grad.map((g) => g * 0.1);
    let scale = 1;
    let improved = false;
    for (let tries = 0; tries < 20; tries++) {
      const y: Free = [...x];
      active.forEach((i, k) => (y[i] = (y[i] ?? 0) + Math.max(-1, Math.min(1, scale * (direction?.[k] ?? 0)))));
      const fy = f(y);
      if (fy > fx) {
        const moved = Math.max(...active.map((i) => Math.abs((y[i] ?? 0) - (x[i] ?? 0))));
        x = y;
        fx = fy;
        improved = moved > 1e-7;
        break;
      }
      scale /= 2;
    }
    if (!improved) break;
  }
  return x;
}

/** The standard normal's quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const poly = (k: number[], x: number) => k.reduce((sum, v) => sum * x + v, 0);
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -poly(c, q) / (poly(d, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}
