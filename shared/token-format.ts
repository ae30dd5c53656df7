/**
 * A token count as people read it in a meter: 950, 8.2k, 12.3k, 128k, 1.05M. One decimal below 100k, none
 * from there, and trailing ".0" dropped.
 */
export function compactTokens(n: number): string {
  if (n < 1000) return String(n);
  const trim = (s: string): string => s.replace(/\.0+$/, '').replace(/(\.\d*[1-9])0+$/, '$1');
  if (n < 1_000_000) return `${trim((n / 1000).toFixed(n < 100_000 ? 1 : 0))}k`;
  return `${trim((n / 1_000_000).toFixed(2))}M`;
}

/** "12.3k/128k": the context meter in a line of text. */
export function contextMeterText(meter: { tokens: number; window: number }, separator = '/'): string {
  return `${compactTokens(meter.tokens)}${separator}${compactTokens(meter.window)}`;
}
