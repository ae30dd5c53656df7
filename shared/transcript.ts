import { compactionFigures, type CompactionFigures, type EngineEvent } from './events';
import type { ApprovalAnswer, ApprovalStatus, PolicyDecision } from './policy';
import { isTerminal } from './status';
import { missingCase } from './result';
import { eventNote, outcomeDetail } from './transcript-notes';
import { english, type Msg } from './i18n/message';

/**
 * A stored session read back for people: its events folded into entries in the order they happened (prompts,
 * answers, tool calls with their decisions and results, compaction markers, outcomes). Pure, so the CLI's
 * `sessions show` and the panel's export build the same transcript. A fork's transcript is its source's
 * inherited events followed by its own: its `session` entry (with `forkedFrom`) then marks where it begins.
 */
export type TranscriptEntry =
  | { kind: 'session'; ts: string; sessionRef: string; sessionName: string | null; workspace: string; forkedFrom: { sessionRef: string; seq: number } | null }
  | { kind: 'prompt'; ts: string; promptRef: string | null; text: string }
  /** An answer; `reasoning` is the model's thinking before it (shown folded away), null when it sent none. */
  | { kind: 'assistant'; ts: string; promptRef: string | null; text: string; reasoning: string | null }
  | {
      kind: 'tool';
      ts: string;
      promptRef: string | null;
      callId: string;
      tool: string;
      input: unknown;
      decision: PolicyDecision | null;
      approval: { ref: string; status: ApprovalStatus; answer: ApprovalAnswer | null } | null;
      /** `errorMsg`: the engine's own refusal of the call as data (see the `tool_result` event). */
      result: { ok: boolean; output: string | null; error: string | null; errorMsg?: Msg } | null;
    }
  | ({ kind: 'compaction'; ts: string; promptRef: string | null } & CompactionFigures)
  | { kind: 'instructions'; ts: string; promptRef: string | null; sources: { path: string; bytes: number; truncated: boolean }[] }
  /** `detailMsg`: why the turn failed or was cancelled, as data (absent for events stored before it was kept). */
  | { kind: 'outcome'; ts: string; promptRef: string | null; status: 'completed' | 'failed' | 'cancelled'; detail: string | null; detailMsg?: Msg }
  /** `msg`: what the note says, as data (transcript-notes.ts); `text` is its English. */
  | { kind: 'note'; ts: string; promptRef: string | null; tone: 'info' | 'warn' | 'error'; text: string; msg: Msg }
  | { kind: 'closed'; ts: string };

export type ToolEntry = Extract<TranscriptEntry, { kind: 'tool' }>;

/** Folds stored events (one session's, in seq order) into transcript entries. */
export function buildTranscript(events: readonly EngineEvent[]): TranscriptEntry[] {
  const out: TranscriptEntry[] = [];
  const tools = new Map<string, ToolEntry>();
  const approvals = new Map<string, ToolEntry>();
  /** The last answer shown per prompt, so a turn's final text is not printed twice. */
  const lastAnswer = new Map<string, string>();
  const tool = (e: { ts: string; promptRef: string | null; callId: string; tool: string }, input: unknown): ToolEntry => {
    let t = tools.get(e.callId);
    if (!t) {
      t = { kind: 'tool', ts: e.ts, promptRef: e.promptRef, callId: e.callId, tool: e.tool, input, decision: null, approval: null, result: null };
      tools.set(e.callId, t);
      out.push(t);
    }
    return t;
  };
  for (const e of events) {
    const promptRef = e.promptRef;
    switch (e.type) {
      case 'session_created':
        out.push({
          kind: 'session',
          ts: e.ts,
          sessionRef: e.sessionRef,
          sessionName: e.sessionName,
          workspace: e.workspace,
          forkedFrom: e.forkedFrom ? { sessionRef: e.forkedFrom.sessionRef, seq: e.forkedFrom.seq } : null,
        });
        break;
      case 'session_closed':
        out.push({ kind: 'closed', ts: e.ts });
        break;
      case 'session_reopened':
      case 'session_mode':
      case 'session_model':
        pushNote(out, e);
        break;
      case 'prompt_queued':
        out.push({ kind: 'prompt', ts: e.ts, promptRef, text: e.text });
        break;
      case 'assistant_message': {
        // A step that only thought before calling tools still shows its thinking.
        const reasoning = e.reasoning?.trim() ? e.reasoning : null;
        if (e.content.trim() || reasoning) out.push({ kind: 'assistant', ts: e.ts, promptRef, text: e.content, reasoning });
        if (e.content.trim() && e.promptId) lastAnswer.set(e.promptId, e.content);
        break;
      }
      case 'tool_call': {
        const t = tool(e, e.input);
        t.input = e.input;
        t.decision = e.decision ?? t.decision;
        break;
      }
      case 'approval_requested': {
        const t = tool(e, e.input);
        t.decision = e.decision;
        t.approval = { ref: e.approvalRef, status: 'pending', answer: null };
        approvals.set(e.approvalId, t);
        break;
      }
      case 'approval_resolved': {
        const t = approvals.get(e.approvalId);
        if (t) t.approval = { ref: e.approvalRef, status: e.status, answer: e.answer };
        break;
      }
      case 'tool_result':
        tool(e, null).result = { ok: e.ok, output: e.output, error: e.error, ...(e.errorMsg ? { errorMsg: e.errorMsg } : {}) };
        break;
      case 'conflict':
      case 'conflict_resolved':
      case 'model_retry':
      case 'turn_started':
        pushNote(out, e);
        break;
      case 'turn_completed': {
        const shown = e.promptId !== null && lastAnswer.get(e.promptId) === e.content;
        if (!shown && e.content.trim()) out.push({ kind: 'assistant', ts: e.ts, promptRef, text: e.content, reasoning: null });
        out.push({ kind: 'outcome', ts: e.ts, promptRef, status: 'completed', detail: null });
        break;
      }
      case 'turn_failed':
        out.push({ kind: 'outcome', ts: e.ts, promptRef, status: 'failed', ...outcomeDetail(e) });
        break;
      case 'turn_cancelled':
        out.push({ kind: 'outcome', ts: e.ts, promptRef, status: 'cancelled', ...outcomeDetail(e) });
        break;
      case 'budget_reached':
      case 'session_budget':
      case 'hook_ran':
      case 'sandbox_violation':
      case 'sandbox_off':
      case 'agent_setup':
        pushNote(out, e);
        break;
      case 'instructions_changed':
        out.push({ kind: 'instructions', ts: e.ts, promptRef, sources: e.sources });
        break;
      case 'prompt_status':
      case 'assistant_delta':
      case 'reasoning_delta':
      case 'usage':
      case 'mcp_server_state':
      case 'language_changed':
      case 'sandbox_changed':
      case 'machine_state':
      case 'agent_spawned':
      case 'agent_waiting':
      case 'agent_completed':
      case 'integration_merged':
      case 'integration_conflict':
      case 'agent_child':
      case 'plan_updated':
        // Statuses show through the outcome entries; deltas are not stored; usage is a figure, not an entry; MCP
        // server states and the language setting belong to no session.
        break;
      case 'context_compacted':
        out.push({
          kind: 'compaction',
          ts: e.ts,
          promptRef,
          ...compactionFigures(e),
        });
        break;
      default:
        return missingCase(e);
    }
  }
  return out;
}

/** Where a fork was made: the `forkedFrom` of its `session_created` event. */
export function forkOrigin(events: readonly EngineEvent[]): { sessionId: string; sessionRef: string; seq: number } | null {
  const created = events.find((e) => e.type === 'session_created');
  return created?.type === 'session_created' ? (created.forkedFrom ?? null) : null;
}

/**
 * The part of a source session's events that a fork copied: the events up to the fork point of the prompts
 * that had finished by then (a turn in progress was not copied), plus the session's own events.
 */
export function inheritedEvents(source: readonly EngineEvent[], uptoSeq: number): EngineEvent[] {
  const upto = source.filter((e) => e.seq <= uptoSeq);
  const finished = new Set<string>();
  for (const e of upto) {
    if (e.type === 'prompt_status' && e.promptId && isTerminal(e.status)) finished.add(e.promptId);
    if (e.type === 'prompt_status' && e.promptId && !isTerminal(e.status)) finished.delete(e.promptId);
  }
  return upto.filter((e) => (e.promptId === null ? e.type !== 'session_closed' : finished.has(e.promptId)));
}

/**
 * An event's notice (transcript-notes.ts, the projection the panel uses too) as a note entry. The wait of a model
 * retry is worded in milliseconds, as the stored transcript always did.
 */
function pushNote(out: TranscriptEntry[], e: EngineEvent): void {
  const note = eventNote(e, 'ms');
  if (note) out.push({ kind: 'note', ts: e.ts, promptRef: e.promptRef, tone: note.tone, text: english(note.msg), msg: note.msg });
}
