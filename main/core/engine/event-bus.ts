import type { EngineEvent, EngineEventDraft } from '../../../shared/events';
import { EPHEMERAL_EVENTS } from '../../../shared/events';
import type { Store } from '../store/store';

type Listener = (event: EngineEvent) => void;

/** One typed stream of engine events; each one is committed to the store before any listener sees it. */
export class EventBus {
  private readonly listeners = new Set<Listener>();

  constructor(private readonly store: Store) {}

  emit(draft: EngineEventDraft): EngineEvent {
    const event = this.store.appendEvent(draft, !EPHEMERAL_EVENTS.has(draft.type));
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (e) {
        // A broken subscriber (a UI socket, a CLI printer) must not break the engine.
        console.error('paragents: event listener failed:', e);
      }
    }
    return event;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
