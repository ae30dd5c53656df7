import type { EngineEvent, EngineEventDraft } from '../../../shared/events';
import { EPHEMERAL_EVENTS } from '../../../shared/events';
import type { Store } from '../store/store';

type Listener = (event: EngineEvent) => void;

/** One typed stream of engine events; each one is committed to the store before any listener sees it. */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  /** Events stored inside the current batch's transaction, published once it has committed. */
  private held: EngineEvent[] | null = null;

  constructor(private readonly store: Store) {}

  emit(draft: EngineEventDraft): EngineEvent {
    const event = this.store.appendEvent(draft, !EPHEMERAL_EVENTS.has(draft.type));
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
    } finally {
      this.held = null;
    }
    for (const event of held) this.publish(event);
    return result;
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
