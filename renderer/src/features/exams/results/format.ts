/** A duration as the result shows it: "3 min 05 s", with no-break spaces (never broken before its unit at large type). */
export const minutes = (ms: number) => {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}\u00a0min ${String(total % 60).padStart(2, '0')}\u00a0s`;
};
