import type { EngineEvent, EventOf } from './events';
import { missingCase } from './result';
import { modeNoteMsg } from './session-mode';
import { hookRanMsg, hookRanWarns } from './hooks';
import { modelRetryMsg, type RetryDelay } from './model-retry';
import { budgetMsg, budgetStopMsg } from './cost';
import { msg, type Msg, type MsgValue } from './i18n/message';

/*
 * What an event says in a session's transcript, as data: the one projection the panel (renderer/store/reducer.ts)
 * and the stored transcript (`buildTranscript`, read by `sessions show` and the Markdown export) both use, so each
 * says the same thing and renders it in its reader's language. Pure.
 */

export type NoteTone = 'info' | 'warn' | 'error';

/** A notice in a transcript: how it is toned and what it says. */
export interface EventNote {
  readonly tone: NoteTone;
  readonly msg: Msg;
}

/**
 * The notice an event puts in a transcript, or null when it puts none. `delay` words a model retry's wait (the panel
 * in seconds, the stored transcript in milliseconds, as each always did).
 */
export function eventNote(e: EngineEvent, delay: RetryDelay = 'ms'): EventNote | null {
  switch (e.type) {
    case 'session_created':
      return e.forkedFrom ? { tone: 'info', msg: msg('reasons.forked', { ref: e.forkedFrom.sessionRef }) } : null;
    case 'session_reopened':
      return { tone: 'info', msg: msg('reasons.sessionReopened') };
    case 'session_mode':
      return { tone: 'info', msg: modeNoteMsg(e.mode, e.modeSource) };
    case 'session_model':
      return { tone: 'info', msg: msg('reasons.modelChosen', { provider: e.chosenProvider ?? '-', effort: e.reasoningEffort ?? '-' }) };
    case 'conflict':
      return { tone: 'warn', msg: conflictNoteMsg(e) };
    case 'conflict_resolved':
      return { tone: 'info', msg: msg('reasons.conflictResolved', { resolution: msg(`notices.note.resolution.${e.resolution}`) }) };
    case 'model_retry':
      return { tone: 'warn', msg: modelRetryMsg(e, delay) };
    case 'turn_started':
      return e.resumed ? { tone: 'info', msg: msg('reasons.turnResumed') } : null;
    case 'turn_failed':
      return { tone: 'error', msg: msg('reasons.turnFailed', { error: e.errorMsg ?? e.error }) };
    case 'turn_cancelled':
      return { tone: 'warn', msg: msg('reasons.turnCancelled', { reason: e.reasonMsg ?? e.reason }) };
    case 'budget_reached':
      return { tone: 'warn', msg: msg('notices.note.paused', { why: budgetStopMsg(e) }) };
    case 'session_budget':
      return { tone: 'info', msg: budgetMsg(e.budget) };
    case 'instructions_changed':
      return { tone: 'info', msg: instructionsMsg(e.sources) };
    case 'hook_ran':
      return { tone: hookRanWarns(e) ? 'warn' : 'info', msg: hookRanMsg(e) };
    case 'agent_setup':
      return {
        tone: e.exitCode === 0 ? 'info' : 'error',
        msg: msg('agents.setupRan', { command: e.command, code: e.exitCode === null ? '-' : e.exitCode, output: e.output.trim() === '' ? '-' : e.output.trim() }),
      };
    case 'sandbox_violation':
      return { tone: 'warn', msg: msg('sandbox.violation', { what: msg(`sandbox.kind.${e.kind}`, { target: e.target }) }) };
    case 'sandbox_off':
      return { tone: 'warn', msg: msg('sandbox.off', { reason: e.reasonMsg }) };
    case 'session_closed':
    case 'prompt_queued':
    case 'prompt_status':
    case 'assistant_delta':
    case 'reasoning_delta':
    case 'assistant_message':
    case 'tool_call':
    case 'tool_result':
    case 'approval_requested':
    case 'approval_resolved':
    case 'turn_completed':
    case 'usage':
    case 'context_compacted':
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
      // Entries of their own (prompts, answers, tool calls, dividers), figures, or no session's at all.
      return null;
    default:
      return missingCase(e);
  }
}

/** Why a turn failed or was cancelled, as data: the event's Msg, or its English as written when stored before. */
export function outcomeDetail(e: EventOf<'turn_failed' | 'turn_cancelled'>): { detail: string; detailMsg?: Msg } {
  const detailMsg = e.type === 'turn_failed' ? e.errorMsg : e.reasonMsg;
  const detail = e.type === 'turn_failed' ? e.error : e.reason;
  return detailMsg ? { detail, detailMsg } : { detail };
}

/** A conflict's note as data, its English the note's text: the kind, the other session, the files and the detail. */
function conflictNoteMsg(e: EventOf<'conflict'>): Msg {
  const kind = msg(`notices.note.conflictKind.${e.kind}`);
  const name = e.otherSessionName ?? e.otherSessionRef;
  const who = name ?? msg('reasons.anotherSession');
  const detail = e.detailMsg ?? e.detail;
  return e.paths.length ? msg('notices.note.conflictOn', { kind, who, paths: e.paths.join(', '), detail }) : msg('notices.note.conflict', { kind, who, detail });
}

/** "Project instructions changed: AGENTS.md, docs/x.md (truncated)" or "…: none from now on". */
function instructionsMsg(sources: readonly { path: string; truncated: boolean }[]): Msg {
  const files: MsgValue[] = sources.map((s) => (s.truncated ? msg('notices.note.truncatedFile', { path: s.path }) : s.path));
  const list = listMsg(files);
  return list === null ? msg('reasons.instructionsNone') : msg('reasons.instructionsChanged', { files: list });
}

/** Items joined the way the language lists them ("a, b, c" in English). */
function listMsg(items: readonly MsgValue[]): MsgValue | null {
  const [first, ...rest] = items;
  if (first === undefined) return null;
  const tail = listMsg(rest);
  return tail === null ? first : msg('reasons.listOf', { first, rest: tail });
}
