import type { PromptWrites } from '../../store/prompts';
import type { Store } from '../../store/store';
import { ApprovalWaiters } from '../../kernel/approval-waiters';
import { EventBus } from '../../kernel/event-bus';
import { Pauses } from '../../kernel/pauses';
import { PromptLifecycle } from '../../kernel/prompt-lifecycle';

/** The bottom floor every service is built on: the store, its event bus, the prompt lifecycle, waits and pauses. */
export interface Kernel {
  store: Store;
  bus: EventBus;
  /** The only writer of prompt status. */
  prompts: PromptLifecycle;
  waiters: ApprovalWaiters;
  pauses: Pauses;
}

export function buildKernel(store: Store, promptWrites: PromptWrites): Kernel {
  const bus = new EventBus(store);
  const prompts = new PromptLifecycle(store, bus, promptWrites);
  const waiters = new ApprovalWaiters();
  const pauses = new Pauses();
  return { store, bus, prompts, waiters, pauses };
}
