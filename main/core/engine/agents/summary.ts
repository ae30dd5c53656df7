import type { AgentChildSummary } from '../../../../shared/agents';
import type { AgentChildRow } from '../../store/agent-children';
import type { Store } from '../../store/store';

/** A child as the contract shows it: its record, its session's names, its worktree, and its refused calls counted. */
export function childSummary(store: Store, row: AgentChildRow): AgentChildSummary {
  const child = store.sessions.get(row.child_id);
  const parent = store.sessions.get(row.parent_id);
  const wt = store.worktrees.get(row.child_id);
  const refused = store.toolCalls.refused(row.child_id);
  return {
    sessionId: row.child_id,
    sessionRef: child?.ref ?? row.child_id,
    name: child?.name ?? null,
    parentSessionId: row.parent_id,
    parentRef: parent?.ref ?? row.parent_id,
    callId: row.call_id,
    description: row.description,
    isolation: row.isolation,
    outputs: row.outputs,
    state: row.state,
    outcome: row.outcome,
    integration: row.integration,
    attempts: row.attempts,
    files: row.files,
    blocked: refused.filter((r) => r.kind === 'blocked').length,
    denied: refused.filter((r) => r.kind === 'denied').length,
    waitingFor: row.waiting,
    branch: wt?.branch ?? null,
    worktree: wt?.path ?? null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
