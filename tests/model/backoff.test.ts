import { describe, expect, it } from 'vitest';
import { backoffDelay, retryAfterMs } from '../../main/core/model/backoff';

describe('backoff', () => {
  it('grows exponentially from 500 ms, capped at 30 s, scaled by jitter', () => {
    const top = () => 0.999999;
    expect([0, 1, 2, 3, 5, 6, 20].map((n) => backoffDelay(n, top))).toEqual([499, 999, 1999, 3999, 15999, 29999, 29999]);
    expect(backoffDelay(4, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or an HTTP date, and retry-after-ms', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:10 GMT' }), now)).toBe(10_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Mon, 31 Dec 2029 00:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '120', 'retry-after': '9' }), now)).toBe(120);
    expect(retryAfterMs(new Headers({ 'retry-after': '86400' }), now)).toBe(60_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers(), now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});
