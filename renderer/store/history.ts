import { EPHEMERAL_EVENTS } from '../../shared';
import type { EngineEvent } from '../../shared';
import { applyEvents } from './reducer';
import type { DomainState, TranscriptItem } from './types';

/**
 * Paged history: a session's transcript is built from its newest page of stored events when it is shown, and
 * grows toward the start one older page at a time. Pure functions over the domain state; panel-store.ts does
 * the requests.
 */

export { HISTORY_PAGE } from './history-bounds';

/** `beforeSeq` that asks for the newest page (above every seq the engine hands out). */
export const NEWEST = Number.MAX_SAFE_INTEGER;

/**
 * The session's transcript from its newest page of events (oldest first), then the live events heard since
 * the page was asked for (`live`, in arrival order; those the page already holds are skipped). The page is
 * applied over the current state: for prompts, approvals and usage it ends at their latest values, which the
 * state already has, so only the transcript is new.
 */
export function withLatestPage(state: DomainState, sessionId: string, page: readonly EngineEvent[], live: readonly EngineEvent[], complete: boolean): DomainState {
  const pageMax = page.at(-1)?.seq ?? 0;
  // Live events up to the last one the page holds were already in the engine's answer: deltas before it belong
  // to an answer the page has whole.
  const covered = findLastIndex(live, (e) => !EPHEMERAL_EVENTS.has(e.type) && e.seq <= pageMax);
  const after = live.slice(covered + 1);
  const seed: DomainState = {
    ...state,
    transcripts: { ...state.transcripts, [sessionId]: [] },
    seqBySession: without(state.seqBySession, sessionId),
  };
  const next = applyEvents(applyEvents(seed, page), after);
  const oldestSeq = page[0]?.seq ?? 0;
  return { ...next, history: { ...next.history, [sessionId]: { oldestSeq, complete: complete || page.length === 0, loadingOlder: false } } };
}

/**
 * Puts an older page (the events just before `history.oldestSeq`, oldest first) in front of the loaded
 * transcript. The page only adds transcript items: prompts, approvals and conflicts already hold later news.
 * A page that no longer fits (the history was dropped or reloaded meanwhile) changes nothing.
 */
export function withOlderPage(state: DomainState, sessionId: string, beforeSeq: number, page: readonly EngineEvent[], complete: boolean): DomainState {
  const current = state.transcripts[sessionId];
  const history = state.history[sessionId];
  if (!current || !history || history.oldestSeq !== beforeSeq) return state;
  const seed: DomainState = { ...state, transcripts: { ...state.transcripts, [sessionId]: [] }, seqBySession: without(state.seqBySession, sessionId) };
  const older = applyEvents(seed, page).transcripts[sessionId] ?? [];
  return {
    ...state,
    transcripts: { ...state.transcripts, [sessionId]: joinPages(older, current) },
    history: { ...state.history, [sessionId]: { oldestSeq: page[0]?.seq ?? beforeSeq, complete: complete || page.length === 0, loadingOlder: false } },
  };
}

export function markLoadingOlder(state: DomainState, sessionId: string, loading: boolean): DomainState {
  const history = state.history[sessionId];
  if (!history || history.loadingOlder === loading) return state;
  return { ...state, history: { ...state.history, [sessionId]: { ...history, loadingOlder: loading } } };
}

/**
 * Forgets the loaded history of these sessions (they are off screen): their transcripts, and the answered
 * approvals and settled conflicts that only their transcripts showed. Prompts stay: they keep the chips right.
 */
export function dropHistories(state: DomainState, sessionIds: readonly string[]): DomainState {
  const drop = new Set(sessionIds.filter((id) => state.transcripts[id]));
  if (drop.size === 0) return state;
  const transcripts = { ...state.transcripts };
  const history = { ...state.history };
  const seqBySession = { ...state.seqBySession };
  for (const id of drop) {
    delete transcripts[id];
    delete history[id];
    delete seqBySession[id];
  }
  const approvals = Object.fromEntries(Object.entries(state.approvals).filter(([, a]) => !drop.has(a.sessionId) || a.status === 'pending'));
  const conflicts = Object.fromEntries(Object.entries(state.conflicts).filter(([, c]) => !drop.has(c.sessionId) || c.resolution === null));
  return { ...state, transcripts, history, seqBySession, approvals, conflicts };
}

/**
 * An older part and a newer part of one transcript, joined. A turn cut by the page boundary appears in both:
 * its tool call is one item (the call's fields from the older part, its result from the newer), and an answer
 * the newer part rebuilt from `turn_completed` is not shown twice.
 */
export function joinPages(older: readonly TranscriptItem[], newer: readonly TranscriptItem[]): TranscriptItem[] {
  const out = older.slice();
  const at = new Map(older.map((item, i) => [item.key, i] as const));
  const lastPrompt = older.at(-1)?.promptId ?? null;
  const answers = new Set(older.filter((i) => i.kind === 'assistant' && i.promptId === lastPrompt).map((i) => (i.kind === 'assistant' ? i.text : '')));
  for (const item of newer) {
    const index = at.get(item.key);
    if (index !== undefined) {
      out[index] = mergeItem(out[index] as TranscriptItem, item);
    } else if (!(item.kind === 'assistant' && !item.streaming && item.promptId === lastPrompt && lastPrompt !== null && answers.has(item.text))) {
      out.push(item);
    }
  }
  return out;
}

function mergeItem(older: TranscriptItem, newer: TranscriptItem): TranscriptItem {
  if (older.kind === 'tool' && newer.kind === 'tool') {
    // A result after a denial, a block or a cancel keeps saying why it did not run.
    const held = older.status === 'denied' || older.status === 'blocked' || older.status === 'cancelled';
    return {
      ...older,
      status: newer.status === 'error' && held ? older.status : newer.status,
      input: newer.input ?? older.input,
      decision: newer.decision ?? older.decision,
      output: newer.output ?? older.output,
      error: newer.error ?? older.error,
      approvalId: newer.approvalId ?? older.approvalId,
    };
  }
  return newer;
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
}

function findLastIndex<T>(items: readonly T[], pred: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (pred(items[i] as T)) return i;
  return -1;
}
