import type { AssistantToolCall } from '../../model/types';
import type { PromptRow, SessionRow } from '../../store/rows';
import type { StoredMessage } from '../../store/store';
import type { SlotLease } from '../../kernel/slots';
import type { TurnDeps } from '../turn-context';
import type { CallRecord } from './call-record';

/** One tool call on its way through the steps: decide → confirm → guard → execute, each recorded. */
export interface CallContext {
  deps: TurnDeps;
  session: SessionRow;
  prompt: PromptRow;
  /** The assistant message that asked for the call. */
  holder: StoredMessage;
  call: AssistantToolCall;
  signal: AbortSignal;
  /** A forced stop: the tool's processes are killed at once instead of after a grace. */
  force: AbortSignal;
  lease: SlotLease;
  record: CallRecord;
}

/** How a step ended: the call goes on to the next step, or it has been answered (refused, denied, failed). */
export type StepOutcome<T> = { next: true; value: T } | { next: false };

export const answered = { next: false } as const;
export const goOn = <T>(value: T): StepOutcome<T> => ({ next: true, value });
