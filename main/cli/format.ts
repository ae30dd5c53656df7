import { EngineEvent } from '../../shared/events';
import { missingCase } from '../../shared/result';
import { modeText } from '../../shared/session-mode';
import { budgetStopText, budgetText } from '../../shared/cost';
import { hookRanText } from '../../shared/hooks';

/**
 * One JSON line per event: `type`, `session` (name or ref), `prompt` (ref) and `ts` first, then the payload.
 * Fields follow the contract's order whatever object the event was read from (published live by `run`, or
 * parsed back from the store by `sessions show`), so the same event always prints the same line.
 */
export function eventJsonLine(event: EngineEvent): string {
  const parsed = EngineEvent.safeParse(event);
  const { type, ts, sessionName, sessionRef, promptRef, ...rest } = parsed.success ? parsed.data : event;
  return JSON.stringify({ type, session: sessionName ?? sessionRef, prompt: promptRef, ts, sessionRef, ...rest });
}

const short = (s: string, n = 160): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/** The human-readable form, each line prefixed `[S:session][P:prompt]` to tell interleaved sessions apart. Null: nothing to print. */
export function eventTextLine(e: EngineEvent): string | null {
  const tag = `[S:${e.sessionName ?? e.sessionRef}]${e.promptRef ? `[P:${e.promptRef}]` : ''}`;
  switch (e.type) {
    case 'session_created':
      return `${tag} session created in ${e.workspace}${e.forkedFrom ? ` (forked from S:${e.forkedFrom.sessionRef})` : ''}${e.mode && e.modeSource ? `, mode ${modeText(e.mode, e.modeSource)}` : ''}`;
    case 'session_closed':
      return `${tag} session closed`;
    case 'session_reopened':
      return `${tag} session reopened`;
    case 'session_mode':
      return `${tag} mode ${modeText(e.mode, e.modeSource)}`;
    case 'prompt_queued':
      return `${tag} queued: ${short(e.text)}`;
    case 'prompt_status':
    case 'assistant_delta':
    case 'reasoning_delta':
    case 'usage':
      return null;
    case 'turn_started':
      return `${tag} ${e.resumed ? 'agent resumed turn' : 'started'}`;
    case 'assistant_message':
      return e.content.trim() ? `${tag} assistant: ${short(e.content, 400)}` : null;
    case 'tool_call': {
      const why = e.decision ? ` (${e.decision.decision}${e.decision.rule ? ` by ${e.decision.rule} from ${e.decision.source}` : ''})` : '';
      return `${tag} tool call -> ${e.tool} ${short(JSON.stringify(e.input))}${why}`;
    }
    case 'tool_result':
      return `${tag} ${e.tool} ${e.ok ? 'ok' : 'error'}: ${short(e.ok ? (e.output ?? '') : (e.error ?? ''))}`;
    case 'approval_requested':
      return `${tag} waiting for approval ${e.approvalRef}: ${e.tool} ${short(JSON.stringify(e.input))} — ${e.decision.reason}`;
    case 'approval_resolved':
      return `${tag} approval ${e.approvalRef} ${e.status}`;
    case 'conflict':
      return `${tag} conflict (${e.kind}) with ${e.otherSessionName ?? e.otherSessionRef ?? 'another session'}: ${e.paths.join(', ')}`;
    case 'conflict_resolved':
      return `${tag} conflict resolved: ${e.resolution}`;
    case 'model_retry':
      return `${tag} model retry ${e.attempt} in ${e.delayMs} ms (${e.provider}): ${short(e.error)}`;
    case 'context_compacted': {
      const why = e.reason === 'auto' ? 'near the window' : e.reason === 'overflow' ? 'the provider refused the request as too long' : 'asked for';
      const pruned = e.prunedToolOutputs > 0 ? `, ${e.prunedToolOutputs} tool ${e.prunedToolOutputs === 1 ? 'output' : 'outputs'} pruned` : '';
      const summary = e.summary !== null ? `, summary ${e.summaryTokens} tokens` : e.summaryError !== null ? `, no summary (${short(e.summaryError)}); pruned only` : '';
      return `${tag} context compacted (${why}): ${e.tokensBefore} → ${e.tokensAfter} tokens${pruned}${summary}`;
    }
    case 'turn_completed':
      return `${tag} completed: ${short(e.content, 4000)}`;
    case 'turn_failed':
      return `${tag} failed: ${e.error}`;
    case 'turn_cancelled':
      return `${tag} cancelled: ${e.reason}`;
    case 'budget_reached':
      return `${tag} paused: ${budgetStopText(e)}; raise it, resume once or stop (the panel's card, or paragents sessions budget ${e.sessionName ?? e.sessionRef} --raise LIMIT | --resume-once | --stop)`;
    case 'session_budget':
      return `${tag} ${budgetText(e.budget)}`;
    case 'instructions_changed':
      return `${tag} project instructions: ${e.sources.length === 0 ? 'none' : e.sources.map((x) => `${x.path}${x.truncated ? ' (truncated)' : ''}`).join(', ')}`;
    case 'hook_ran':
      return `${tag} ${hookRanText(e)}`;
    case 'mcp_server_state':
      return `[mcp:${e.server}] ${e.state}${e.pid !== null ? ` (pid ${e.pid})` : ''}${e.error ? `: ${short(e.error)}` : ''}`;
    default:
      return missingCase(e);
  }
}
