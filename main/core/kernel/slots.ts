/**
 * The global concurrency limit: a counting semaphore whose waiters are served strictly in arrival order,
 * so no session starves. Waiting is a promise, never a poll.
 */
export class Slots {
  private free: number;
  private readonly waiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  private peak = 0;

  constructor(readonly limit: number) {
    this.free = limit;
  }

  get inUse(): number {
    return this.limit - this.free;
  }

  get peakInUse(): number {
    return this.peak;
  }

  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.free > 0 && this.waiters.length === 0) {
      this.take();
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject,
      };
      const onAbort = (): void => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) {
      // The slot passes straight to the next waiter; `free` does not change.
      next.resolve();
      return;
    }
    this.free = Math.min(this.limit, this.free + 1);
  }

  private take(): void {
    this.free -= 1;
    this.peak = Math.max(this.peak, this.inUse);
  }
}

/**
 * One turn's hold on a slot. The turn gives it up while it waits on a person or on another session and takes
 * it back afterwards; a turn cancelled while away does not take it back, so cancelling never waits for a
 * free slot and the count stays exact.
 */
export class SlotLease {
  private held = false;
  /** Waits running without the slot now: several Agent calls of one turn wait on their children at once. */
  private awayCount = 0;

  constructor(private readonly slots: Slots) {}

  get isHeld(): boolean {
    return this.held;
  }

  async acquire(signal?: AbortSignal): Promise<void> {
    if (this.held) return;
    await this.slots.acquire(signal);
    this.held = true;
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    this.slots.release();
  }

  /**
   * Runs `wait` without the slot, then takes it back (unless the turn was aborted meanwhile). Waits that overlap
   * share one absence: the slot comes back when the last of them ends, so a turn awaiting several children never
   * holds a slot one of them needs.
   */
  async away<T>(signal: AbortSignal, wait: () => Promise<T>): Promise<T> {
    this.awayCount += 1;
    this.release();
    try {
      return await wait();
    } finally {
      this.awayCount -= 1;
      if (this.awayCount === 0 && !signal.aborted) await this.acquire(signal);
    }
  }
}
