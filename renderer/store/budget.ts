import type { EventOf, PromptStatus, SessionSummary } from '../../shared';
import type { DomainState, PromptView, SessionView, TranscriptItem } from './types';

/*
 * What the reducer does with money and budgets, kept apart from it: the session's cost and budget, the budget a
 * prompt is paused at, and the turn's usage footer in the transcript. Pure, like the reducer.
 */

/** `budget_reached` marks the prompt; `session_budget` sets the session's budget. */
export function applyBudgetEvent(s: DomainState, e: EventOf<'budget_reached' | 'session_budget'>): DomainState {
  if (e.type === 'session_budget') return updateSession(s, e.sessionId, (v) => ({ ...v, budget: e.budget }));
  const prompt = e.promptId ? s.prompts[e.promptId] : undefined;
  if (!prompt) return s;
  const budgetStop = { kind: e.kind, unit: e.unit, limit: e.limit, used: e.used };
  return { ...s, prompts: { ...s.prompts, [prompt.id]: { ...prompt, budgetStop } } };
}

/** A prompt that moves on from its pause no longer waits at a budget. */
export function withStatus(p: PromptView, status: PromptStatus): PromptView {
  return status !== 'paused' && p.budgetStop ? { ...p, status, budgetStop: null } : { ...p, status };
}

/** The session's money after a request, and the turn's footer moved after its latest answer. */
export function applyUsageCost(s: DomainState, e: EventOf<'usage'>): DomainState {
  const withCost = e.sessionCost ? updateSession(s, e.sessionId, (v) => ({ ...v, cost: e.sessionCost })) : s;
  const items = withCost.transcripts[e.sessionId];
  if (!items || !e.promptId || e.promptTotalTokens === undefined) return withCost;
  const key = `usage:${e.promptId}`;
  const footer = { kind: 'usage' as const, key, promptId: e.promptId, totalTokens: e.promptTotalTokens, cost: e.promptCost ?? null };
  return { ...withCost, transcripts: { ...withCost.transcripts, [e.sessionId]: [...items.filter((i) => i.key !== key), footer] } };
}

/**
 * Keeps a turn's footer after the turn's items: when an event appends an item of that turn (the next step's tool
 * call or answer), the footer moves after it. Only the turn's own tail is searched.
 */
export function keepTurnFooterLast(before: readonly TranscriptItem[] | undefined, s: DomainState, sessionId: string): DomainState {
  const items = s.transcripts[sessionId];
  if (!items || items === before || items.length <= (before?.length ?? 0)) return s;
  const last = items[items.length - 1];
  if (!last || last.kind === 'usage' || last.promptId === null) return s;
  const key = `usage:${last.promptId}`;
  for (let i = items.length - 2; i >= 0; i--) {
    const item = items[i] as TranscriptItem;
    if (item.key === key) {
      const moved = [...items.slice(0, i), ...items.slice(i + 1), item];
      return { ...s, transcripts: { ...s.transcripts, [sessionId]: moved } };
    }
    if (item.promptId !== last.promptId) break;
  }
  return s;
}

/** The money fields of a summary (older engines send none: what is known stays). */
export function summaryMoney(v: SessionView, summary: SessionSummary): Pick<SessionView, 'cost' | 'budget'> {
  return { cost: summary.cost ?? v.cost ?? null, budget: summary.budget !== undefined ? summary.budget : (v.budget ?? null) };
}

function updateSession(s: DomainState, id: string, f: (v: SessionView) => SessionView): DomainState {
  const v = s.sessions[id];
  return v ? { ...s, sessions: { ...s.sessions, [id]: f(v) } } : s;
}
