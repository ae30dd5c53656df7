import type { RequestHandlers } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';

/**
 * The engine as a command sees it, wherever it runs: the contract's handlers, the live event stream and a way to
 * let go. An in-process engine (this process holds the data folder) and the engine of another process reached
 * through the data folder's local endpoint have this same shape, so command code takes either.
 */
export interface EngineLink {
  readonly handlers: RequestHandlers;
  onEvent(listener: (event: EngineEvent) => void): () => void;
  /** In-process: closes the engine (and releases the data folder). Remote: closes the connection only. */
  close(): Promise<void>;
  /** True when the engine runs in another process (the desktop app, `serve`, another command). */
  readonly remote: boolean;
}

/** An in-process engine (what `createEngine` returns) as an EngineLink. */
export function localEngineLink(engine: {
  readonly handlers: RequestHandlers;
  onEvent(listener: (event: EngineEvent) => void): () => void;
  close(): Promise<void>;
}): EngineLink {
  return {
    handlers: engine.handlers,
    onEvent: (listener) => engine.onEvent(listener),
    close: () => engine.close(),
    remote: false,
  };
}
