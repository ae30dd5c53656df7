import type { EngineEvent } from '../../shared/events';
import { missingCase } from '../../shared/result';

/** One JSON line per event: `type`, `session` (name or ref), `prompt` (ref) and `ts` first, then the payload. */
export function eventJsonLine(e: EngineEvent): string {
  const { type, ts, sessionName, sessionRef, promptRef, ...rest } = e;
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
      return `${tag} session created in ${e.workspace}`;
    case 'session_closed':
      return `${tag} session closed`;
    case 'prompt_queued':
      return `${tag} queued: ${short(e.text)}`;
    case 'prompt_status':
    case 'assistant_delta':
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
    case 'turn_completed':
      return `${tag} completed: ${short(e.content, 4000)}`;
    case 'turn_failed':
      return `${tag} failed: ${e.error}`;
    case 'turn_cancelled':
      return `${tag} cancelled: ${e.reason}`;
    default:
      return missingCase(e);
  }
}
