import { createStore } from 'zustand/vanilla';
import { followLanguage } from '../i18n';
import { msg } from '../../shared/i18n/message';
import type { MachineView } from '../../shared/machines';
import type {
  EngineApi,
  EngineEvent,
  PromptSummary,
  Result,
} from '../../shared';
import { EPHEMERAL_EVENTS } from '../../shared';
import { compactionLog } from './compaction-log';
import { FrameBatcher, type FrameScheduler } from './frame-batcher';
import { KEEP_HISTORIES } from './history-bounds';
import { dropHistories, HISTORY_PAGE, markLoadingOlder, NEWEST, withLatestPage, withOlderPage } from './history';
import { applyEvents, applyPromptSummary, applySessionDetail, applySummaries } from './reducer';
import { applyMachineList, isMachineState } from './machines';
import { shownSessionIds } from './status';
import { emptyDomain, type DomainState } from './types';
import { initialUi, persistUi, type LogLine, type UiState } from './ui-state';

import type { PanelActions, PanelState, PanelStore } from './panel-types';
import { mergeApprovalStatuses, STATUS_TYPES, UNREAD_TYPES } from './panel-merge';

export type { PanelActions, PanelState, PanelStore };

export { KEEP_HISTORIES };

export function createPanelStore(api: EngineApi, options: { schedule?: FrameScheduler } = {}): PanelStore {
  let hydrating = false;
  let buffered: EngineEvent[] = [];
  let logId = 0;
  /** Bumped by each hydrate: answers to requests of an earlier one are dropped. */
  let generation = 0;
  /** Newest-page loads in flight, each with the live events of its session heard meanwhile. */
  const loads = new Map<string, { live: EngineEvent[]; done: Promise<void> }>();
  /** `session.get` reads in flight (a session whose prompts are not all known changed), with its live events meanwhile. */
  const refreshes = new Map<string, EngineEvent[]>();
  /** Sessions with a loaded history, most recently on screen first. */
  let recent: string[] = [];

  const store = createStore<PanelState>()((set, get) => {
    const setUi = (patch: Partial<UiState>, persist = false) => {
      set((s) => ({ ui: { ...s.ui, ...patch } }));
      if (persist) persistUi(get().ui);
    };
    const setDomain = (f: (d: DomainState) => DomainState) => set((s) => ({ domain: f(s.domain) }));
    const logError = <T>(what: string, result: Result<T>): Result<T> => {
      if (!result.ok) actions.log('error', msg('log.failed', { what, error: result.error.msg ?? result.error.message }));
      return result;
    };

    const batcher = new FrameBatcher<EngineEvent>((events) => {
      set((s) => {
        const domain = bounded(applyEvents(s.domain, events), s.ui);
        let unread = s.ui.unread;
        for (const e of events) {
          if (e.sessionId !== s.ui.focusedSessionId && UNREAD_TYPES.has(e.type) && !unread[e.sessionId]) {
            unread = { ...unread, [e.sessionId]: true };
          }
        }
        return unread === s.ui.unread ? { domain } : { domain, ui: { ...s.ui, unread } };
      });
    }, options.schedule);

    /**
     * Keeps at most KEEP_HISTORIES loaded histories of sessions off screen (sessions created while the panel
     * listens come with one): the ones shown least recently are dropped, and read again when shown.
     */
    const bounded = (domain: DomainState, ui: UiState): DomainState => {
      const loaded = Object.keys(domain.transcripts);
      const shown = shownSessionIds(domain, ui);
      if (loaded.length <= KEEP_HISTORIES + shown.length) return domain;
      const rank = (id: string) => (shown.includes(id) ? -1 : recent.indexOf(id) === -1 ? Number.MAX_SAFE_INTEGER : recent.indexOf(id));
      const off = loaded.filter((id) => !shown.includes(id)).sort((a, b) => rank(a) - rank(b));
      const drop = off.slice(KEEP_HISTORIES);
      recent = recent.filter((id) => !drop.includes(id));
      return dropHistories(domain, drop);
    };

    /** Reads the newest page of a session's history (and its prompts, when not all are known). */
    const loadLatest = (sessionId: string): Promise<void> => {
      const pending = loads.get(sessionId);
      if (pending) return pending.done;
      const view = get().domain.sessions[sessionId];
      if (!view || get().domain.transcripts[sessionId]) return Promise.resolve();
      const gen = generation;
      const live: EngineEvent[] = [];
      const load = async () => {
        const [page, detail] = await Promise.all([
          api['session.events']({ session: sessionId, beforeSeq: NEWEST, limit: HISTORY_PAGE }),
          view.promptsKnown ? null : api['session.get']({ session: sessionId }),
        ]);
        if (loads.get(sessionId) === entry) loads.delete(sessionId);
        if (gen !== generation) return;
        if (!page.ok) {
          actions.log('error', msg('log.historyFailed', { ref: view.ref, error: page.error.msg ?? page.error.message }));
          return;
        }
        batcher.flush(); // every live event heard so far is in the state before the page goes under them
        set((s) => {
          const known = detail?.ok ? applySessionDetail(s.domain, detail.value) : s.domain;
          if (known.transcripts[sessionId]) return { domain: known };
          return { domain: bounded(withLatestPage(known, sessionId, page.value, live, page.value.length < HISTORY_PAGE), s.ui) };
        });
      };
      const entry = { live, done: load() };
      loads.set(sessionId, entry);
      return entry.done;
    };

    /** Reads all prompts of a session whose status changed while some of its prompts were unknown. */
    const refreshPrompts = (sessionId: string, first: EngineEvent): void => {
      const gen = generation;
      const live = [first];
      refreshes.set(sessionId, live);
      void api['session.get']({ session: sessionId }).then((detail) => {
        if (refreshes.get(sessionId) === live) refreshes.delete(sessionId);
        if (gen !== generation || !detail.ok) return;
        batcher.flush();
        // The reply is a snapshot: the events heard since it was asked for go over it again.
        const stored = live.filter((e) => !EPHEMERAL_EVENTS.has(e.type));
        set((s) => ({ domain: applyEvents(applySessionDetail(s.domain, detail.value), stored) }));
      });
    };

    /** Loads the histories of the sessions on screen and notes them as the most recently shown. */
    const syncShown = (): Promise<void> => {
      const { domain, ui } = get();
      const shown = shownSessionIds(domain, ui);
      recent = [...shown, ...recent.filter((id) => !shown.includes(id))];
      return Promise.all(shown.map((id) => loadLatest(id))).then(() => undefined);
    };

    /** A machines.list answer is a snapshot: every state heard before it (buffered by a hydrate too) is older. */
    const tookMachineList = (list: MachineView[]): void => {
      batcher.flush();
      buffered = buffered.filter((e) => !isMachineState(e));
      setDomain((d) => applyMachineList(d, list));
    };

    /** A request that answers with a prompt summary: errors go to the log, the answer into the store. */
    const promptCall = async (label: string, call: Promise<Result<PromptSummary>>): Promise<Result<PromptSummary>> => {
      const result = logError(label, await call);
      if (result.ok) setDomain((d) => applyPromptSummary(d, result.value));
      return result;
    };

    const actions: PanelActions = {
      start() {
        const unsubscribeEvents = api.onEvent((event) => actions.receive(event));
        // Whatever changes what is on screen (focus, layout, grid, sessions opened or closed) loads its histories.
        let shownKey = '';
        const unsubscribeStore = store.subscribe((s) => {
          if (hydrating) return;
          const key = shownSessionIds(s.domain, s.ui).join(' ');
          if (key === shownKey) return;
          shownKey = key;
          void syncShown();
        });
        void actions.hydrate();
        return () => {
          unsubscribeEvents();
          unsubscribeStore();
          batcher.dispose();
        };
      },

      async hydrate() {
        const gen = ++generation;
        hydrating = true;
        buffered = [];
        loads.clear();
        refreshes.clear();
        recent = [];
        setUi({ connection: 'connecting' });
        // Summaries only: a session's history is read when it is shown (newest page first). The machines come
        // with them, so a remote machine's sessions are grouped from the first paint.
        const [list] = await Promise.all([api['session.list']({}), actions.refreshMachines()]);
        const waiting = list.ok ? list.value.filter((v) => v.pendingApprovals > 0 && v.closedAt === null) : [];
        const approvals = await Promise.all(waiting.map((v) => api['approval.list']({ session: v.id })));
        if (gen !== generation) return;
        hydrating = false;
        if (!list.ok) {
          setUi({ connection: 'closed', hydrated: true });
          actions.log('error', msg('log.sessionsFailed', { error: list.error.msg ?? list.error.message }));
          return;
        }
        const { machines, machineOrder } = get().domain;
        let domain = applySummaries({ ...emptyDomain(), machines, machineOrder }, list.value);
        for (const a of approvals) if (a.ok) domain = mergeApprovalStatuses(domain, a.value);
        domain = applyEvents(domain, buffered);
        buffered = [];
        const ui = get().ui;
        const open = domain.sessionOrder.filter((id) => !domain.sessions[id]?.closed);
        const focused = ui.focusedSessionId && open.includes(ui.focusedSessionId) ? ui.focusedSessionId : (open[0] ?? null);
        set({
          domain,
          ui: { ...ui, connection: 'open', focusedSessionId: focused, gridIds: ui.gridIds.filter((id) => open.includes(id)) },
        });
        persistUi(get().ui);
        await syncShown();
        if (gen === generation) setUi({ hydrated: true });
      },

      async refreshMachines() {
        const r = await api['machines.list']({});
        if (r.ok) tookMachineList(r.value);
        return r;
      },

      async reconnectMachine(name) {
        const r = logError('reconnect', await api['machines.reconnect']({ name }));
        if (r.ok) await actions.refreshMachines();
        return r;
      },

      async loadOlder(sessionId) {
        const history = get().domain.history[sessionId];
        if (!history || history.complete || history.loadingOlder) return;
        const gen = generation;
        const beforeSeq = history.oldestSeq;
        setDomain((d) => markLoadingOlder(d, sessionId, true));
        const page = await api['session.events']({ session: sessionId, beforeSeq, limit: HISTORY_PAGE });
        if (gen !== generation) return;
        if (!page.ok) {
          setDomain((d) => markLoadingOlder(d, sessionId, false));
          actions.log('error', msg('log.earlierFailed', { error: page.error.msg ?? page.error.message }));
          return;
        }
        batcher.flush();
        setDomain((d) => withOlderPage(d, sessionId, beforeSeq, page.value, page.value.length < HISTORY_PAGE));
      },

      receive(event) {
        // Not the sessions' state: the page's language, applied at once even while the sessions load.
        if (event.type === 'language_changed') return void followLanguage(event);
        if (hydrating) {
          buffered.push(event);
          return;
        }
        batcher.push(event);
        loads.get(event.sessionId)?.live.push(event);
        const refreshing = refreshes.get(event.sessionId);
        if (refreshing) refreshing.push(event);
        else if (STATUS_TYPES.has(event.type) && get().domain.sessions[event.sessionId]?.promptsKnown === false && !loads.has(event.sessionId)) {
          refreshPrompts(event.sessionId, event);
        }
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

      log(tone, said) {
        const line: LogLine = { id: ++logId, tone, said };
        set((s) => ({ ui: { ...s.ui, log: [...s.ui.log, line].slice(-200) } }));
      },

      clearLog() {
        setUi({ log: [] });
      },

      async createSession(input, opts = {}) {
        const { prompt, images, ...request } = input;
        const result = logError('new session', await api['session.create'](request));
        if (!result.ok) return result;
        setDomain((d) => applySummaries(d, [result.value]));
        // The last workspace seeds this machine's next session; a remote machine's path means nothing here.
        setUi({ ...(input.machine === undefined ? { lastWorkspace: input.workspace } : {}), newSessionOpen: false, pendingPrompt: null }, true);
        if (opts.focus !== false) actions.focus(result.value.id);
        if (prompt?.trim()) await actions.sendPrompt(result.value.id, prompt, images);
        return result;
      },

      async sendPrompt(sessionId, text, images) {
        const result = logError('send', await api['prompt.send']({ session: sessionId, text, ...(images?.length ? { images } : {}) }));
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
        const left = skippedPrompts > 0 ? msg('log.forkedLeftOut', { count: skippedPrompts }) : '';
        const copied = { prompts: msg('log.forkedPrompts', { count: prompts }), messages: msg('log.forkedMessages', { count: messages }) };
        actions.log('info', msg('log.forked', { from: forkedFrom.ref, to: session.ref, ...copied, left }));
        return result;
      },

      async compactSession(sessionId, focus) {
        const ref = get().domain.sessions[sessionId]?.ref ?? sessionId;
        const about = focus?.trim() ? focus.trim() : undefined;
        actions.log('info', msg('log.compacting', { ref, focus: about ? msg('log.focus', { about }) : '' }));
        const result = logError('compact', await api['session.compact']({ session: sessionId, ...(about ? { focus: about } : {}) }));
        if (!result.ok) return result;
        for (const line of compactionLog(ref, result.value)) actions.log(line.tone, line.said);
        return result;
      },
    };

    return { domain: emptyDomain(), ui: initialUi(), api, actions };
  });
  return store;
}
