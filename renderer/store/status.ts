import { isTerminal } from '../../shared';
import type { DomainState, PromptView, SessionView } from './types';

/** What a status chip says. Precedence as in the original's markers: failed, completed, conflict, approval, paused, queued, running. */
export type DisplayStatus = 'idle' | 'failed' | 'completed' | 'conflict' | 'waiting_approval' | 'paused' | 'queued' | 'running' | 'closed';

export const statusLabel: Record<DisplayStatus, string> = {
  idle: 'idle',
  failed: 'failed',
  completed: 'complete',
  conflict: 'conflict',
  waiting_approval: 'approval',
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
 * A session's chip. Among its unfinished prompts: a conflict, then an approval (both need a person), then a
 * running prompt, then a queued one; the queue length is shown beside the chip. So a session whose first prompt
 * streams while a second waits says `running`, not `queued`. With nothing unfinished, the last prompt decides.
 */
export function displayStatus(state: DomainState, session: SessionView): DisplayStatus {
  if (session.closed) return 'closed';
  const prompts = sessionPrompts(state, session);
  if (prompts.length === 0) return session.summaryStatus === 'idle' ? 'idle' : session.summaryStatus;
  const active = prompts.filter((p) => !isTerminal(p.status));
  if (active.length > 0) {
    const open = openConflictsOf(state, session.id);
    const inConflict = (p: PromptView) => p.status === 'conflict' || open.some((c) => c.promptId === p.id);
    if (open.some((c) => c.promptId === null) || active.some(inConflict)) return 'conflict';
    if (active.some((p) => p.status === 'waiting_approval')) return 'waiting_approval';
    if (active.some((p) => p.status === 'running')) return 'running';
    return 'queued';
  }
  const last = prompts[prompts.length - 1]!;
  return last.status === 'completed' ? 'completed' : 'failed';
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
