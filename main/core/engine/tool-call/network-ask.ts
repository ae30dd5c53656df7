import { english, msg } from '../../../../shared/i18n/message';
import type { ApprovalAnswer, PolicyDecision } from '../../../../shared/policy';
import type { AskNetwork } from '../../sandbox/runtime';
import { runOptionsOf } from '../run-options';
import type { CallContext } from './call-context';

/** `host:port`, with an IPv6 address in brackets. */
const targetOf = (host: string, port: number): string => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * How a confined command's connection to a host its lists do not name is decided: `--approve all` allows it,
 * `--approve never` and a run with no one to ask refuse it, and otherwise a person answers a card "network access
 * to HOST:PORT" — once, for the session or always (both add `WebFetch(domain:HOST)`, which the sandbox's lists
 * follow). One card at a time per call; a card still open when the command ends or is cancelled is withdrawn.
 */
export function networkAsk(c: CallContext, command: string): AskNetwork {
  let queue: Promise<unknown> = Promise.resolve();
  const ask = async (host: string, port: number, ended: AbortSignal): Promise<boolean> => {
    const { deps, session, prompt, call, record, lease } = c;
    const run = runOptionsOf(deps.store.prompts.get(prompt.id) ?? prompt, deps);
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
    const signal = AbortSignal.any([c.signal, ended]);
    if (signal.aborted) return false;
    const reasonMsg = msg('sandbox.network.ask', { target: targetOf(host, port) });
    const decision: PolicyDecision = { decision: 'needs_approval', rule: null, source: 'sandbox', reason: english(reasonMsg), reasonMsg };
    const input = { host, port, command };
    const ids = { sessionId: session.id, promptId: prompt.id };
    const alwaysRules = [`WebFetch(domain:${host})`];
    const approval = deps.store.approvals.create({ ...ids, toolCallId: record.rowId, tool: 'Network', input, decision, alwaysRules });
    deps.bus.batch(() => {
      deps.bus.emit({
        type: 'approval_requested',
        ...ids,
        approvalId: approval.id,
        approvalRef: approval.ref,
        callId: call.id,
        tool: 'Network',
        input,
        decision,
        alwaysRule: alwaysRules.join(', '),
        hints: null,
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
      // The prompt goes on running its command, unless it was stopped meanwhile (then its own end is recorded).
      if (!c.signal.aborted) deps.prompts.transitionFrom(prompt.id, ['waiting_approval'], 'running');
    }
    return reply !== null && reply.kind !== 'deny';
  };
  return (host, port, ended) => {
    const next = queue.then(() => ask(host, port, ended));
    queue = next.catch(() => undefined);
    return next;
  };
}
