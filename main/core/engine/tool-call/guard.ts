import type { PrecheckCarry } from '../../kernel/call-gate';
import { answered, goOn, type CallContext, type StepOutcome } from './call-context';
import type { Decided } from './decide';

/**
 * Step 3: the conflict gate with the other sessions (write leases, stale reads, exclusive commands, destructive
 * git), taking the per-path locks the write runs under. A refusal is answered here.
 */
export async function guardCall(c: CallContext, d: Decided, carry: PrecheckCarry | null): Promise<StepOutcome<null>> {
  const { deps } = c;
  if (!deps.gate) return goOn(null);
  const gate = await deps.gate.beforeCall(
    { sessionId: c.session.id, promptId: c.prompt.id, callId: c.call.id, prepared: d.prepared, signal: c.signal, lease: c.lease },
    carry,
  );
  if (!gate.proceed) {
    c.record.answer(false, gate.error, gate.errorMsg);
    return answered;
  }
  return goOn(null);
}
