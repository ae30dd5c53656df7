interface Waiter {
  owner: string;
  resolve: () => void;
  reject: (e: unknown) => void;
}

interface Slot {
  owner: string;
  queue: Waiter[];
}

/**
 * Mutual exclusion per key (a real file path, a workspace's "exclusive commands" key), FIFO per key. Several
 * keys are always taken in sorted order, so two holders of overlapping sets cannot deadlock.
 */
export class KeyedMutex {
  private readonly slots = new Map<string, Slot>();

  holder(key: string): string | null {
    return this.slots.get(key)?.owner ?? null;
  }

  /** Takes every key for `owner`; resolves with a release function. Rejects (holding nothing) on abort. */
  async lockAll(keys: readonly string[], owner: string, signal: AbortSignal, onBusy?: (key: string, holder: string) => void): Promise<() => void> {
    const sorted = [...new Set(keys)].sort();
    const taken: string[] = [];
    try {
      for (const key of sorted) {
        await this.lock(key, owner, signal, onBusy);
        taken.push(key);
      }
    } catch (e) {
      for (const key of taken) this.unlock(key, owner);
      throw e;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of taken) this.unlock(key, owner);
    };
  }

  /** Releases every key `owner` holds (a safety net when a prompt ends). */
  releaseOwner(owner: string): void {
    for (const [key, slot] of [...this.slots]) if (slot.owner === owner) this.unlock(key, owner);
  }

  get size(): number {
    return this.slots.size;
  }

  private lock(key: string, owner: string, signal: AbortSignal, onBusy?: (key: string, holder: string) => void): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const slot = this.slots.get(key);
    if (!slot) {
      this.slots.set(key, { owner, queue: [] });
      return Promise.resolve();
    }
    onBusy?.(key, slot.owner);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        reject,
      };
      const onAbort = (): void => {
        const i = slot.queue.indexOf(waiter);
        if (i >= 0) slot.queue.splice(i, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      slot.queue.push(waiter);
    });
  }

  private unlock(key: string, owner: string): void {
    const slot = this.slots.get(key);
    if (!slot || slot.owner !== owner) return;
    const next = slot.queue.shift();
    if (!next) {
      this.slots.delete(key);
      return;
    }
    slot.owner = next.owner;
    next.resolve();
  }
}
