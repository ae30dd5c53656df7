import type { AssistantToolCall } from '../../model/types';
import type { PromptRow, SessionRow } from '../../store/rows';
import type { StoredMessage } from '../../store/store';
import type { SlotLease } from '../../kernel/slots';
import type { TurnDeps } from '../turn-context';
import type { CallContext } from './call-context';
import { CallRecord } from './call-record';
import { confirmCall } from './confirm';
import { decideCall } from './decide';
import { executeCall } from './execute';
import { guardCall } from './guard';

/** One tool call of the model, through decide → confirm → guard → execute; every path ends in one recorded answer. */
export async function runToolCall(
  deps: TurnDeps,
  session: SessionRow,
  prompt: PromptRow,
  holder: StoredMessage,
  call: AssistantToolCall,
  signal: AbortSignal,
  lease: SlotLease,
  force: AbortSignal,
): Promise<void> {
  const record = new CallRecord(deps.store, deps.bus, { sessionId: session.id, promptId: prompt.id }, holder, call);
  const c: CallContext = { deps, session, prompt, holder, call, signal, force, lease, record };
  const decided = await decideCall(c);
  if (!decided.next) return;
  const confirmed = await confirmCall(c, decided.value);
  if (!confirmed.next) return;
  const guarded = await guardCall(c, decided.value, confirmed.value);
  if (!guarded.next) return;
  await executeCall(c, decided.value);
}
