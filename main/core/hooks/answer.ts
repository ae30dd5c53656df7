import { english, msg, type Msg } from '../../../shared/i18n/message';
import type { HookDecision, HookEventName } from './types';
import type { HookProcessResult } from './run-process';

/** Most of a hook's words the model or a person is given. */
const MAX_TEXT = 10_000;

/** What one hook run said, read from its exit code and output as Claude Code reads them. */
export interface HookAnswer {
  decision: HookDecision | null;
  /** Why (a block's stderr, a decision's reason), or what went wrong; null when it said nothing. */
  message: string | null;
  /**
   * Set when `message` is the engine's sentence (the hook said nothing, or could not start), the same as data;
   * absent when `message` is the hook's own words, which stay as written.
   */
  messageMsg?: Msg;
  /** Text for the model's context (UserPromptSubmit, SessionStart). */
  context: string | null;
  /** It failed in a way a person should see (an exit code other than 0 and 2, a timeout, no start); nothing blocked. */
  warning: boolean;
}

/** The engine's words where the hook gave none: its English as the message, and the sentence as data. */
const ours = (m: Msg): Pick<HookAnswer, 'message' | 'messageMsg'> => ({ message: english(m), messageMsg: m });

const clip = (s: string): string => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}… (${s.length - MAX_TEXT} more characters)` : s);
const text = (s: string): string | null => (s.trim() === '' ? null : clip(s.trim()));

/** The hook's reason as it wrote it, else the engine's sentence for its silence. */
const said = (reason: string | null, silent: Msg): Pick<HookAnswer, 'message' | 'messageMsg'> => (reason !== null ? { message: reason } : ours(silent));

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function jsonOf(stdout: string): Record<string, unknown> | null {
  const t = stdout.trim();
  if (!t.startsWith('{')) return null;
  try {
    const v = JSON.parse(t) as unknown;
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? clip(v.trim()) : null);

/** `{"decision": "allow"|"deny"|"ask"}`, the older `approve`/`block`, or `hookSpecificOutput.permissionDecision`. */
function preToolDecision(json: Record<string, unknown>): { decision: HookDecision | null; reason: string | null } {
  const specific = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  const raw = specific.permissionDecision ?? json.decision;
  const reason = str(specific.permissionDecisionReason) ?? str(json.reason);
  switch (raw) {
    case 'allow':
    case 'approve':
      return { decision: 'allow', reason };
    case 'deny':
    case 'block':
      return { decision: 'deny', reason };
    case 'ask':
      return { decision: 'ask', reason };
    default:
      return { decision: null, reason: null };
  }
}

function contextOf(json: Record<string, unknown>): string | null {
  const specific = isRecord(json.hookSpecificOutput) ? json.hookSpecificOutput : {};
  return str(specific.additionalContext) ?? str(json.additionalContext);
}

/**
 * Exit 0: go on, with what stdout says (a PreToolUse decision, a block, context; plain text is context for
 * UserPromptSubmit and SessionStart). Exit 2: block — the call is refused, the prompt refused, the turn kept
 * going — with stderr as the reason. Anything else, a timeout or a failure to start: a warning, nothing blocked.
 */
export function readHookAnswer(event: HookEventName, r: HookProcessResult): HookAnswer {
  const none: HookAnswer = { decision: null, message: null, context: null, warning: false };
  if (r.cancelled) return none;
  if (r.spawnError !== null) return { ...none, warning: true, ...ours(msg('notices.hook.couldNotStart', { error: r.spawnError })) };
  if (r.timedOut) return { ...none, warning: true, message: text(r.stderr) };
  if (r.exitCode === 2) {
    const stderr = text(r.stderr);
    const why = stderr !== null ? { message: stderr } : ours(msg('notices.hook.exit2Silent'));
    switch (event) {
      case 'PreToolUse':
        return { ...none, decision: 'deny', ...why };
      case 'UserPromptSubmit':
      case 'Stop':
      case 'PostToolUse':
        return { ...none, decision: 'block', ...why };
      case 'SessionStart':
      case 'Notification':
      case 'PreCompact':
        // Nothing to block at these moments: the person is shown what it said.
        return { ...none, warning: true, ...why };
      default: {
        const never: never = event;
        return never;
      }
    }
  }
  if (r.exitCode !== 0) return { ...none, warning: true, message: text(r.stderr) ?? text(r.stdout) };

  const json = jsonOf(r.stdout);
  switch (event) {
    case 'PreToolUse': {
      if (!json) return none;
      const d = preToolDecision(json);
      return { ...none, decision: d.decision, message: d.reason };
    }
    case 'UserPromptSubmit':
    case 'SessionStart': {
      if (json && event === 'UserPromptSubmit' && json.decision === 'block') return { ...none, decision: 'block', ...said(str(json.reason), msg('notices.hook.refusedPrompt')) };
      const context = json ? contextOf(json) : text(r.stdout);
      return context ? { ...none, decision: 'context', context } : none;
    }
    case 'Stop':
    case 'PostToolUse':
      if (json?.decision === 'block') return { ...none, decision: 'block', ...said(str(json.reason), msg('notices.hook.askedForMore')) };
      return none;
    case 'Notification':
    case 'PreCompact':
      return none;
    default: {
      const never: never = event;
      return never;
    }
  }
}
