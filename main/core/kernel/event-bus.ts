import type { EngineEvent, EngineEventDraft } from '../../../shared/events';
import { EPHEMERAL_EVENTS } from '../../../shared/events';
import type { Store } from '../store/store';
import { DeltaStreams, type DeltaDraft } from './delta-stream';

type Listener = (event: EngineEvent) => void;

/** One typed stream of engine events; each one is committed to the store before any listener sees it. */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  /** Events stored inside the current batch's transaction, published once it has committed. */
  private held: EngineEvent[] | null = null;
  /** Work queued by `afterPublish` inside the current batch, run once its events are published. */
  private deferred: (() => void)[] = [];
  /** Streamed text held for up to a frame (see delta-stream.ts); published outside any batch, it is never stored. */
  private readonly deltas = new DeltaStreams((draft) => {
    let event: EngineEvent;
    try {
      event = this.store.events.append(draft, false);
    } catch (e) {
      // Only a store closed under a held delta gets here; streamed text is not kept anyway.
      console.error('paragents: streamed text could not be published:', e);
      return;
    }
    this.publish(event);
  });

  constructor(private readonly store: Store) {}

  emit(draft: EngineEventDraft): EngineEvent {
    // What the session streamed before this event is published before it.
    this.deltas.flush(draft.sessionId);
    const event = this.store.events.append(draft, !EPHEMERAL_EVENTS.has(draft.type));
    if (this.held) this.held.push(event);
    else this.publish(event);
    return event;
  }

  /**
   * Runs `fn` (the store writes and emits of one step) in ONE transaction, and publishes the events it emitted
   * only after that transaction has committed, in order. If `fn` throws, everything rolls back and nothing is
   * published. A batch inside a batch joins the outer one.
   */
  batch<T>(fn: () => T): T {
    if (this.held) return this.store.tx(fn);
    const held: EngineEvent[] = [];
    this.held = held;
    let result: T;
    try {
      result = this.store.tx(fn);
    } catch (e) {
      this.deferred = [];
      throw e;
    } finally {
      this.held = null;
    }
    for (const event of held) this.publish(event);
    const deferred = this.deferred;
    this.deferred = [];
    for (const fn of deferred) fn();
    return result;
  }

  /**
   * Runs `fn` once what the current batch wrote has committed and its events have been published (at once when
   * no batch is open). Work that must follow a state change (releasing what an ended prompt held) goes here so it
   * never runs for a change that was rolled back.
   */
  afterPublish(fn: () => void): void {
    if (this.held) this.deferred.push(fn);
    else fn();
  }

  /**
   * Streamed text (a model's answer or reasoning as it arrives): joined with the text that follows it for up to a
   * frame and published as one delta, before any other event of the session.
   */
  stream(draft: DeltaDraft): void {
    this.deltas.push(draft);
  }

  /** Publishes all streamed text held now. */
  flushStreams(): void {
    this.deltas.flushAll();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private publish(event: EngineEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (e) {
        // A broken subscriber (a UI socket, a CLI printer) must not break the engine.
        console.error('paragents: event listener failed:', e);
      }
    }
  }
}
