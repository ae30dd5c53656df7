import { compileMatcher } from '../policy/settings/hook-matcher';
import type { HookDef } from '../policy/settings/hooks-block';

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
