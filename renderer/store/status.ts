import { deriveSessionStatus, isTerminal, type SessionStatus } from '../../shared';
import type { DomainState, PromptView, SessionView } from './types';
import type { UiState } from './ui-state';

/** What a status chip shows: the session status the engine would report for the same prompts. */
export type DisplayStatus = SessionStatus;

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
 * been heard of, or while some of them may be unknown (`promptsKnown`), the chip shows the status of the
 * engine's last summary.
 */
export function displayStatus(state: DomainState, session: SessionView): DisplayStatus {
  const openConflict = openConflictsOf(state, session.id).length > 0;
  if (!session.promptsKnown) return session.closed ? 'closed' : openConflict ? 'conflict' : session.summaryStatus;
  const prompts = sessionPrompts(state, session);
  if (prompts.length === 0 && !session.closed && !openConflict) return session.summaryStatus;
  return deriveSessionStatus({ closed: session.closed, prompts: prompts.map((p) => p.status), openConflict });
}

/** How many prompts wait behind the session's head: counted from its prompts once all are known, else its summary's. */
export function queueCount(state: DomainState, session: SessionView): number {
  return session.promptsKnown ? queuedPrompts(sessionPrompts(state, session)).length : session.summaryQueue;
}

/** Pending approvals per session id, in one pass (for lists of many sessions). */
export function pendingApprovalCounts(state: DomainState): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of Object.values(state.approvals)) if (a.status === 'pending') counts.set(a.sessionId, (counts.get(a.sessionId) ?? 0) + 1);
  return counts;
}

/**
 * The sessions the grid shows beside the focused one: the ones pinned first, then the newest open ones, as many
 * as the layout has room for.
 */
export function gridSessionIds(state: DomainState, ui: Pick<UiState, 'focusedSessionId' | 'layout' | 'gridIds'>): string[] {
  if (ui.layout === 1) return [];
  const open = state.sessionOrder.filter((id) => id !== ui.focusedSessionId && state.sessions[id] && !state.sessions[id].closed);
  const pinned = ui.gridIds.filter((id) => open.includes(id));
  const rest = open.filter((id) => !pinned.includes(id)).reverse();
  return [...pinned, ...rest].slice(0, ui.layout - 1);
}

/** Sessions on screen: the focused one and the grid's. Their histories are loaded; the others' are not. */
export function shownSessionIds(state: DomainState, ui: Pick<UiState, 'focusedSessionId' | 'layout' | 'gridIds'>): string[] {
  const focused = ui.focusedSessionId && state.sessions[ui.focusedSessionId] ? [ui.focusedSessionId] : [];
  return [...focused, ...gridSessionIds(state, ui)];
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
