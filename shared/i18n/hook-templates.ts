import type { ReasonTemplate } from './reason-template';

const SOURCE = '(managed|local|project|user)';
const EVENT = '(SessionStart|UserPromptSubmit|PreToolUse|PostToolUse|Stop|Notification|PreCompact)';
const hookWords = { source: 'notices.hook.source', decision: 'notices.hook.decision' } as const;

/**
 * Hook runs as the transcript shows them (shared/hooks.ts `hookRanText`) and hook verdicts as the policy words
 * them (main/core/hooks/pre-tool.ts, moments.ts). A line is cut into its head and the tail of what happened,
 * each tail piece a template of its own, so every combination of exit, decision and message is covered.
 */
export const HOOK_TEMPLATES: readonly ReasonTemplate[] = [
  {
    pattern: new RegExp(`^hook ${EVENT} on (\\S+) \`(.*)\` \\(${SOURCE} settings\\) (.+)$`, 's'),
    key: 'notices.hook.lineOn',
    vars: ['event', 'tool', 'command', 'source', 'outcome'],
    nested: ['outcome'],
    words: hookWords,
  },
  {
    pattern: new RegExp(`^hook ${EVENT} \`(.*)\` \\(${SOURCE} settings\\) (.+)$`, 's'),
    key: 'notices.hook.line',
    vars: ['event', 'command', 'source', 'outcome'],
    nested: ['outcome'],
    words: hookWords,
  },
  { pattern: /^not run: (.+)$/s, key: 'notices.hook.notRun', vars: ['why'], nested: ['why'] },
  // Why a hook does not run where it is configured (main/core/hooks/config.ts), as hooks.list and the CLI show it.
  { pattern: /^the workspace is not trusted \(paragents workspace trust (.*)\)$/s, key: 'notices.hook.untrusted', vars: ['workspace'] },
  { pattern: /^not approved yet: see it with paragents hooks list --workspace (.*), then paragents hooks approve$/s, key: 'notices.hook.waitingApproval', vars: ['workspace'] },
  { pattern: /^managed settings allow only their own hooks \(allowManagedHooksOnly\)$/, key: 'notices.hook.managedOnly', vars: [] },
  { pattern: /^no one has approved this project hook yet \(paragents hooks approve --workspace (.+)\)$/s, key: 'notices.hook.notApproved', vars: ['workspace'] },
  { pattern: /^timed out after (\d+) ms and was stopped((?:, |: ).*)?$/s, key: 'notices.hook.timedOut', vars: ['ms', 'rest'], nested: ['rest'] },
  { pattern: /^was stopped after (\d+) ms((?:, |: ).*)?$/s, key: 'notices.hook.stopped', vars: ['ms', 'rest'], nested: ['rest'] },
  { pattern: /^exit (-?\d+) in (\d+) ms((?:, |: ).*)?$/s, key: 'notices.hook.exit', vars: ['code', 'ms', 'rest'], nested: ['rest'] },
  { pattern: /^, (allow|deny|ask|block|context)((?:: ).*)?$/s, key: 'notices.hook.decided', vars: ['decision', 'rest'], nested: ['rest'], words: hookWords },
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
