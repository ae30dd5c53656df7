import type { EngineApi } from '../../shared';
import { createWsApi, socketUrlFor } from './ws-api';

declare global {
  interface Window {
    /** Set by the Electron preload: exactly the EngineApi of shared/api.ts. */
    paragents?: EngineApi;
  }
}

export interface PickedApi {
  api: EngineApi;
  transport: 'electron' | 'websocket';
  /** Called by the app so a reconnect rebuilds the state. */
  setReconnectHandler(handler: () => void): void;
}

/** The preload's object inside Electron; otherwise the browser host's WebSocket (token from `?token=`). */
export function pickApi(win: Window = window): PickedApi {
  if (win.paragents) return { api: win.paragents, transport: 'electron', setReconnectHandler: () => {} };
  let onReconnect: () => void = () => {};
  const url = socketUrlFor(win.location) ?? '';
  const api = createWsApi({
    url,
    onOpen: (reconnected) => {
      if (reconnected) onReconnect();
    },
  });
  return { api, transport: 'websocket', setReconnectHandler: (h) => (onReconnect = h) };
}
