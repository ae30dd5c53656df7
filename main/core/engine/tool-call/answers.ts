import type { PolicyDecision } from '../../../../shared/policy';
import { msg, type Msg, type MsgValue } from '../../../../shared/i18n/message';
import { reasonMsgOf } from '../../policy/context';
import { policySourceWord } from '../../policy/source-word';

/**
 * The sentences the engine answers a tool call with instead of running it. Each is data: the model reads its
 * English, people read it in their language. The policy's reason goes in as its Msg when it still says the
 * reason, else as the English a later step wrote (shown as written).
 */
export function blockedAnswer(verdict: Pick<PolicyDecision, 'rule' | 'source' | 'reason' | 'reasonMsg'>): Msg {
  const reason: MsgValue = reasonMsgOf(verdict) ?? verdict.reason;
  if (!verdict.rule) return msg('notices.error.blocked', { reason });
  return msg('notices.error.blockedByRule', { reason, rule: verdict.rule, source: policySourceWord(verdict.source) });
}

/** The person's answer "deny", with what they wrote (kept as written) when they wrote something. */
export function deniedAnswer(message: string | null | undefined): Msg {
  return message ? msg('notices.error.deniedSaid', { message }) : msg('notices.error.denied');
}
