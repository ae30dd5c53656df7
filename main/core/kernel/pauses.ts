/**
 * Pause requests for running turns. A paused turn stops at its next step boundary (before a model call or a
 * tool call), gives up its slot, and goes on where it stopped when resumed.
 */
export class Pauses {
  private readonly requested = new Set<string>();
  private readonly waiting = new Map<string, () => void>();

  request(promptId: string): void {
    this.requested.add(promptId);
  }

  isRequested(promptId: string): boolean {
    return this.requested.has(promptId);
  }

  /** Clears the request; returns true when a live turn was waiting and now goes on. */
  resume(promptId: string): boolean {
    this.requested.delete(promptId);
    const go = this.waiting.get(promptId);
    if (!go) return false;
    this.waiting.delete(promptId);
    go();
    return true;
  }

  wait(promptId: string, signal: AbortSignal): Promise<void> {
    if (!this.requested.has(promptId)) return Promise.resolve();
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.waiting.delete(promptId);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(promptId, () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  forget(promptId: string): void {
    this.requested.delete(promptId);
    this.waiting.delete(promptId);
  }
}
