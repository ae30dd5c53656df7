import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ApprovalAnswer,
  ApprovalSummary,
  ConflictResolution,
  EngineApi,
  EngineEvent,
  PermissionMode,
  PromptSummary,
  RequestOutput,
  Result,
  SessionSummary,
} from '../../shared';
import { compactTokens } from '../../shared/token-format';
import { FrameBatcher, type FrameScheduler } from './frame-batcher';
import { applyEvents, applyPromptSummary, applySummaries } from './reducer';
import { emptyDomain, type DomainState } from './types';
import { initialUi, persistUi, type Layout, type LogLine, type Overlay, type UiState } from './ui-state';

export interface PanelActions {
  /** Subscribes to engine events and rebuilds the state; returns the unsubscribe function. */
  start(): () => void;
  hydrate(): Promise<void>;
  receive(event: EngineEvent): void;
  flushEvents(): void;
  focus(sessionId: string | null): void;
  focusRelative(step: number): void;
  setLayout(layout: Layout): void;
  toggleGrid(sessionId: string): void;
  openOverlay(overlay: Overlay): void;
  openNewSession(open: boolean, pendingPrompt?: string | null): void;
  log(tone: LogLine['tone'], text: string): void;
  clearLog(): void;
  createSession(
    input: { workspace: string; name?: string; mode?: PermissionMode; prompt?: string },
    options?: { focus?: boolean },
  ): Promise<Result<SessionSummary>>;
  sendPrompt(sessionId: string, text: string): Promise<Result<PromptSummary>>;
  editPrompt(promptId: string, text: string): Promise<Result<PromptSummary>>;
  cancelPrompt(promptId: string): Promise<Result<PromptSummary>>;
  retryPrompt(promptId: string): Promise<Result<PromptSummary>>;
  pausePrompt(promptId: string): Promise<Result<PromptSummary>>;
  resumePrompt(promptId: string): Promise<Result<PromptSummary>>;
  answerApproval(approvalId: string, answer: ApprovalAnswer): Promise<Result<ApprovalSummary>>;
  resolveConflict(promptId: string, resolution: Exclude<ConflictResolution, 'block'>): Promise<Result<PromptSummary>>;
  closeSession(sessionId: string): Promise<Result<null>>;
  /** A person's pick of the session's mode; null: follow the settings' defaultMode again. */
  setMode(sessionId: string, mode: PermissionMode | null): Promise<Result<SessionSummary>>;
  /** A new session with the same workspace and model view up to now; it is added and focused. */
  forkSession(sessionId: string): Promise<Result<RequestOutput<'session.fork'>>>;
  /** Compacts the session's model view now, optionally focused on a subject; the outcome goes to the log. */
  compactSession(sessionId: string, focus?: string): Promise<Result<RequestOutput<'session.compact'>>>;
}

export interface PanelState {
  domain: DomainState;
  ui: UiState;
  api: EngineApi;
  actions: PanelActions;
}

export type PanelStore = StoreApi<PanelState>;

/** Events that make a session not in view show its unread marker. */
const UNREAD_TYPES: ReadonlySet<EngineEvent['type']> = new Set([
  'assistant_message',
  'tool_call',
  'approval_requested',
  'conflict',
  'turn_completed',
  'turn_failed',
]);

export function createPanelStore(api: EngineApi, options: { schedule?: FrameScheduler } = {}): PanelStore {
  let hydrating = false;
  let buffered: EngineEvent[] = [];
  let logId = 0;

  const store = createStore<PanelState>()((set, get) => {
    const setUi = (patch: Partial<UiState>, persist = false) => {
      set((s) => ({ ui: { ...s.ui, ...patch } }));
      if (persist) persistUi(get().ui);
    };
    const setDomain = (f: (d: DomainState) => DomainState) => set((s) => ({ domain: f(s.domain) }));
    const logError = <T>(what: string, result: Result<T>): Result<T> => {
      if (!result.ok) actions.log('error', `${what}: ${result.error.message}`);
      return result;
    };

    const batcher = new FrameBatcher<EngineEvent>((events) => {
      set((s) => {
        const domain = applyEvents(s.domain, events);
        let unread = s.ui.unread;
        for (const e of events) {
          if (e.sessionId !== s.ui.focusedSessionId && UNREAD_TYPES.has(e.type) && !unread[e.sessionId]) {
            unread = { ...unread, [e.sessionId]: true };
          }
        }
        return unread === s.ui.unread ? { domain } : { domain, ui: { ...s.ui, unread } };
      });
    }, options.schedule);

    /** A request that answers with a prompt summary: errors go to the log, the answer into the store. */
    const promptCall = async (label: string, call: Promise<Result<PromptSummary>>): Promise<Result<PromptSummary>> => {
      const result = logError(label, await call);
      if (result.ok) setDomain((d) => applyPromptSummary(d, result.value));
      return result;
    };

    const actions: PanelActions = {
      start() {
        const unsubscribe = api.onEvent((event) => actions.receive(event));
        void actions.hydrate();
        return () => {
          unsubscribe();
          batcher.dispose();
        };
      },

      async hydrate() {
        hydrating = true;
        buffered = [];
        setUi({ connection: 'connecting' });
        const [list, approvals] = await Promise.all([api['session.list']({}), api['approval.list']({})]);
        // Only open sessions are replayed (closed ones stay in the engine's record), each paged by seq.
        const events = list.ok ? await loadEvents(api, list.value.map((v) => v.id)) : list;
        hydrating = false;
        if (!list.ok || !events.ok) {
          const error = !list.ok ? list.error : !events.ok ? events.error : null;
          setUi({ connection: 'closed', hydrated: true });
          actions.log('error', `could not load sessions: ${error?.message ?? 'unknown error'}`);
          return;
        }
        let domain = applySummaries(emptyDomain(), list.value);
        domain = applyEvents(domain, events.value);
        domain = applySummaries(domain, list.value);
        if (approvals.ok) domain = mergeApprovalStatuses(domain, approvals.value);
        domain = applyEvents(domain, buffered);
        buffered = [];
        const ui = get().ui;
        const open = domain.sessionOrder.filter((id) => !domain.sessions[id]?.closed);
        const focused = ui.focusedSessionId && open.includes(ui.focusedSessionId) ? ui.focusedSessionId : (open[0] ?? null);
        set({
          domain,
          ui: { ...ui, connection: 'open', hydrated: true, focusedSessionId: focused, gridIds: ui.gridIds.filter((id) => open.includes(id)) },
        });
        persistUi(get().ui);
      },

      receive(event) {
        if (hydrating) buffered.push(event);
        else batcher.push(event);
      },

      flushEvents() {
        batcher.flush();
      },

      focus(sessionId) {
        const { unread } = get().ui;
        const rest = { ...unread };
        if (sessionId) delete rest[sessionId];
        setUi({ focusedSessionId: sessionId, unread: rest, overlay: get().ui.overlay === 'inbox' ? 'inbox' : 'none' }, true);
      },

      focusRelative(step) {
        const { domain, ui } = get();
        const open = domain.sessionOrder.filter((id) => !domain.sessions[id]?.closed);
        if (open.length === 0) return;
        const index = ui.focusedSessionId ? open.indexOf(ui.focusedSessionId) : -1;
        const next = open[(index + step + open.length) % open.length] ?? null;
        actions.focus(next);
      },

      setLayout(layout) {
        setUi({ layout }, true);
      },

      toggleGrid(sessionId) {
        const { gridIds } = get().ui;
        const next = gridIds.includes(sessionId) ? gridIds.filter((id) => id !== sessionId) : [...gridIds, sessionId].slice(-3);
        setUi({ gridIds: next }, true);
      },

      openOverlay(overlay) {
        setUi({ overlay });
      },

      openNewSession(open, pendingPrompt = null) {
        setUi({ newSessionOpen: open, pendingPrompt: open ? pendingPrompt : null });
      },

      log(tone, text) {
        const line: LogLine = { id: ++logId, tone, text };
        set((s) => ({ ui: { ...s.ui, log: [...s.ui.log, line].slice(-200) } }));
      },

      clearLog() {
        setUi({ log: [] });
      },

      async createSession(input, opts = {}) {
        const { prompt, ...request } = input;
        const result = logError('new session', await api['session.create'](request));
        if (!result.ok) return result;
        setDomain((d) => applySummaries(d, [result.value]));
        setUi({ lastWorkspace: input.workspace, newSessionOpen: false, pendingPrompt: null }, true);
        if (opts.focus !== false) actions.focus(result.value.id);
        if (prompt?.trim()) await actions.sendPrompt(result.value.id, prompt);
        return result;
      },

      async sendPrompt(sessionId, text) {
        const result = logError('send', await api['prompt.send']({ session: sessionId, text }));
        if (result.ok) setDomain((d) => applyPromptSummary(d, result.value));
        return result;
      },

      editPrompt: (promptId, text) => promptCall('edit', api['prompt.edit']({ prompt: promptId, text })),

      cancelPrompt: (promptId) => promptCall('cancel', api['prompt.cancel']({ prompt: promptId })),

      pausePrompt: (promptId) => promptCall('pause', api['prompt.pause']({ prompt: promptId })),

      resumePrompt: (promptId) => promptCall('resume', api['prompt.resume']({ prompt: promptId })),

      retryPrompt: (promptId) => promptCall('retry', api['prompt.retry']({ prompt: promptId })),

      async answerApproval(approvalId, answer) {
        const result = logError('approval', await api['approval.answer']({ approval: approvalId, answer }));
        if (result.ok) setDomain((d) => mergeApprovalStatuses(d, [result.value]));
        return result;
      },

      async resolveConflict(promptId, resolution) {
        const result = logError('conflict', await api['conflict.resolve']({ prompt: promptId, resolution }));
        if (result.ok) setDomain((d) => applyPromptSummary(d, result.value));
        return result;
      },

      async closeSession(sessionId) {
        const result = logError('close', await api['session.close']({ session: sessionId }));
        if (result.ok) {
          setDomain((d) => {
            const v = d.sessions[sessionId];
            return v ? { ...d, sessions: { ...d.sessions, [sessionId]: { ...v, closed: true } } } : d;
          });
          const { ui, domain } = get();
          if (ui.focusedSessionId === sessionId) {
            actions.focus(domain.sessionOrder.find((id) => !domain.sessions[id]?.closed) ?? null);
          }
          setUi({ gridIds: get().ui.gridIds.filter((id) => id !== sessionId) }, true);
        }
        return result;
      },

      async setMode(sessionId, mode) {
        const result = logError('mode', await api['session.setMode']({ session: sessionId, mode }));
        if (result.ok) setDomain((d) => applySummaries(d, [result.value]));
        return result;
      },

      async forkSession(sessionId) {
        const result = logError('fork', await api['session.fork']({ session: sessionId }));
        if (!result.ok) return result;
        const { session, forkedFrom, prompts, messages, skippedPrompts } = result.value;
        setDomain((d) => applySummaries(d, [session]));
        actions.focus(session.id);
        const left = skippedPrompts > 0 ? `; ${skippedPrompts} unfinished prompt${skippedPrompts === 1 ? '' : 's'} left out` : '';
        actions.log(
          'info',
          `forked session ${forkedFrom.ref} into ${session.ref}: ${prompts} finished prompt${prompts === 1 ? '' : 's'} and ${messages} message${messages === 1 ? '' : 's'} copied${left}`,
        );
        return result;
      },

      async compactSession(sessionId, focus) {
        const ref = get().domain.sessions[sessionId]?.ref ?? sessionId;
        const about = focus?.trim() ? focus.trim() : undefined;
        actions.log('info', `compacting session ${ref}${about ? ` (focus: ${about})` : ''}…`);
        const result = logError('compact', await api['session.compact']({ session: sessionId, ...(about ? { focus: about } : {}) }));
        if (!result.ok) return result;
        const c = result.value;
        if (!c.compacted) {
          actions.log('info', `nothing to compact in session ${ref}: the view is ${compactTokens(c.tokensAfter)} tokens`);
          return result;
        }
        const summary = c.summary !== null ? ` · summary ${compactTokens(c.summaryTokens)} tokens` : '';
        actions.log(
          'info',
          `compacted session ${ref}: ${compactTokens(c.tokensBefore)} → ${compactTokens(c.tokensAfter)} tokens · ${c.prunedToolOutputs} tool output${c.prunedToolOutputs === 1 ? '' : 's'} pruned${summary}`,
        );
        if (c.summaryError) actions.log('warn', `no summary could be written (${c.summaryError}); old tool outputs were pruned instead`);
        return result;
      },
    };

    return { domain: emptyDomain(), ui: initialUi(), api, actions };
  });
  return store;
}

const PAGE = 5000;

async function loadEvents(api: EngineApi, sessionIds: string[]): Promise<Result<EngineEvent[]>> {
  const pages = await Promise.all(
    sessionIds.map(async (session): Promise<Result<EngineEvent[]>> => {
      const all: EngineEvent[] = [];
      let afterSeq = 0;
      for (;;) {
        const page = await api['session.events']({ session, afterSeq, limit: PAGE });
        if (!page.ok) return page;
        all.push(...page.value);
        const last = page.value[page.value.length - 1];
        if (page.value.length < PAGE || !last) return { ok: true, value: all };
        afterSeq = last.seq;
      }
    }),
  );
  const merged: EngineEvent[] = [];
  for (const page of pages) {
    if (!page.ok) return page;
    merged.push(...page.value);
  }
  return { ok: true, value: merged.sort((a, b) => a.seq - b.seq) };
}

/** Approval summaries (from `approval.list` or an answer) carry the authoritative status. */
function mergeApprovalStatuses(domain: DomainState, approvals: readonly ApprovalSummary[]): DomainState {
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
      };
      changed = true;
    }
  }
  return changed ? { ...domain, approvals: next } : domain;
}
