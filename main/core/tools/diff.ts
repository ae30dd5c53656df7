const CONTEXT = 3;
export const DIFF_MAX_LINES = 80;

/**
 * A single-hunk unified-style diff covering everything between the first and last changed line,
 * with 3 lines of context, capped at DIFF_MAX_LINES lines. Empty string when nothing changed.
 */
export function unifiedDiff(before: string, after: string, label: string): string {
  if (before === after) return '';
  const a = before.split('\n');
  const b = after.split('\n');
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix++;
  }
  const start = Math.max(0, prefix - CONTEXT);
  const aEnd = Math.min(a.length, a.length - suffix + CONTEXT);
  const bEnd = Math.min(b.length, b.length - suffix + CONTEXT);
  const body: string[] = [];
  for (let i = start; i < prefix; i++) body.push(` ${a[i]}`);
  for (let i = prefix; i < a.length - suffix; i++) body.push(`-${a[i]}`);
  for (let i = prefix; i < b.length - suffix; i++) body.push(`+${b[i]}`);
  for (let i = a.length - suffix; i < aEnd; i++) body.push(` ${a[i]}`);
  const header = [`--- ${label}`, `+++ ${label}`, `@@ -${start + 1},${aEnd - start} +${start + 1},${bEnd - start} @@`];
  if (body.length > DIFF_MAX_LINES) {
    const more = body.length - DIFF_MAX_LINES;
    return [...header, ...body.slice(0, DIFF_MAX_LINES), `… ${more} more diff lines not shown`].join('\n');
  }
  return [...header, ...body].join('\n');
}
