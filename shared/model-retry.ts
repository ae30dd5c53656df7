import type { EventOf } from './events';

/** How the engine words a switch to the next provider in a `model_retry` event (attempt 0, no delay). */
const FALLBACK = 'falling back after: ';

/** The failure that made the engine try the next provider, when this event is such a switch; null for a retry. */
export function fallbackCause(e: EventOf<'model_retry'>): string | null {
  return e.attempt === 0 && e.error.startsWith(FALLBACK) ? e.error.slice(FALLBACK.length) : null;
}

/**
 * A `model_retry` event as a transcript note: a retry of the same provider, or the switch to the next one (which is
 * no numbered retry). `delay` words the wait the way the note's reader wants it.
 */
export function modelRetryNote(e: EventOf<'model_retry'>, delay: 'seconds' | 'ms'): string {
  const cause = fallbackCause(e);
  if (cause !== null) return `model request failed (${cause}); trying provider ${e.provider} next`;
  return delay === 'seconds'
    ? `model request failed (${e.error}); retry ${e.attempt} in ${Math.round(e.delayMs / 1000)} s`
    : `model request failed (${e.error}); retry ${e.attempt} after ${e.delayMs} ms`;
}
