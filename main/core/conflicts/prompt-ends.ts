/**
 * Callbacks run when every prompt of a set has ended (reached a terminal status). Driven by the engine's
 * `prompt_status` events, never by polling.
 */
export class PromptEnds {
  private readonly watchers = new Map<string, Set<Watch>>();

  constructor(private readonly isEnded: (promptId: string) => boolean) {}

  /** Calls `done` once all of `promptIds` have ended (on the next tick when they already have); returns a cancel. */
  whenAllEnded(promptIds: readonly string[], done: () => void): () => void {
    const watch: Watch = { pending: new Set(promptIds.filter((id) => !this.isEnded(id))), done, cancelled: false };
    if (watch.pending.size === 0) {
      queueMicrotask(() => {
        if (!watch.cancelled) done();
      });
      return () => void (watch.cancelled = true);
    }
    for (const id of watch.pending) {
      let set = this.watchers.get(id);
      if (!set) this.watchers.set(id, (set = new Set()));
      set.add(watch);
    }
    return () => {
      watch.cancelled = true;
      for (const id of watch.pending) this.watchers.get(id)?.delete(watch);
    };
  }

  waitAll(promptIds: readonly string[], signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        cancel();
        reject(signal.reason);
      };
      const cancel = this.whenAllEnded(promptIds, () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** A prompt reached a terminal status. */
  ended(promptId: string): void {
    const set = this.watchers.get(promptId);
    if (!set) return;
    this.watchers.delete(promptId);
    for (const w of set) {
      w.pending.delete(promptId);
      if (w.pending.size === 0 && !w.cancelled) {
        w.cancelled = true;
        w.done();
      }
    }
  }
}

interface Watch {
  pending: Set<string>;
  done: () => void;
  cancelled: boolean;
}
