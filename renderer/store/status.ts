import { deriveSessionStatus, isTerminal, type SessionStatus } from '../../shared';
import type { DomainState, PromptView, SessionView } from './types';

/** What a status chip shows: the session status the engine would report for the same prompts. */
export type DisplayStatus = SessionStatus;

export const statusLabel: Record<DisplayStatus, string> = {
  idle: 'idle',
  failed: 'failed',
  completed: 'complete',
  conflict: 'conflict',
  waiting_approval: 'approval',
  interrupted: 'interrupted',
  paused: 'paused',
  queued: 'queued',
  running: 'running',
  closed: 'closed',
};

export function sessionPrompts(state: DomainState, session: SessionView): PromptView[] {
  const out: PromptView[] = [];
  for (const id of session.promptIds) {
    const p = state.prompts[id];
    if (p) out.push(p);
  }
  return out;
}

/** The prompt the session is working on (the first one not finished), if any. */
export function headPrompt(prompts: readonly PromptView[]): PromptView | undefined {
  return prompts.find((p) => !isTerminal(p.status) && p.status !== 'queued') ?? prompts.find((p) => !isTerminal(p.status));
}

/** Prompts waiting behind the head: the visible, editable queue. */
export function queuedPrompts(prompts: readonly PromptView[]): PromptView[] {
  const head = headPrompt(prompts);
  return prompts.filter((p) => p.status === 'queued' && p !== head);
}

/**
 * A session's chip, derived by the same function as the engine's summaries (shared/session-status.ts) from
 * what the panel knows: its prompts, its open conflicts and whether it was closed. Until any of its prompts has
 * been heard of, the chip shows the status of the engine's last summary.
 */
export function displayStatus(state: DomainState, session: SessionView): DisplayStatus {
  const prompts = sessionPrompts(state, session);
  const openConflict = openConflictsOf(state, session.id).length > 0;
  if (prompts.length === 0 && !session.closed && !openConflict) return session.summaryStatus;
  return deriveSessionStatus({ closed: session.closed, prompts: prompts.map((p) => p.status), openConflict });
}

export function pendingApprovalsOf(state: DomainState, sessionId?: string) {
  return Object.values(state.approvals)
    .filter((a) => a.status === 'pending' && (sessionId === undefined || a.sessionId === sessionId))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Conflicts still waiting for a decision (a prompt that ended no longer needs one). */
export function openConflictsOf(state: DomainState, sessionId?: string) {
  return Object.values(state.conflicts).filter((c) => {
    if (c.resolution !== null || (sessionId !== undefined && c.sessionId !== sessionId)) return false;
    const prompt = c.promptId ? state.prompts[c.promptId] : undefined;
    return !prompt || !isTerminal(prompt.status);
  });
}

export const sessionTitle = (s: SessionView): string => s.name ?? basename(s.workspace) ?? s.ref;

export function basename(path: string): string | undefined {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1];
}
