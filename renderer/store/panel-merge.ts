import type { ApprovalSummary, EngineEvent } from '../../shared';
import type { DomainState } from './types';

/* What the panel store reads off events and summaries beyond the reducer: which events mark a session unread or
   may change its status, and the approvals' authoritative statuses. */

/** Events that make a session not in view show its unread marker. */
export const UNREAD_TYPES: ReadonlySet<EngineEvent['type']> = new Set([
  'assistant_message',
  'tool_call',
  'approval_requested',
  'conflict',
  'turn_completed',
  'turn_failed',
]);

/** Events that may change the status of a session whose prompts the panel does not all know. */
export const STATUS_TYPES: ReadonlySet<EngineEvent['type']> = new Set([
  'prompt_queued',
  'prompt_status',
  'turn_started',
  'turn_completed',
  'turn_failed',
  'turn_cancelled',
  'conflict',
  'conflict_resolved',
  'approval_requested',
  'approval_resolved',
]);

/** Approval summaries (from `approval.list` or an answer) carry the authoritative status. */
export function mergeApprovalStatuses(domain: DomainState, approvals: readonly ApprovalSummary[]): DomainState {
  let changed = false;
  const next = { ...domain.approvals };
  for (const a of approvals) {
    const current = next[a.id];
    if (current) {
      if (current.status !== a.status) {
        next[a.id] = { ...current, status: a.status };
        changed = true;
      }
    } else {
      next[a.id] = {
        id: a.id,
        ref: a.ref,
        sessionId: a.sessionId,
        sessionRef: a.sessionRef,
        promptId: a.promptId,
        promptRef: a.promptRef,
        callId: a.callId,
        tool: a.tool,
        input: a.input,
        decision: a.decision,
        alwaysRule: a.alwaysRule,
        status: a.status,
        answer: null,
        createdAt: a.createdAt,
        ...(a.machine !== undefined ? { machine: a.machine } : {}),
      };
      changed = true;
    }
  }
  return changed ? { ...domain, approvals: next } : domain;
}
