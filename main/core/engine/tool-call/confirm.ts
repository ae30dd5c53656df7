import { cardParent } from './card-parent';
import type { ApprovalAnswer } from '../../../../shared/policy';
import type { PrecheckCarry } from '../../kernel/call-gate';
import { answered, goOn, type CallContext, type StepOutcome } from './call-context';
import { stripVerdict, type Decided } from './decide';
import { notifyApproval } from '../../hooks';
import { deniedAnswer } from './answers';

/**
 * Step 2, for a call the policy asks about: first the conflict checks that need no approval (so a person never
 * approves a call that then stops at a conflict), then the approval card, waited on without holding a slot.
 * Returns what the precheck settled, for the guard. A denial is answered here.
 */
export async function confirmCall(c: CallContext, d: Decided): Promise<StepOutcome<PrecheckCarry | null>> {
  if (d.verdict.decision !== 'needs_approval') return goOn(null);
  const { deps, session, prompt, call, signal, lease, record } = c;
  const ids = { sessionId: session.id, promptId: prompt.id };

  // An approval already pending (a restart) was prechecked when it was raised.
  let carry: PrecheckCarry | null = null;
  if (!d.pendingApproval && deps.gate?.precheck) {
    const pre = await deps.gate.precheck({ ...ids, callId: call.id, prepared: d.prepared, signal, lease });
    if (!pre.proceed) {
      record.answer(false, pre.error, pre.errorMsg);
      return answered;
    }
    carry = pre.carry;
  }

  const verdict = d.verdict;
  const input = d.prepared.input;
  const approval =
    d.pendingApproval ??
    deps.store.approvals.create({
      ...ids,
      toolCallId: record.rowId,
      tool: d.prepared.name,
      input: (input ?? {}) as Record<string, unknown>,
      decision: stripVerdict(verdict),
      alwaysRules: 'alwaysRules' in verdict ? verdict.alwaysRules : [],
    });
  let reply: ApprovalAnswer | null = approval.status === 'pending' ? null : approval.answer;
  if (!reply) {
    deps.bus.batch(() => {
      record.setStatus('waiting_approval');
      if (!d.pendingApproval) {
        deps.bus.emit({
          type: 'approval_requested',
          ...ids,
          approvalId: approval.id,
          approvalRef: approval.ref,
          callId: call.id,
          tool: d.prepared.name,
          input,
          decision: stripVerdict(verdict),
          alwaysRule: approval.alwaysRules.length > 0 ? approval.alwaysRules.join(', ') : null,
          hints: d.prepared.tool.hints ?? null,
          ...cardParent(deps.store, c.session),
        });
      }
      deps.prompts.transition(prompt.id, 'waiting_approval');
    });
    // Notification hooks run beside the wait (a card raised again after a restart is not announced again).
    if (deps.hooks && !d.pendingApproval) {
      notifyApproval(deps.hooks, { session, prompt: { id: prompt.id, ref: prompt.ref }, signal }, { tool: d.prepared.name, input, approvalRef: approval.ref });
    }
    // A session waiting on a person gives its slot to the sessions that can run.
    // An answer given while the card was being published (a listener in this process) found no waiter yet: it is
    // stored, so it is read here instead of waiting for one that has already come.
    reply = await lease.away(signal, () => {
      const stored = deps.store.approvals.get(approval.id);
      return stored && stored.status !== 'pending' && stored.answer ? Promise.resolve(stored.answer) : deps.waiters.wait(approval.id, signal);
    });
    deps.prompts.transition(prompt.id, 'running');
  }
  if (reply.kind === 'deny') {
    record.refuse(deniedAnswer(reply.message));
    return answered;
  }
  return goOn(carry);
}
