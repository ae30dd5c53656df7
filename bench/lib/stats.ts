/** Nearest-rank percentile of the values (0 < p <= 100); NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export const ms = (n: number, digits = 1): string => (Number.isFinite(n) ? `${n.toFixed(digits)} ms` : 'n/a');

/** "p50 … · p95 … · max …" of the values, in milliseconds. */
export function summary(values: readonly number[]): string {
  const max = values.length ? Math.max(...values) : Number.NaN;
  return `p50 ${ms(percentile(values, 50))} · p95 ${ms(percentile(values, 95))} · max ${ms(max)}`;
}
