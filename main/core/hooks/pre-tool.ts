import { english, msg, type Msg, type MsgValue } from '../../../shared/i18n/message';
import type { PolicyVerdict } from '../policy';
import { reasonMsgOf } from '../policy/context';
import { hookNamed, hookSaid, sourceWord } from './moments';
import type { HookRun } from './runner';

/** A verdict's new reason: its English for the model, the same sentence as data for people. */
const because = (m: Msg): Pick<PolicyVerdict, 'reason' | 'reasonMsg'> => ({ reason: english(m), reasonMsg: m });

/** The policy's own reason inside a longer one: as data while it still says the reason, else as written. */
const policyReason = (verdict: PolicyVerdict): MsgValue => reasonMsgOf(verdict) ?? verdict.reason;

/**
 * What the PreToolUse hooks' answers make of the policy's verdict. A hook can tighten, never loosen:
 * - `deny` (or exit 2) blocks the call, whatever the policy said; the model is told the hook's reason.
 * - `ask` turns an auto-approved call into an approval card whose reason names the hook; an asking call keeps
 *   asking, without the "always allow" choices (the hook would ask again anyway).
 * - `allow` skips the card only when the policy asks because of the session's mode alone (`onlyModeAsks`:
 *   no ask rule, protected path, critical command or unknown tool takes part) — and, when managed settings lock
 *   the permission rules, only for a hook of the managed settings. A blocked call (deny rule, plan mode, broken
 *   managed settings) stays blocked.
 * The strictest answer wins: deny, then ask, then allow. What a hook said stays as it wrote it.
 */
export function applyPreToolHooks(verdict: PolicyVerdict, runs: readonly HookRun[], lockedRules: boolean): PolicyVerdict {
  if (verdict.decision === 'blocked') return verdict;
  const deny = runs.find((r) => r.answer.decision === 'deny');
  if (deny) {
    const reason = because(msg('notices.hook.refused', { ...hookNamed(deny), rest: hookSaid(deny.answer) }));
    return { ...verdict, decision: 'blocked', rule: null, source: deny.hook.source, ...reason, alwaysRule: null, alwaysRules: [] };
  }
  const ask = runs.find((r) => r.answer.decision === 'ask');
  if (ask) {
    const why = msg('notices.hook.asked', { command: ask.hook.command, source: sourceWord(ask.hook.source), rest: hookSaid(ask.answer) });
    if (verdict.decision === 'auto_approved') {
      return { ...verdict, decision: 'needs_approval', rule: null, source: ask.hook.source, ...because(why), alwaysRule: null, alwaysRules: [], onlyModeAsks: false };
    }
    return { ...verdict, ...because(msg('notices.hook.askedToo', { reason: policyReason(verdict), asked: why })), alwaysRule: null, alwaysRules: [] };
  }
  const allows = runs.filter((r) => r.answer.decision === 'allow');
  if (allows.length === 0 || verdict.decision !== 'needs_approval') return verdict;
  const allow = allows.find((r) => !lockedRules || r.hook.source === 'managed');
  if (verdict.onlyModeAsks === true && allow) {
    const reason = because(msg('notices.hook.allowed', { command: allow.hook.command, source: sourceWord(allow.hook.source), rest: hookSaid(allow.answer) }));
    return { ...verdict, decision: 'auto_approved', rule: null, source: allow.hook.source, ...reason };
  }
  const first = allows[0] as HookRun;
  const cannot = verdict.onlyModeAsks === true ? msg('notices.hook.onlyManaged') : msg('notices.hook.neverOverrides');
  return { ...verdict, ...because(msg('notices.hook.allowedButNot', { reason: policyReason(verdict), command: first.hook.command, cannot })) };
}
