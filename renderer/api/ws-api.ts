import { requestNames } from '../../shared';
import type { AppError, EngineApi, EngineEvent, RequestName, Result } from '../../shared';

/** Messages of the browser host's WebSocket protocol (see main/web/ws-protocol.ts). */
type ServerMessage = { id: number; result: Result<unknown> } | { event: EngineEvent };

export interface WsApiOptions {
  url: string;
  /** Called when the socket (re)opens, so the panel can rebuild its state from the engine. */
  onOpen?: (reconnected: boolean) => void;
  onClose?: () => void;
  WebSocketImpl?: typeof WebSocket;
}

/** The same EngineApi the Electron preload exposes, over the browser host's WebSocket. */
export function createWsApi(options: WsApiOptions): EngineApi & { dispose(): void } {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const listeners = new Set<(event: EngineEvent) => void>();
  const pending = new Map<number, (result: Result<unknown>) => void>();
  let outbox: string[] = [];
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opened = false;
  let disposed = false;
  let retryMs = 500;

  const fail = (kind: AppError['kind'], message: string): Result<never> => ({ ok: false, error: { kind, message } });

  const connect = () => {
    const ws = new Impl(options.url);
    socket = ws;
    ws.onopen = () => {
      retryMs = 500;
      for (const m of outbox) ws.send(m);
      outbox = [];
      options.onOpen?.(opened);
      opened = true;
    };
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let data: ServerMessage;
      try {
        data = JSON.parse(message.data) as ServerMessage;
      } catch {
        return;
      }
      if ('event' in data) {
        for (const l of listeners) l(data.event);
      } else if (typeof data.id === 'number') {
        pending.get(data.id)?.(data.result);
        pending.delete(data.id);
      }
    };
    ws.onclose = () => {
      socket = null;
      for (const resolve of pending.values()) resolve(fail('internal', 'connection to the engine was lost'));
      pending.clear();
      options.onClose?.();
      if (!disposed) {
        setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, 10_000);
      }
    };
  };
  connect();

  const call = (method: RequestName, input: unknown): Promise<Result<unknown>> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      const message = JSON.stringify({ id, method, input });
      if (socket && socket.readyState === Impl.OPEN) socket.send(message);
      else outbox.push(message);
    });

  const methods: Record<string, (input: unknown) => Promise<Result<unknown>>> = {};
  for (const name of requestNames) methods[name] = (input) => call(name, input);

  return Object.assign(methods as unknown as EngineApi, {
    onEvent(listener: (event: EngineEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      socket?.close();
    },
  });
}

/** ws://host/ws?token=… for the page this renderer was served from. */
export function socketUrlFor(location: Pick<Location, 'protocol' | 'host' | 'search'>): string | null {
  const token = new URLSearchParams(location.search).get('token');
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}
