import { createStore, type StoreApi } from 'zustand/vanilla';
import { msg } from '../../shared/i18n/message';
import type { SearchHit } from '../../shared';
import type { PanelState, PanelStore } from './panel-store';
import { applySessionDetail, applySummaries } from './reducer';
import type { TranscriptItem } from './types';

/**
 * Opening what the command palette found: a session (open or closed), a closed session reopened, a search hit
 * shown at its place in the transcript. The history is read through the panel's paging (its newest page when the
 * session is shown, then older pages until the one holding the hit); the transcript scrolls to the hit and marks it
 * for a moment (use-reveal.ts).
 */

/** How long the transcript marks a revealed entry. */
export const REVEAL_MS = 2500;
/** A page that does not come within this long is given up on (the session was dropped, the engine went away). */
const WAIT_MS = 15_000;

export interface RevealTarget {
  sessionId: string;
  hit: SearchHit;
  /** Tells two reveals of the same hit apart. */
  id: number;
}

interface RevealState {
  target: RevealTarget | null;
}

const reveals = new WeakMap<PanelStore, StoreApi<RevealState>>();

/** The entry to reveal in a transcript: one small store beside each panel store. */
export function revealStoreFor(panel: PanelStore): StoreApi<RevealState> {
  let store = reveals.get(panel);
  if (!store) {
    store = createStore<RevealState>()(() => ({ target: null }));
    reveals.set(panel, store);
  }
  return store;
}

let revealId = 0;

/** Resolves once `ready` holds for the panel's state, or with false after `ms`. */
function until(panel: PanelStore, ready: (s: PanelState) => boolean, ms = WAIT_MS): Promise<boolean> {
  if (ready(panel.getState())) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve(false);
    }, ms);
    const off = panel.subscribe((s) => {
      if (!ready(s)) return;
      clearTimeout(timer);
      off();
      resolve(true);
    });
  });
}

/** Makes a session the panel does not list (a closed one) known to it, with its prompts. */
async function ensureKnown(panel: PanelStore, sessionId: string, label: string): Promise<boolean> {
  if (panel.getState().domain.sessions[sessionId]) return true;
  const { api, actions } = panel.getState();
  const detail = await api['session.get']({ session: sessionId });
  if (!detail.ok) {
    actions.log('error', msg('log.openFailed', { label, error: detail.error.msg ?? detail.error.message }));
    return false;
  }
  panel.setState((s) => (s.domain.sessions[sessionId] ? s : { domain: applySessionDetail(s.domain, detail.value) }));
  return true;
}

/** Shows a session, closed ones included (they are not in the sessions list). */
export async function showSession(panel: PanelStore, sessionId: string, label = sessionId): Promise<boolean> {
  if (!(await ensureKnown(panel, sessionId, label))) return false;
  panel.getState().actions.focus(sessionId);
  return true;
}

/** Opens a closed session again and shows it. */
export async function reopenSession(panel: PanelStore, sessionId: string): Promise<boolean> {
  const { api, actions } = panel.getState();
  const result = await api['session.reopen']({ session: sessionId });
  if (!result.ok) {
    actions.log('error', msg('log.failed', { what: 'reopen', error: result.error.msg ?? result.error.message }));
    return false;
  }
  panel.setState((s) => ({ domain: applySummaries(s.domain, [result.value]) }));
  actions.focus(result.value.id);
  actions.log('info', msg('log.reopened', { ref: result.value.ref }));
  return true;
}

/** Shows the hit's session with the page of history that holds it, then has its transcript reveal it. */
export async function openHit(panel: PanelStore, hit: SearchHit): Promise<boolean> {
  const label = hit.sessionName ?? hit.sessionRef;
  if (!(await showSession(panel, hit.sessionId, label))) return false;
  const { actions } = panel.getState();
  const history = () => panel.getState().domain.history[hit.sessionId];
  if (!(await until(panel, () => history() !== undefined))) return false;
  for (;;) {
    const h = history();
    if (!h) return false;
    if (h.oldestSeq <= hit.seq || h.complete) break;
    if (h.loadingOlder) {
      if (!(await until(panel, () => !history()?.loadingOlder))) return false;
      continue;
    }
    await actions.loadOlder(hit.sessionId);
    const after = history();
    // An answer that moved nothing (a failed read, already logged): stop rather than ask again forever.
    if (!after || (after.oldestSeq === h.oldestSeq && !after.complete && !after.loadingOlder)) return false;
  }
  revealStoreFor(panel).setState({ target: { sessionId: hit.sessionId, hit, id: ++revealId } });
  return true;
}

/**
 * The transcript entry a hit is shown as: the prompt, the tool call (input and output are one entry), or the
 * answer (by its event's seq when read from the history; an answer that streamed in while the panel watched is
 * known by its prompt and text).
 */
export function itemKeyForHit(items: readonly TranscriptItem[], hit: SearchHit): string | null {
  const lastWith = (pred: (i: TranscriptItem) => boolean) => {
    for (let i = items.length - 1; i >= 0; i--) if (pred(items[i] as TranscriptItem)) return (items[i] as TranscriptItem).key;
    return null;
  };
  switch (hit.kind) {
    case 'prompt':
      return hit.promptId ? lastWith((i) => i.key === `user:${hit.promptId}`) : null;
    case 'tool_input':
    case 'tool_output':
      return (
        lastWith((i) => i.kind === 'tool' && i.callId === hit.callId && i.promptId === hit.promptId) ??
        lastWith((i) => i.kind === 'tool' && i.callId === hit.callId)
      );
    case 'answer': {
      const exact = lastWith((i) => i.key === `assistant:${hit.seq}`);
      if (exact) return exact;
      const words = hit.snippet.highlights.map(([a, b]) => hit.snippet.text.slice(a, b).toLowerCase());
      const answers = items.filter((i) => i.kind === 'assistant' && i.promptId === hit.promptId);
      const fits = answers.find((i) => i.kind === 'assistant' && words.every((w) => i.text.toLowerCase().includes(w)));
      return (fits ?? answers.at(-1))?.key ?? null;
    }
    default: {
      const _never: never = hit.kind;
      return _never;
    }
  }
}
