import type { PolicyVerdict } from '../policy';
import { hookName } from './moments';
import type { HookRun } from './runner';

const said = (r: HookRun): string => (r.answer.message ? `: ${r.answer.message}` : '');

/**
 * What the PreToolUse hooks' answers make of the policy's verdict. A hook can tighten, never loosen:
 * - `deny` (or exit 2) blocks the call, whatever the policy said; the model is told the hook's reason.
 * - `ask` turns an auto-approved call into an approval card whose reason names the hook; an asking call keeps
 *   asking, without the "always allow" choices (the hook would ask again anyway).
 * - `allow` skips the card only when the policy asks because of the session's mode alone (`onlyModeAsks`:
 *   no ask rule, protected path, critical command or unknown tool takes part) — and, when managed settings lock
 *   the permission rules, only for a hook of the managed settings. A blocked call (deny rule, plan mode, broken
 *   managed settings) stays blocked.
 * The strictest answer wins: deny, then ask, then allow.
 */
export function applyPreToolHooks(verdict: PolicyVerdict, runs: readonly HookRun[], lockedRules: boolean): PolicyVerdict {
  if (verdict.decision === 'blocked') return verdict;
  const deny = runs.find((r) => r.answer.decision === 'deny');
  if (deny) {
    return { ...verdict, decision: 'blocked', rule: null, source: deny.hook.source, reason: `refused by ${hookName(deny)}${said(deny)}`, alwaysRule: null, alwaysRules: [] };
  }
  const ask = runs.find((r) => r.answer.decision === 'ask');
  if (ask) {
    const why = `asked by hook \`${ask.hook.command}\` (${ask.hook.source} settings)${said(ask)}`;
    if (verdict.decision === 'auto_approved') {
      return { ...verdict, decision: 'needs_approval', rule: null, source: ask.hook.source, reason: why, alwaysRule: null, alwaysRules: [], onlyModeAsks: false };
    }
    return { ...verdict, reason: `${verdict.reason}; ${why}`, alwaysRule: null, alwaysRules: [] };
  }
  const allows = runs.filter((r) => r.answer.decision === 'allow');
  if (allows.length === 0 || verdict.decision !== 'needs_approval') return verdict;
  const allow = allows.find((r) => !lockedRules || r.hook.source === 'managed');
  if (verdict.onlyModeAsks === true && allow) {
    return { ...verdict, decision: 'auto_approved', rule: null, source: allow.hook.source, reason: `allowed by hook \`${allow.hook.command}\` (${allow.hook.source} settings)${said(allow)}` };
  }
  const first = allows[0] as HookRun;
  const cannot = verdict.onlyModeAsks === true
    ? 'managed settings lock the permission rules, so only a managed hook may allow'
    : "a hook's allow never overrides an ask rule, a protected path or a critical command";
  return { ...verdict, reason: `${verdict.reason} (hook \`${first.hook.command}\` allowed it, but ${cannot})` };
}
