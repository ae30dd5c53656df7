import { english, type Msg } from '../../../../shared/i18n/message';
import type { ApprovalAnswer, PolicyDecision } from '../../../../shared/policy';
import type { CallContext } from './call-context';
import { runOptionsOf } from '../run-options';
import { cardParent } from './card-parent';

/** A card raised from inside a running call (not the call's own): what it asks about. */
export interface CallCard {
  tool: string;
  input: Record<string, unknown>;
  reasonMsg: Msg;
  /** What "always" saves (empty: not offered). */
  alwaysRules: string[];
  source: PolicyDecision['source'];
}

/**
 * Raises a card for something a running call meets (a host its command connects to, a setup command to run) and
 * waits for a person away from the turn's slot. Null when `ended` or the turn stopped first; a card still open
 * then is withdrawn. The prompt shows `waiting_approval` while the card is open.
 */
export async function askOnCard(c: CallContext, card: CallCard, ended: AbortSignal): Promise<ApprovalAnswer | null> {
  const { deps, session, prompt, call, record, lease } = c;
  const signal = AbortSignal.any([c.signal, ended]);
  if (signal.aborted) return null;
  const decision: PolicyDecision = { decision: 'needs_approval', rule: null, source: card.source, reason: english(card.reasonMsg), reasonMsg: card.reasonMsg };
  const ids = { sessionId: session.id, promptId: prompt.id };
  const approval = deps.store.approvals.create({ ...ids, toolCallId: record.rowId, tool: card.tool, input: card.input, decision, alwaysRules: card.alwaysRules });
  deps.bus.batch(() => {
    deps.bus.emit({
      type: 'approval_requested',
      ...ids,
      approvalId: approval.id,
      approvalRef: approval.ref,
      callId: call.id,
      tool: card.tool,
      input: card.input,
      decision,
      alwaysRule: card.alwaysRules.length > 0 ? card.alwaysRules.join(', ') : null,
      hints: null,
      ...cardParent(deps.store, session),
    });
    deps.prompts.transition(prompt.id, 'waiting_approval');
  });
  let reply: ApprovalAnswer | null = null;
  try {
    reply = await lease.away(signal, () => deps.waiters.wait(approval.id, signal));
  } catch {
    reply = null;
  } finally {
    const now = deps.store.approvals.get(approval.id);
    if (now?.status === 'pending') {
      deps.store.approvals.answer(approval.id, 'cancelled', null);
      deps.bus.emit({ type: 'approval_resolved', ...ids, approvalId: approval.id, approvalRef: approval.ref, status: 'cancelled', answer: null });
    }
    // The prompt goes on running its call, unless it was stopped meanwhile (then its own end is recorded).
    if (!c.signal.aborted) deps.prompts.transitionFrom(prompt.id, ['waiting_approval'], 'running');
  }
  return reply;
}

/**
 * The same card under the prompt's run options: `--approve all` allows without a card, `--approve never` and a run
 * with no one to ask refuse without one. True when allowed.
 */
export async function allowedOnCard(c: CallContext, card: CallCard, ended: AbortSignal = new AbortController().signal): Promise<boolean> {
  const run = runOptionsOf(c.deps.store.prompts.get(c.prompt.id) ?? c.prompt, c.deps);
  switch (run.approvals) {
    case 'all':
      return true;
    case 'never':
      return false;
    case 'ask':
      if (run.headless) return false;
      break;
    default: {
      const never: never = run.approvals;
      throw new Error(`unknown approvals mode ${String(never)}`);
    }
  }
  const reply = await askOnCard(c, card, ended);
  return reply !== null && reply.kind !== 'deny';
}
