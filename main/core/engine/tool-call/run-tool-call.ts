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
  const run = await readyToolCall(deps, session, prompt, holder, call, signal, lease, force);
  if (run) await run();
}

/**
 * The steps before a call runs (decide, confirm, guard), one call at a time; returns what runs it, or null when the
 * call was answered on the way (refused, denied). Agent calls of one message are made ready in turn and then run
 * together, so their children work in parallel while every card and conflict is still met one call at a time.
 */
export async function readyToolCall(
  deps: TurnDeps,
  session: SessionRow,
  prompt: PromptRow,
  holder: StoredMessage,
  call: AssistantToolCall,
  signal: AbortSignal,
  lease: SlotLease,
  force: AbortSignal,
): Promise<(() => Promise<void>) | null> {
  const record = new CallRecord(deps.store, deps.bus, { sessionId: session.id, promptId: prompt.id }, holder, call);
  const c: CallContext = { deps, session, prompt, holder, call, signal, force, lease, record };
  const decided = await decideCall(c);
  if (!decided.next) return null;
  const confirmed = await confirmCall(c, decided.value);
  if (!confirmed.next) return null;
  const guarded = await guardCall(c, decided.value, confirmed.value);
  if (!guarded.next) return null;
  return () => executeCall(c, decided.value);
}
