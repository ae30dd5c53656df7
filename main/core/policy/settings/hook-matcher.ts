/**
 * A matcher as Claude Code reads it: empty or `*` matches everything; otherwise a regular expression that must
 * match the whole name (`Bash`, `Edit|Write`, `mcp__github__.*`). An error says what is wrong with the expression.
 * The settings loader checks each entry's matcher with it; the hooks match subjects with it (hooks/matcher.ts).
 */
export function compileMatcher(matcher: string | null): RegExp | null | Error {
  if (matcher === null || matcher.trim() === '' || matcher.trim() === '*') return null;
  try {
    return new RegExp(`^(?:${matcher})$`);
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}
