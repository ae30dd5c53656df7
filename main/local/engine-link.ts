import type { RequestHandlers } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';

/** The other processes that use an engine this process hosts, through its local endpoint. */
export interface JoinedClients {
  /** How many are connected now. */
  count(): number;
  /** Settles once none is connected (at once when none is). */
  gone(): Promise<void>;
}

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
  /** Hosted in this process with an endpoint: the processes that joined it, which its close waits for. */
  readonly joined?: JoinedClients;
  /**
   * Holds a link that follows its engine to the next one (when that engine goes away before answering) to the
   * engine it uses now: once a prompt of the command was accepted there, losing it is reported, not followed.
   */
  pin?(): void;
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
