import { EPHEMERAL_EVENTS, missingCase } from '../../shared';
import type { EngineEvent, EventOf, PromptSummary, SessionDetail, SessionStatus, SessionSummary } from '../../shared';
import type { DomainState, PromptView, SessionView, ToolCallStatus } from './types';
import { applyBudgetEvent, applyUsageCost, keepTurnFooterLast, summaryMoney, withStatus } from './budget';
import { applyMachineState } from './machines';
import { laterStatus } from './prompt-stage';
import { appendDelta, finishAssistant, pushCompaction, pushNotice, settleStreaming, statusFromDecision, toolItem, upsertItem, upsertTool } from './transcript-items';

export { laterStatus };

/**
 * The one pure reducer: live events and replayed events (after a reload) go through the same code, so the
 * panel after a reload is exactly what it was before. No React, no I/O.
 */
export function applyEvents(state: DomainState, events: readonly EngineEvent[]): DomainState {
  let next = state;
  for (const event of coalesceDeltas(events)) next = applyEvent(next, event);
  return next;
}

/** Joins consecutive streaming deltas (answer or reasoning) of one prompt so a burst costs one transcript copy, not one per token. */
export function coalesceDeltas(events: readonly EngineEvent[]): EngineEvent[] {
  const out: EngineEvent[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if (
      (event.type === 'assistant_delta' || event.type === 'reasoning_delta') &&
      last?.type === event.type &&
      last.sessionId === event.sessionId &&
      last.promptId === event.promptId
    ) {
      out[out.length - 1] = { ...last, text: last.text + event.text };
    } else {
      out.push(event);
    }
  }
  return out;
}

/**
 * Applies one event. A session whose history is not loaded (no transcript) keeps only what its summary shows up
 * to date (prompts, approvals, conflicts, usage, mode); its transcript is read from the engine when it is shown.
 */
export function applyEvent(state: DomainState, event: EngineEvent): DomainState {
  // Belongs to no session: the MCP view reads it (McpView) and asks mcp.list for the rest; the language goes to
  // renderer/i18n (panel-store's receive).
  if (event.type === 'mcp_server_state' || event.type === 'language_changed') return state;
  // A machine's state names no session (its sessionId is ''), so no session may be made up for it.
  if (event.type === 'machine_state') return applyTyped(state, event);
  const stored = !EPHEMERAL_EVENTS.has(event.type);
  const seen = state.seqBySession[event.sessionId];
  if (stored && seen !== undefined && event.seq <= seen) return state; // already applied (replay overlap)
  let next = event.type === 'session_created' ? seedCreated(state, event) : ensureSession(state, event);
  next = keepTurnFooterLast(state.transcripts[event.sessionId], applyTyped(next, event), event.sessionId);
  if (!stored || !next.transcripts[event.sessionId]) return next;
  return {
    ...next,
    lastSeq: Math.max(next.lastSeq, event.seq),
    seqBySession: { ...next.seqBySession, [event.sessionId]: event.seq },
  };
}

function applyTyped(s: DomainState, e: EngineEvent): DomainState {
  switch (e.type) {
    case 'session_created': {
      const mode = e.mode && e.modeSource ? { mode: e.mode, modeSource: e.modeSource } : {};
      const created = updateSession(s, e.sessionId, (v) => ({ ...v, workspace: e.workspace, createdAt: v.createdAt || e.ts, ...mode }));
      return pushNotice(created, e);
    }
    case 'session_closed':
      return updateSession(s, e.sessionId, (v) => ({ ...v, closed: true }));
    case 'session_reopened':
      return updateSession(s, e.sessionId, (v) => ({ ...v, closed: false }));
    case 'session_mode':
      return updateSession(s, e.sessionId, (v) => ({ ...v, mode: e.mode, modeSource: e.modeSource }));
    case 'session_model':
      return updateSession(s, e.sessionId, (v) => {
        const { chosenProvider: _p, reasoningEffort: _e, ...rest } = v;
        return { ...rest, ...(e.chosenProvider !== null ? { chosenProvider: e.chosenProvider } : {}), ...(e.reasoningEffort !== null ? { reasoningEffort: e.reasoningEffort } : {}) };
      });
    case 'prompt_queued': {
      if (!e.promptId) return s;
      const prompt: PromptView = {
        id: e.promptId,
        ref: e.promptRef ?? e.promptId.slice(0, 6),
        sessionId: e.sessionId,
        text: e.text,
        status: s.prompts[e.promptId]?.status ?? 'queued',
        error: null,
      };
      const withPrompt = { ...s, prompts: { ...s.prompts, [prompt.id]: prompt } };
      const withOrder = updateSession(withPrompt, e.sessionId, (v) =>
        v.promptIds.includes(prompt.id) ? v : { ...v, promptIds: [...v.promptIds, prompt.id] },
      );
      return upsertItem(withOrder, e.sessionId, `user:${prompt.id}`, () => ({
        kind: 'user',
        key: `user:${prompt.id}`,
        promptId: prompt.id,
        text: e.text,
        ...(e.images?.length ? { images: e.images } : {}),
      }), (item) => (item.kind === 'user' ? { ...item, text: e.text } : item));
    }
    // The one event that sets a prompt's status: the engine sends it before turn_started and before a turn's end.
    case 'prompt_status':
      return updatePrompt(s, e.promptId, (p) => withStatus(p, e.status));
    case 'assistant_delta':
      return appendDelta(s, e, 'text');
    case 'reasoning_delta':
      return appendDelta(s, e, 'reasoning');
    case 'assistant_message':
      return finishAssistant(s, e.sessionId, e.promptId, e.content, e.seq, e.reasoning ?? '');
    case 'tool_call':
      return upsertTool(s, e.sessionId, e.callId, () => toolItem(e.promptId, e.callId, e.tool, e.input), (t) => ({
        ...t,
        tool: e.tool,
        input: e.input,
        decision: e.decision ?? t.decision,
        status: t.status === 'running' ? statusFromDecision(e.decision) : t.status,
      }));
    case 'tool_result':
      return upsertTool(s, e.sessionId, e.callId, () => toolItem(e.promptId, e.callId, e.tool, null), (t) => ({
        ...t,
        output: e.output,
        error: e.error,
        ...(e.errorMsg ? { errorMsg: e.errorMsg } : {}),
        status: e.ok ? 'done' : t.status === 'denied' || t.status === 'blocked' || t.status === 'cancelled' ? t.status : 'error',
      }));
    case 'approval_requested': {
      const approvals = {
        ...s.approvals,
        [e.approvalId]: {
          id: e.approvalId,
          ref: e.approvalRef,
          sessionId: e.sessionId,
          sessionRef: e.sessionRef,
          promptId: e.promptId,
          promptRef: e.promptRef,
          callId: e.callId,
          tool: e.tool,
          input: e.input,
          decision: e.decision,
          alwaysRule: e.alwaysRule,
          hints: e.hints ?? null,
          status: s.approvals[e.approvalId]?.status ?? 'pending',
          answer: s.approvals[e.approvalId]?.answer ?? null,
          createdAt: e.ts,
          ...(e.machine !== undefined ? { machine: e.machine } : {}),
        },
      } satisfies DomainState['approvals'];
      return upsertTool({ ...s, approvals }, e.sessionId, e.callId, () => toolItem(e.promptId, e.callId, e.tool, e.input), (t) => ({
        ...t,
        decision: e.decision,
        approvalId: e.approvalId,
        status: t.status === 'running' || t.status === 'waiting_approval' ? 'waiting_approval' : t.status,
      }));
    }
    case 'approval_resolved': {
      const current = s.approvals[e.approvalId];
      const approvals = current
        ? { ...s.approvals, [e.approvalId]: { ...current, status: e.status, answer: e.answer } }
        : s.approvals;
      const callId = current?.callId;
      const next = { ...s, approvals };
      if (!callId) return next;
      const status: ToolCallStatus | null =
        e.status === 'approved' ? 'running' : e.status === 'denied' ? 'denied' : e.status === 'cancelled' ? 'cancelled' : null;
      return status ? upsertTool(next, e.sessionId, callId, null, (t) => (t.status === 'waiting_approval' ? { ...t, status } : t)) : next;
    }
    case 'conflict':
      return {
        ...s,
        conflicts: {
          ...s.conflicts,
          [e.conflictId]: {
            id: e.conflictId,
            sessionId: e.sessionId,
            sessionRef: e.sessionRef,
            promptId: e.promptId,
            promptRef: e.promptRef,
            kind: e.kind,
            otherSessionId: e.otherSessionId,
            otherSessionRef: e.otherSessionRef,
            otherSessionName: e.otherSessionName,
            paths: e.paths,
            detail: e.detail,
            ...(e.detailMsg ? { detailMsg: e.detailMsg } : {}),
            resolution: s.conflicts[e.conflictId]?.resolution ?? null,
          },
        },
      };
    case 'conflict_resolved': {
      const c = s.conflicts[e.conflictId];
      return c ? { ...s, conflicts: { ...s.conflicts, [c.id]: { ...c, resolution: e.resolution } } } : s;
    }
    case 'model_retry':
      return pushNotice(settleStreaming(s, e.sessionId, e.promptId), e);
    case 'usage':
      return applyUsageCost(updateSession(s, e.sessionId, (v) => ({
        ...v,
        totalTokens: e.sessionTotalTokens,
        context: e.contextTokens != null && e.contextWindow != null ? { tokens: e.contextTokens, window: e.contextWindow } : v.context,
      })), e);
    case 'budget_reached':
    case 'session_budget':
      return applyBudgetEvent(s, e);
    case 'context_compacted':
      return pushCompaction(settleStreaming(s, e.sessionId, e.promptId), e);
    case 'turn_completed': {
      const items = s.transcripts[e.sessionId] ?? [];
      const shown = items.some((i) => i.kind === 'assistant' && i.promptId === e.promptId && i.text === e.content);
      const settled = settleStreaming(s, e.sessionId, e.promptId);
      return shown || !e.content ? settled : finishAssistant(settled, e.sessionId, e.promptId, e.content, e.seq, '');
    }
    case 'turn_failed':
      return pushNotice(settleStreaming(updatePrompt(s, e.promptId, (p) => ({ ...p, error: e.error })), e.sessionId, e.promptId), e);
    case 'turn_cancelled':
      return pushNotice(settleStreaming(s, e.sessionId, e.promptId), e);
    case 'instructions_changed':
    case 'hook_ran':
    case 'sandbox_off':
    case 'agent_setup':
      return pushNotice(s, e);
    case 'sandbox_violation':
      return upsertTool(s, e.sessionId, e.callId, null, (t) => ({ ...t, refusals: [...(t.refusals ?? []), { kind: e.kind, target: e.target }] }));
    case 'agent_child': {
      const c = e.childSummary;
      const withChild = { ...s, agentChildren: { ...s.agentChildren, [c.sessionId]: c } };
      return s.sessions[c.sessionId] ? updateSession(withChild, c.sessionId, (v) => ({ ...v, parent: c.parentRef })) : withChild;
    }
    case 'plan_updated':
      return updateSession(s, e.sessionId, (v) => {
        const { plan: _old, ...rest } = v;
        return e.items.length > 0 ? { ...rest, plan: { items: e.items, updatedAt: e.ts } } : rest;
      });
    case 'agent_spawned':
    case 'agent_waiting':
    case 'agent_completed':
    case 'integration_merged':
    case 'integration_conflict':
    case 'turn_started':
    case 'mcp_server_state':
    case 'language_changed':
    case 'sandbox_changed':
      return s;
    case 'machine_state':
      return applyMachineState(s, e);
    default:
      return missingCase(e);
  }
}

/** Session statuses that say none of its prompts is active: every prompt that can still change it is yet to come. */
const SETTLED: ReadonlySet<SessionStatus> = new Set(['idle', 'completed', 'failed', 'closed']);

/**
 * Seeds or refreshes sessions from `session.list` (fields that events do not carry: mode, status, usage). One
 * copy of the maps for the whole list: a list of hundreds of sessions costs one pass, not one copy per session.
 */
export function applySummaries(state: DomainState, summaries: readonly SessionSummary[]): DomainState {
  if (summaries.length === 0) return state;
  const sessions = { ...state.sessions };
  const order = state.sessionOrder.slice();
  for (const summary of summaries) {
    const v = sessions[summary.id] ?? newSession(summary.id, summary.ref, summary.name, summary.workspace, summary.createdAt);
    if (!state.sessions[summary.id] && !order.includes(summary.id)) order.push(summary.id);
    const { plan: _plan, chosenProvider: _provider, reasoningEffort: _effort, ...kept } = v;
    sessions[summary.id] = {
      ...kept,
      ...(summary.machine !== undefined ? { machine: summary.machine } : {}),
      ...(summary.plan ? { plan: summary.plan } : {}),
      ...(summary.chosenProvider !== undefined ? { chosenProvider: summary.chosenProvider } : {}),
      ...(summary.reasoningEffort !== undefined ? { reasoningEffort: summary.reasoningEffort } : {}),
      name: summary.name,
      workspace: v.workspace || summary.workspace,
      mode: summary.mode,
      modeSource: summary.modeSource,
      summaryStatus: summary.status,
      summaryQueue: summary.queueLength,
      promptsKnown: v.promptsKnown || (SETTLED.has(summary.status) && summary.queueLength === 0),
      totalTokens: Math.max(v.totalTokens, summary.usage.totalTokens),
      context: summary.context ?? v.context,
      ...summaryMoney(v, summary),
      closed: summary.closedAt !== null,
      parent: summary.parent ?? v.parent ?? null,
    };
  }
  return { ...state, sessions, sessionOrder: order };
}

/** A session's summary with all its prompts (`session.get`): from now on its chip is derived from its prompts. */
export function applySessionDetail(state: DomainState, detail: SessionDetail): DomainState {
  let next = applySummaries(state, [detail]);
  for (const prompt of detail.prompts) next = applyPromptSummary(next, prompt);
  return updateSession(next, detail.id, (v) => {
    const ordered = detail.prompts.map((p) => p.id);
    const listed = new Set(ordered);
    return { ...v, promptsKnown: true, promptIds: [...ordered, ...v.promptIds.filter((id) => !listed.has(id))] };
  });
}

/** Records a prompt the engine just accepted (the reply to `prompt.send`), before its events arrive. */
export function applyPromptSummary(state: DomainState, prompt: PromptSummary): DomainState {
  const existing = state.prompts[prompt.id];
  const view: PromptView = {
    id: prompt.id,
    ref: prompt.ref,
    sessionId: prompt.sessionId,
    text: prompt.text,
    status: existing ? laterStatus(existing.status, prompt.status) : prompt.status,
    error: prompt.error ?? existing?.error ?? null,
  };
  const next = { ...state, prompts: { ...state.prompts, [prompt.id]: existing ? { ...existing, ...view } : view } };
  return updateSession(next, prompt.sessionId, (v) =>
    v.promptIds.includes(prompt.id) ? v : { ...v, promptIds: [...v.promptIds, prompt.id] },
  );
}

// ---- helpers ---------------------------------------------------------------------------------------------

function ensureSession(s: DomainState, e: EngineEvent): DomainState {
  const known = ensureSessionFields(s, e.sessionId, e.sessionRef, e.sessionName, e.type === 'session_created' ? e.workspace : '', e.ts);
  // The hub stamps every event of a remote machine's engine with its name: that is where the session runs.
  const machine = e.machine;
  if (machine === undefined || known.sessions[e.sessionId]?.machine !== undefined) return known;
  return updateSession(known, e.sessionId, (v) => ({ ...v, machine }));
}

function ensureSessionFields(
  s: DomainState,
  id: string,
  ref: string,
  name: string | null,
  workspace: string,
  createdAt: string,
): DomainState {
  const existing = s.sessions[id];
  if (existing) {
    if ((name !== null && existing.name !== name) || (!existing.workspace && workspace)) {
      return updateSession(s, id, (v) => ({ ...v, name: name ?? v.name, workspace: v.workspace || workspace }));
    }
    return s;
  }
  return { ...s, sessions: { ...s.sessions, [id]: newSession(id, ref, name, workspace, createdAt) }, sessionOrder: [...s.sessionOrder, id] };
}

function newSession(id: string, ref: string, name: string | null, workspace: string, createdAt: string): SessionView {
  return {
    id,
    ref,
    name,
    workspace,
    mode: 'default',
    modeSource: 'default',
    summaryStatus: 'idle',
    summaryQueue: 0,
    promptsKnown: false,
    totalTokens: 0,
    context: null,
    createdAt,
    closed: false,
    promptIds: [],
  };
}

/**
 * A session the panel hears being created: everything it will do arrives live, so its prompts are all known
 * and its (empty) history is loaded and complete.
 */
function seedCreated(s: DomainState, e: EventOf<'session_created'>): DomainState {
  const known = ensureSession(s, e);
  if (s.sessions[e.sessionId]) return known;
  const withPrompts = updateSession(known, e.sessionId, (v) => ({ ...v, promptsKnown: true }));
  return {
    ...withPrompts,
    transcripts: { ...withPrompts.transcripts, [e.sessionId]: [] },
    history: { ...withPrompts.history, [e.sessionId]: { oldestSeq: e.seq, complete: true, loadingOlder: false } },
  };
}

function updateSession(s: DomainState, id: string, f: (v: SessionView) => SessionView): DomainState {
  const v = s.sessions[id];
  if (!v) return s;
  const nv = f(v);
  return nv === v ? s : { ...s, sessions: { ...s.sessions, [id]: nv } };
}

function updatePrompt(s: DomainState, id: string | null, f: (p: PromptView) => PromptView): DomainState {
  const p = id ? s.prompts[id] : undefined;
  if (!p) return s;
  const np = f(p);
  return np === p ? s : { ...s, prompts: { ...s.prompts, [p.id]: np } };
}

/** Replaces a loaded transcript; a session whose history is not loaded keeps none. */
