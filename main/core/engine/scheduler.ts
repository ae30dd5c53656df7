import type { TurnDeps } from './turn-context';
import { runTurn, TurnAbort } from './agent-loop';
import { SlotLease } from './slots';

/**
 * One worker per session drains that session's queue in FIFO order; every turn holds one of the global slots
 * while it runs (released while it waits on a person). Work is started by events (a prompt queued, a slot
 * freed), never by polling.
 */
export class Scheduler {
  private readonly workers = new Map<string, Promise<void>>();
  private readonly running = new Map<string, AbortController>();
  private closed = false;

  constructor(private readonly deps: TurnDeps) {}

  /** Makes sure the session has a worker draining its queue. */
  kick(sessionId: string): void {
    if (this.closed || this.workers.has(sessionId)) return;
    const worker = this.drain(sessionId).finally(() => {
      this.workers.delete(sessionId);
      // A prompt queued while the worker was finishing would otherwise wait for the next kick.
      if (!this.closed && this.deps.store.nextRunnablePrompt(sessionId)) this.kick(sessionId);
    });
    this.workers.set(sessionId, worker);
  }

  isRunning(promptId: string): boolean {
    return this.running.has(promptId);
  }

  /** Aborts a running turn; the turn records itself as cancelled. */
  abort(promptId: string, reason: string): boolean {
    const ctl = this.running.get(promptId);
    if (!ctl) return false;
    ctl.abort(new TurnAbort('cancel', reason));
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const ctl of this.running.values()) ctl.abort(new TurnAbort('shutdown', 'Paragents is shutting down'));
    await Promise.allSettled([...this.workers.values()]);
  }

  private async drain(sessionId: string): Promise<void> {
    const { store, slots } = this.deps;
    for (;;) {
      if (this.closed) return;
      const next = store.nextRunnablePrompt(sessionId);
      if (!next) return;
      const ctl = new AbortController();
      const lease = new SlotLease(slots);
      this.running.set(next.id, ctl);
      try {
        try {
          await lease.acquire(ctl.signal);
        } catch {
          // Cancelled or shut down while waiting for a slot.
          if (ctl.signal.reason instanceof TurnAbort && ctl.signal.reason.why === 'cancel') {
            this.deps.prompts.transition(next.id, 'cancelled', { reason: ctl.signal.reason.message });
            continue;
          }
          return;
        }
        const outcome = await runTurn(this.deps, sessionId, next.id, ctl.signal, lease);
        if (outcome === 'suspended') return;
      } finally {
        lease.release();
        this.running.delete(next.id);
        this.deps.pauses.forget(next.id);
      }
    }
  }
}
