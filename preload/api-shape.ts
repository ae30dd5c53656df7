import { requestNames, type EngineApi } from '../shared/api';
import type { EngineEvent } from '../shared/events';
import type { Result } from '../shared/result';
import { EVENT_CHANNEL, requestChannel } from '../shared/ipc-channels';

/** The two IPC primitives the bridge needs; the preload passes ipcRenderer-backed ones, tests pass fakes. */
export interface BridgeTransport {
  invoke(channel: string, input: unknown): Promise<unknown>;
  /** Subscribes to a push channel; the listener gets the payload only (never the IPC event). */
  on(channel: string, listener: (payload: unknown) => void): () => void;
}

const transportFailure = (error: unknown): Result<never> => ({
  ok: false,
  error: { kind: 'internal', message: `desktop bridge: ${error instanceof Error ? error.message : String(error)}` },
});

/**
 * Builds the object exposed as `window.paragents`: exactly one async method per contract request, plus
 * `onEvent`. Calls resolve to `Result` data and never reject, even when IPC itself fails.
 */
export function buildEngineApi(transport: BridgeTransport): EngineApi {
  const api: Record<string, unknown> = {};
  for (const name of requestNames) {
    const channel = requestChannel(name);
    api[name] = (input: unknown): Promise<unknown> => transport.invoke(channel, input).catch(transportFailure);
  }
  api.onEvent = (listener: (event: EngineEvent) => void): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('onEvent expects a function');
    // Main is trusted and sends contract events only; the preload does not re-parse every streamed delta.
    return transport.on(EVENT_CHANNEL, (payload) => listener(payload as EngineEvent));
  };
  return Object.freeze(api) as EngineApi;
}
