/** Keys tracked at most; the oldest go first (a flood of new chats cannot grow the map without bound). */
const MAX_KEYS = 10_000;

/** At most `limit` events per key in a sliding window: how the gateway answers chats it does not serve. */
export class Throttle {
  private readonly seen = new Map<string, number[]>();

  constructor(private readonly clock: () => number) {}

  /** Records an event for `key` and says whether it is within `limit` per `windowMs`. */
  allow(key: string, limit: number, windowMs: number): boolean {
    const now = this.clock();
    const recent = (this.seen.get(key) ?? []).filter((t) => t > now - windowMs);
    const allowed = recent.length < limit;
    if (allowed) recent.push(now);
    this.seen.delete(key);
    this.seen.set(key, recent);
    if (this.seen.size > MAX_KEYS) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    return allowed;
  }
}
