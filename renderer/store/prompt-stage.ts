import { isTerminal, type PromptStatus } from '../../shared';

/** How far along its life a prompt is: a reply is a snapshot, so it may only move a prompt forward. */
const stage = (status: PromptStatus): number => (isTerminal(status) ? 2 : status === 'queued' ? 0 : 1);

/**
 * The status to keep when a request's reply (a snapshot taken when the engine answered) meets the status the
 * events have already set. Every change is also an event, in order, so the events win unless the reply is
 * further along: a `prompt.send` reply saying `queued` that arrives after the `running` event must not put a
 * running prompt back in the queue.
 */
export function laterStatus(current: PromptStatus, reported: PromptStatus): PromptStatus {
  return stage(reported) > stage(current) ? reported : current;
}
