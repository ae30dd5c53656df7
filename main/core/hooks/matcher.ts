import type { HookDef } from './types';

/**
 * A matcher as Claude Code reads it: empty or `*` matches everything; otherwise a regular expression that must
 * match the whole name (`Bash`, `Edit|Write`, `mcp__github__.*`). An error says what is wrong with the expression.
 */
export function compileMatcher(matcher: string | null): RegExp | null | Error {
  if (matcher === null || matcher.trim() === '' || matcher.trim() === '*') return null;
  try {
    return new RegExp(`^(?:${matcher})$`);
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

const compiled = new Map<string, RegExp | null | Error>();

/**
 * Whether the hook is for this subject: the tool name (Pre/PostToolUse), the trigger (PreCompact: `auto`,
 * `manual`), the source (SessionStart: `startup`), the kind (Notification: `permission_prompt`). Events without a
 * subject (UserPromptSubmit, Stop) ignore matchers, as Claude Code does; a hook without matcher is for all.
 */
export function hookMatches(hook: Pick<HookDef, 'matcher'>, subject: string | null): boolean {
  if (hook.matcher === null || subject === null) return true;
  let re = compiled.get(hook.matcher);
  if (re === undefined) {
    re = compileMatcher(hook.matcher);
    if (compiled.size > 1000) compiled.clear();
    compiled.set(hook.matcher, re);
  }
  if (re === null) return true;
  return re instanceof Error ? false : re.test(subject);
}
