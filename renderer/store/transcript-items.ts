import { compactionFigures, isTerminal, missingCase } from '../../shared';
import type { EngineEvent, EventOf } from '../../shared';
import { english } from '../../shared/i18n/message';
import { eventNote } from '../../shared/transcript-notes';
import type { DomainState, ToolCallStatus, TranscriptItem } from './types';

// The transcript's items as events change them: tool calls, streamed answers, compaction dividers and notices.

function setItems(s: DomainState, sessionId: string, items: TranscriptItem[]): DomainState {
  if (!s.transcripts[sessionId]) return s;
  return { ...s, transcripts: { ...s.transcripts, [sessionId]: items } };
}

export function upsertItem(
  s: DomainState,
  sessionId: string,
  key: string,
  create: (() => TranscriptItem) | null,
  update: (item: TranscriptItem) => TranscriptItem,
): DomainState {
  const items = s.transcripts[sessionId] ?? [];
  const index = findLastIndex(items, (i) => i.key === key);
  if (index >= 0) {
    const old = items[index]!;
    const updated = update(old);
    if (updated === old) return s;
    const copy = items.slice();
    copy[index] = updated;
    return setItems(s, sessionId, copy);
  }
  return create ? setItems(s, sessionId, [...items, update(create())]) : s;
}

export type ToolItem = Extract<TranscriptItem, { kind: 'tool' }>;

export function toolItem(promptId: string | null, callId: string, tool: string, input: unknown): ToolItem {
  return { kind: 'tool', key: `tool:${callId}`, promptId, callId, tool, input, decision: null, status: 'running', output: null, error: null, approvalId: null };
}

export function upsertTool(
  s: DomainState,
  sessionId: string,
  callId: string,
  create: (() => ToolItem) | null,
  update: (t: ToolItem) => ToolItem,
): DomainState {
  return upsertItem(s, sessionId, `tool:${callId}`, create, (item) => (item.kind === 'tool' ? update(item) : item));
}

export function statusFromDecision(decision: EventOf<'tool_call'>['decision']): ToolCallStatus {
  if (!decision) return 'running';
  switch (decision.decision) {
    case 'auto_approved':
      return 'running';
    case 'needs_approval':
      return 'waiting_approval';
    case 'blocked':
      return 'blocked';
    default:
      return missingCase(decision.decision);
  }
}

/** Streams answer text or reasoning into the prompt's open answer, opening one if there is none. */
export function appendDelta(s: DomainState, e: EventOf<'assistant_delta' | 'reasoning_delta'>, field: 'text' | 'reasoning'): DomainState {
  const prompt = e.promptId ? s.prompts[e.promptId] : undefined;
  if (prompt && isTerminal(prompt.status)) return s; // a late delta after the turn ended (e.g. replay overlap)
  const items = s.transcripts[e.sessionId] ?? [];
  const last = items[items.length - 1];
  if (last?.kind === 'assistant' && last.streaming && last.promptId === e.promptId) {
    const copy = items.slice();
    copy[copy.length - 1] = { ...last, [field]: last[field] + e.text };
    return setItems(s, e.sessionId, copy);
  }
  const key = `assistant:${e.promptId ?? 'none'}:stream:${items.length}`;
  const item: TranscriptItem = { kind: 'assistant', key, promptId: e.promptId, text: '', reasoning: '', streaming: true };
  return setItems(s, e.sessionId, [...items, { ...item, [field]: e.text }]);
}

export function finishAssistant(
  s: DomainState,
  sessionId: string,
  promptId: string | null,
  content: string,
  seq: number,
  reasoning: string,
): DomainState {
  const items = s.transcripts[sessionId] ?? [];
  const index = findLastIndex(items, (i) => i.kind === 'assistant' && i.streaming && i.promptId === promptId);
  if (index >= 0) {
    const copy = items.slice();
    const old = copy[index]!;
    if (!content && !reasoning && old.kind === 'assistant' && !old.text) copy.splice(index, 1);
    else copy[index] = { kind: 'assistant', key: old.key, promptId, text: content, reasoning, streaming: false };
    return setItems(s, sessionId, copy);
  }
  if (!content && !reasoning) return s;
  return setItems(s, sessionId, [...items, { kind: 'assistant', key: `assistant:${seq}`, promptId, text: content, reasoning, streaming: false }]);
}

/** A turn that ended leaves no half-streamed text behind (the deltas are not stored, so a reload drops them too). */
export function settleStreaming(s: DomainState, sessionId: string, promptId: string | null): DomainState {
  const items = s.transcripts[sessionId] ?? [];
  if (!items.some((i) => i.kind === 'assistant' && i.streaming && i.promptId === promptId)) return s;
  return setItems(
    s,
    sessionId,
    items.filter((i) => !(i.kind === 'assistant' && i.streaming && i.promptId === promptId)),
  );
}

/** A divider in the transcript where the model's view was compacted, with its figures and the summary. */
export function pushCompaction(s: DomainState, e: EventOf<'context_compacted'>): DomainState {
  const items = s.transcripts[e.sessionId] ?? [];
  const item: TranscriptItem = {
    kind: 'compaction',
    key: `compaction:${e.seq}`,
    promptId: e.promptId,
    ...compactionFigures(e),
  };
  return setItems(s, e.sessionId, [...items, item]);
}

/**
 * The event's notice in the transcript (the projection the stored transcript uses too), kept as data so it
 * re-renders in a new language. The panel words a model retry's wait in seconds.
 */
export function pushNotice(s: DomainState, e: EngineEvent): DomainState {
  const note = eventNote(e, 'seconds');
  if (!note) return s;
  const items = s.transcripts[e.sessionId] ?? [];
  const item: TranscriptItem = { kind: 'notice', key: `notice:${e.seq}:${items.length}`, promptId: e.promptId, tone: note.tone, text: english(note.msg), msg: note.msg };
  return setItems(s, e.sessionId, [...items, item]);
}

function findLastIndex<T>(items: readonly T[], pred: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (pred(items[i]!)) return i;
  return -1;
}
