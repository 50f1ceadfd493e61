/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN
  );
}

/** Rounded to the microsecond, for milliseconds. */
export const round = (value: number) => Math.round(value * 1000) / 1000;
