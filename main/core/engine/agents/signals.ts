/**
 * What children wait on, as promises (never a poll): a prompt's end (the lifecycle's terminal hook calls
 * `promptEnded`), and any change among a parent's children (`wake`), after which a waiting child looks again.
 */
export class Signals {
  private readonly ends = new Map<string, Set<() => void>>();
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly queuedTold = new Set<string>();

  promptEnded(promptId: string): void {
    const waiting = this.ends.get(promptId);
    this.ends.delete(promptId);
    for (const w of waiting ?? []) w();
  }

  /** Resolves when the prompt ends, rejects with the signal's reason when it fires first. Register before looking. */
  promptEnd(promptId: string, signal: AbortSignal): Promise<void> {
    return this.waitOn(this.ends, promptId, signal);
  }

  /** Forgets a wait registered for a prompt that had already ended. */
  dropPromptEnd(promptId: string): void {
    this.ends.delete(promptId);
  }

  wake(parentId: string): void {
    const waiting = this.wakers.get(parentId);
    this.wakers.delete(parentId);
    for (const w of waiting ?? []) w();
  }

  nextWake(parentId: string, signal: AbortSignal): Promise<void> {
    return this.waitOn(this.wakers, parentId, signal);
  }

  /** True when the child was already said to wait for a place; marks it said. */
  toldQueued(childId: string): boolean {
    if (this.queuedTold.has(childId)) return true;
    this.queuedTold.add(childId);
    return false;
  }

  private waitOn(map: Map<string, Set<() => void>>, key: string, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const set = map.get(key) ?? new Set();
      map.set(key, set);
      const done = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        set.delete(done);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      set.add(done);
    });
  }
}
