// Retry timing: exponential backoff with full jitter (spreads parallel sessions that failed together), unless
// the server said how long to wait.

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 30_000;
export const RETRY_AFTER_CAP_MS = 60_000;

/** Delay before retry number `attempt` (0-based): uniform in [0, min(cap, base * 2^attempt)). */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/**
 * Milliseconds a Retry-After (seconds or HTTP date) or retry-after-ms header asks for, capped so a
 * misbehaving server cannot park a session for hours; null when absent or unreadable.
 */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | null {
  if (!headers) return null;
  const ms = Number(headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, RETRY_AFTER_CAP_MS);
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds < 0 ? null : Math.min(seconds * 1000, RETRY_AFTER_CAP_MS);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(0, date - now), RETRY_AFTER_CAP_MS);
}
