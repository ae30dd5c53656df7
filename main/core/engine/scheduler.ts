import { msg, type Msg } from '../../../shared/i18n/message';
import type { TurnDeps } from './turn-context';
import { runTurn, TurnAbort } from './agent-loop';
import { ownTask } from '../kernel/own-task';
import { SlotLease } from '../kernel/slots';

/**
 * One worker per session drains that session's queue in FIFO order; every turn holds one of the global slots
 * while it runs (released while it waits on a person). Work is started by events (a prompt queued, a slot
 * freed), never by polling.
 */
export class Scheduler {
  private readonly workers = new Map<string, Promise<void>>();
  /** Each running turn's stop: `ctl` cancels it (tools get SIGTERM and a grace), `force` kills its tools at once. */
  private readonly running = new Map<string, { ctl: AbortController; force: AbortController }>();
  private closed = false;

  constructor(
    private readonly deps: TurnDeps,
    /** The turn each worker runs; the scheduler's own bookkeeping is the same whatever a turn does. */
    private readonly turn: typeof runTurn = runTurn,
  ) {}

  /** Makes sure the session has a worker draining its queue. */
  kick(sessionId: string): void {
    if (this.closed || this.workers.has(sessionId)) return;
    // The transcript is cached while the worker runs and dropped when the session goes idle.
    this.deps.store.transcript.hold(sessionId);
    const worker = this.drain(sessionId).finally(() => {
      this.workers.delete(sessionId);
      this.deps.store.transcript.release(sessionId);
      // A prompt queued while the worker was finishing would otherwise wait for the next kick.
      if (!this.closed && this.deps.store.prompts.nextRunnable(sessionId)) this.kick(sessionId);
    });
    this.workers.set(sessionId, worker);
  }

  isRunning(promptId: string): boolean {
    return this.running.has(promptId);
  }

  /**
   * Aborts a running turn; the turn records itself as cancelled. `force` stops its tools now (SIGKILL to their
   * process groups, no grace), also when a cancel without force is already waiting for them to exit.
   */
  abort(promptId: string, reason: string | Msg, opts: { force?: boolean } = {}): boolean {
    const turn = this.running.get(promptId);
    if (!turn) return false;
    stop(turn, new TurnAbort('cancel', reason), opts.force ?? false);
    return true;
  }

  /** Stops every turn (a turn waiting on a person or paused keeps waiting across the restart); `force` as in abort. */
  async close(opts: { force?: boolean } = {}): Promise<void> {
    this.closed = true;
    for (const turn of this.running.values()) stop(turn, new TurnAbort('shutdown', msg('reasons.turnStopShuttingDown')), opts.force ?? false);
    await Promise.allSettled([...this.workers.values()]);
  }

  private async drain(sessionId: string): Promise<void> {
    const { store, slots } = this.deps;
    for (;;) {
      if (this.closed) return;
      const next = store.prompts.nextRunnable(sessionId);
      if (!next) return;
      const ctl = new AbortController();
      const force = new AbortController();
      const lease = new SlotLease(slots);
      this.running.set(next.id, { ctl, force });
      try {
        try {
          await lease.acquire(ctl.signal);
        } catch {
          // Cancelled or shut down while waiting for a slot.
          if (ctl.signal.reason instanceof TurnAbort && ctl.signal.reason.why === 'cancel') {
            this.deps.prompts.transition(next.id, 'cancelled', { reason: ctl.signal.reason.reason });
            continue;
          }
          return;
        }
        // Each turn starts in a task of its own: many admitted at once would otherwise run their synchronous
        // preparation back to back and hold the event loop (IPC, the window's requests, timers) for all of them.
        await ownTask();
        const outcome = await this.turn(this.deps, sessionId, next.id, ctl.signal, lease, force.signal);
        if (outcome === 'suspended') return;
      } finally {
        lease.release();
        this.running.delete(next.id);
        this.deps.pauses.forget(next.id);
      }
    }
  }
}

/**
 * The force signal fires first, so a tool that reacts to the abort already sees it forced; a turn already
 * cancelling keeps its first reason, and a force that comes later cuts its tools' grace short.
 */
function stop(turn: { ctl: AbortController; force: AbortController }, reason: TurnAbort, force: boolean): void {
  if (force) turn.force.abort(reason);
  turn.ctl.abort(reason);
}
