import type { ReasonTemplate } from './reason-template';

const SOURCE = '(managed|local|project|user)';
const EVENT = '(SessionStart|UserPromptSubmit|PreToolUse|PostToolUse|Stop|Notification|PreCompact)';
const hookWords = { source: 'notices.hook.source', decision: 'notices.hook.decision' } as const;

/**
 * Hook verdicts as the policy words them (main/core/hooks/pre-tool.ts, moments.ts). Hook lines and why a hook
 * does not run are written as data (shared/hooks.ts `hookRanMsg`, main/core/hooks/config.ts) and need none.
 */
export const HOOK_TEMPLATES: readonly ReasonTemplate[] = [
  // What a hook said, after a verdict (its text stays as written).
  { pattern: /^: (.*)$/s, key: 'notices.hook.said', vars: ['message'] },
  // Verdicts: a deny or a refused prompt, an ask, an allow, and an allow that could not loosen the policy.
  {
    pattern: new RegExp(`^refused by ${EVENT} hook \`(.*)\` \\(${SOURCE} settings\\)((?:: ).*)?$`, 's'),
    key: 'notices.hook.refused',
    vars: ['event', 'command', 'source', 'rest'],
    nested: ['rest'],
    words: hookWords,
  },
  { pattern: /^(.+); (asked by hook `.*` \((?:managed|local|project|user) settings\)(?:: .*)?)$/s, key: 'notices.hook.askedToo', vars: ['reason', 'asked'], nested: ['reason', 'asked'] },
  { pattern: new RegExp(`^asked by hook \`(.*)\` \\(${SOURCE} settings\\)((?:: ).*)?$`, 's'), key: 'notices.hook.asked', vars: ['command', 'source', 'rest'], nested: ['rest'], words: hookWords },
  { pattern: new RegExp(`^allowed by hook \`(.*)\` \\(${SOURCE} settings\\)((?:: ).*)?$`, 's'), key: 'notices.hook.allowed', vars: ['command', 'source', 'rest'], nested: ['rest'], words: hookWords },
  {
    pattern: /^(.+) \(hook `(.*)` allowed it, but (managed settings lock the permission rules, so only a managed hook may allow|a hook's allow never overrides an ask rule, a protected path or a critical command)\)$/s,
    key: 'notices.hook.allowedButNot',
    vars: ['reason', 'command', 'cannot'],
    nested: ['reason', 'cannot'],
  },
  { pattern: /^managed settings lock the permission rules, so only a managed hook may allow$/, key: 'notices.hook.onlyManaged', vars: [] },
  { pattern: /^a hook's allow never overrides an ask rule, a protected path or a critical command$/, key: 'notices.hook.neverOverrides', vars: [] },
];
