import type { EventOf } from './events';
import { english, isMsg, msg, type Msg, type MsgValue } from './i18n/message';

/** How the engine words a switch to the next provider in a `model_retry` event (attempt 0, no delay). */
const FALLBACK = 'falling back after: ';

/** The failure that made the engine try the next provider, when this event is such a switch; null for a retry. */
export function fallbackCause(e: EventOf<'model_retry'>): string | null {
  return e.attempt === 0 && e.error.startsWith(FALLBACK) ? e.error.slice(FALLBACK.length) : null;
}

/**
 * The cause of a switch as data when the event carries one ("falling back after: {{error}}" holds it), so it renders
 * in the reader's language; the English cause otherwise.
 */
function fallbackCauseValue(e: EventOf<'model_retry'>): MsgValue | null {
  const cause = fallbackCause(e);
  if (cause === null) return null;
  const inner = e.errorMsg?.key === 'engineErrors.model.fallingBack' ? e.errorMsg.vars?.error : undefined;
  return inner !== undefined && (isMsg(inner) || typeof inner === 'string') ? inner : cause;
}

/** How a retry note words the wait: in whole seconds (the panel) or in milliseconds (the stored transcript). */
export type RetryDelay = 'seconds' | 'ms';

/**
 * A `model_retry` event as a transcript note: a retry of the same provider, or the switch to the next one (which is
 * no numbered retry). `delay` words the wait the way the note's reader wants it. The provider's error is the
 * event's Msg when it has one, its English as written otherwise.
 */
export function modelRetryMsg(e: EventOf<'model_retry'>, delay: RetryDelay): Msg {
  const cause = fallbackCauseValue(e);
  if (cause !== null) return msg('reasons.modelFallback', { error: cause, provider: e.provider });
  const error = e.errorMsg ?? e.error;
  return delay === 'seconds'
    ? msg('reasons.modelRetry', { error, attempt: e.attempt, seconds: Math.round(e.delayMs / 1000) })
    : msg('reasons.modelRetryMs', { error, attempt: e.attempt, ms: e.delayMs });
}

/** The note's English, as the model, `--json` and the logs read it. */
export function modelRetryNote(e: EventOf<'model_retry'>, delay: RetryDelay): string {
  return english(modelRetryMsg(e, delay));
}
