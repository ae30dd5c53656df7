import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Engine } from '../core/engine/types';
import { allowedHosts, authenticate, cookieName, hostAllowed, newToken, originAllowed } from './auth';
import { contentSecurityPolicy, resolveStatic, SECURITY_HEADERS, sendFile } from './static-files';
import { handleMessage, type ServerMessage } from './ws-protocol';

export interface WebHostOptions {
  engine: Engine;
  /** Loopback by default; anything else is reachable from the network (still token-protected). */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** Where a request handler's exception is reported (the page only gets its message). */
  onInternalError?(name: string, error: unknown): void;
}

export interface WebHost {
  /** http://HOST:PORT/?token=… — the one URL that opens the panel. */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * Serves the built renderer and the engine contract over one WebSocket. Every HTTP request and the socket
 * upgrade need the token (query on first load, then an HttpOnly SameSite=Strict cookie so assets load);
 * the Host header must name this host; the socket's Origin must be this host's own.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = options.host ?? '127.0.0.1';
  const token = newToken();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const sockets = new Set<WebSocket>();
  let port = 0;
  let hosts: Set<string> | null = null;

  const server = createServer((req, res) => {
    void serveHttp(req, res);
  });

  async function serveHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    const base = { ...SECURITY_HEADERS, 'content-security-policy': contentSecurityPolicy(`http://${req.headers.host ?? `${host}:${port}`}`) };
    if (!hostAllowed(req, hosts)) return plain(res, 421, 'unknown host', base);
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'method not allowed', base);
    const via = authenticate(req, url, token, port);
    if (!via) return plain(res, 401, 'a valid token is required: open the URL printed by `paragents serve`', base);
    const file = resolveStatic(options.staticDir, url.pathname);
    if (!file) return plain(res, 404, 'not found', base);
    const headers: Record<string, string> = { ...base };
    if (via === 'query') {
      headers['set-cookie'] = `${cookieName(port)}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;
    }
    sendFile(res, file, headers);
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== '/ws') return refuse(404, 'Not Found');
    if (!hostAllowed(req, hosts)) return refuse(421, 'Misdirected Request');
    if (!authenticate(req, url, token, port)) return refuse(401, 'Unauthorized');
    if (!originAllowed(req, hosts)) return refuse(403, 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  function attach(ws: WebSocket): void {
    sockets.add(ws);
    const send = (message: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const unsubscribe = options.engine.onEvent((event) => send({ event }));
    ws.on('message', (data, isBinary) => {
      if (isBinary) return send({ id: null, result: { ok: false, error: { kind: 'invalid_input', message: 'binary messages are not accepted' } } });
      void handleMessage(options.engine.handlers, data.toString(), options.onInternalError).then(send);
    });
    ws.on('close', () => {
      unsubscribe();
      sockets.delete(ws);
    });
    ws.on('error', () => ws.terminate());
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(host, port);
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${shownHost}:${port}/?token=${token}`,
    port,
    token,
    async close() {
      for (const ws of sockets) ws.close(1001, 'host closing');
      await new Promise<void>((resolve) => {
        wss.close(() => resolve());
      });
      for (const ws of sockets) ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
  res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`${text}\n`);
}
