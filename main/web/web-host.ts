import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Engine } from '../core/engine/types';
import { MAX_UNSENT_BYTES } from '../core/unsent-limit';
import { allowedHosts, authenticate, cookieName, hostAllowed, newToken, originAllowed } from './auth';
import { hostForUrl, isLoopbackAddress, isUnspecifiedAddress, parsePublicHost, type PublicHost } from './bind-address';
import { clientSocket, type DropReason } from './client-socket';
import { answerClientError, endSocketWithStatus, guardRequest, guardUpgrade } from './guards';
import { locationWithoutToken, parseRequestTarget } from './request-target';
import { contentSecurityPolicy, resolveStatic, SECURITY_HEADERS, sendFile } from './static-files';
import { handleMessage, type ServerMessage } from './ws-protocol';

export interface WebHostOptions {
  /** What the panel talks to: an engine, or the host's hub of every machine's engine. */
  engine: Pick<Engine, 'handlers' | 'onEvent'>;
  /** Loopback by default; any other address is refused unless allowRemote is set. */
  host?: string;
  /** Accept a bind that is reachable from the network (still token-, Host- and Origin-checked). */
  allowRemote?: boolean;
  /** More names the Host header may carry: `NAME` (on the port listened on) or `NAME:PORT` (bind-address.ts). */
  publicHosts?: readonly string[];
  /** 0 picks a free port. */
  port?: number;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** Where a handler's exception is reported (the page only gets its message, or a bare 500). */
  onInternalError?(name: string, error: unknown): void;
  /** A client is dropped once this many bytes wait unsent to it (default MAX_UNSENT_BYTES, as the local endpoint). */
  maxUnsentBytes?: number;
  /** A client that sent nothing for this long is pinged, and ended if it has not answered by the next time (default 30 s). */
  pingIntervalMs?: number;
  /** Told each time a client is dropped: it fell behind (too much unsent) or stopped answering pings. */
  onClientDropped?(reason: DropReason): void;
}

export interface WebHost {
  /** http://HOST:PORT/?token=… — the one URL that opens the panel. */
  url: string;
  port: number;
  token: string;
  /** What waits unsent to each connected socket, in bytes (what maxUnsentBytes is checked against). */
  unsentBytes(): number[];
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
/** Proxies and tunnels commonly end a connection idle for a minute: a ping every half minute keeps it open. */
const PING_INTERVAL_MS = 30_000;
/** How long close() waits for clients to answer its close frame before ending the sockets of those that do not. */
const CLOSE_GRACE_MS = 1_000;

/** A refused Host gets a CSP that names no origin: the header it sent is not echoed back. */
const HOST_REFUSED_HEADERS: Record<string, string> = { ...SECURITY_HEADERS, 'content-security-policy': "default-src 'none'" };

/**
 * Serves the built renderer and the contract over one WebSocket. Every HTTP request and the socket upgrade need
 * the token: in the query on first load, which is answered with a redirect that sets an HttpOnly SameSite=Strict
 * cookie and takes the token out of the address bar and the history; from then on the cookie. The Host header
 * must name this host; the socket's Origin must be this host's own. Nothing a peer sends can throw out of a
 * handler (guards.ts): a request that cannot be read is refused with a 4xx. A client that stops reading is
 * closed once maxUnsentBytes wait for it, and a quiet one is pinged and ended when it stops answering
 * (client-socket.ts).
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackAddress(host) && options.allowRemote !== true) {
    throw new Error(`${host} is not a loopback address: listening on it needs allowRemote`);
  }
  const publicHosts: PublicHost[] = [];
  for (const name of options.publicHosts ?? []) {
    const parsed = parsePublicHost(name);
    if (!parsed.ok) throw new Error(parsed.message);
    publicHosts.push(parsed.value);
  }
  const maxUnsentBytes = positiveInteger('maxUnsentBytes', options.maxUnsentBytes ?? MAX_UNSENT_BYTES);
  const pingIntervalMs = positiveInteger('pingIntervalMs', options.pingIntervalMs ?? PING_INTERVAL_MS);
  const token = newToken();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const sockets = new Set<WebSocket>();
  let port = 0;
  // No name is allowed until the port is known.
  let hosts: ReadonlySet<string> = new Set();

  const server = createServer(guardRequest(serveHttp, options.onInternalError));
  server.on('upgrade', guardUpgrade(upgrade, options.onInternalError));
  server.on('clientError', answerClientError);

  function serveHttp(req: IncomingMessage, res: ServerResponse): void {
    if (!hostAllowed(req, hosts)) return plain(res, 421, 'unknown host', HOST_REFUSED_HEADERS);
    const base = { ...SECURITY_HEADERS, 'content-security-policy': contentSecurityPolicy(`http://${req.headers.host!.toLowerCase()}`) };
    const url = parseRequestTarget(req.url);
    if (!url) return plain(res, 400, 'bad request target: expected /path?query', base);
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'method not allowed', base);
    const via = authenticate(req, url, token, port);
    if (!via) return plain(res, 401, 'a valid token is required: open the URL printed by `paragents serve`', base);
    if (via === 'query') {
      // The cookie is set on a redirect to the same URL without the token, so the token leaves the address bar
      // and the history after the first load (303: the browser follows with a GET).
      res.writeHead(303, {
        ...base,
        location: locationWithoutToken(url),
        'set-cookie': `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
        'content-length': '0',
      });
      res.end();
      return;
    }
    const file = resolveStatic(options.staticDir, url.pathname);
    if (!file) return plain(res, 404, 'not found', base);
    sendFile(res, file, base);
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = parseRequestTarget(req.url);
    if (!url) return endSocketWithStatus(socket, 400);
    if (url.pathname !== '/ws') return endSocketWithStatus(socket, 404);
    if (!hostAllowed(req, hosts)) return endSocketWithStatus(socket, 421);
    if (!authenticate(req, url, token, port)) return endSocketWithStatus(socket, 401);
    if (!originAllowed(req, hosts)) return endSocketWithStatus(socket, 403);
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws, socket));
  }

  function attach(ws: WebSocket, socket: Duplex): void {
    sockets.add(ws);
    const client = clientSocket(ws, socket, { maxUnsentBytes, pingIntervalMs, onDropped: (reason) => options.onClientDropped?.(reason) });
    const send = (message: ServerMessage): void => client.send(message);
    const unsubscribe = options.engine.onEvent((event) => send({ event }));
    ws.on('message', (data, isBinary) => {
      client.heard();
      if (isBinary) return send({ id: null, result: { ok: false, error: { kind: 'invalid_input', message: 'binary messages are not accepted' } } });
      handleMessage(options.engine.handlers, rawText(data), options.onInternalError)
        .then(send)
        .catch((error: unknown) => {
          options.onInternalError?.('websocket message', error);
          send({ id: null, result: { ok: false, error: { kind: 'internal', message: 'the message could not be handled' } } });
        });
    });
    ws.on('close', () => {
      client.dispose();
      unsubscribe();
      sockets.delete(ws);
    });
    // A frame the receiver refuses (too big, not UTF-8, bad opcode) has already started the close with its status
    // code (1009, 1007, 1002) and a timer that ends the socket; anything else ends the socket now.
    ws.on('error', () => {
      if (ws.readyState !== ws.CLOSING) ws.terminate();
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Errors of the listening socket itself (accept failing with EMFILE) are reported, never thrown.
  server.on('error', (error) => options.onInternalError?.('http server', error));
  port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(host, port, publicHosts);
  const shownHost = isUnspecifiedAddress(host) ? '127.0.0.1' : hostForUrl(host);

  return {
    url: `http://${shownHost}:${port}/?token=${token}`,
    port,
    token,
    unsentBytes: () => [...sockets].map((ws) => ws.bufferedAmount),
    async close() {
      for (const ws of sockets) ws.close(1001, 'host closing');
      // A client that does not answer the close (it stopped reading, its tunnel died) does not hold the host open.
      const grace = setTimeout(() => {
        for (const ws of sockets) ws.terminate();
      }, CLOSE_GRACE_MS);
      await new Promise<void>((resolve) => {
        wss.close(() => resolve());
      });
      clearTimeout(grace);
      for (const ws of sockets) ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A text frame's bytes as a string, whether ws hands them over as one buffer, several, or an ArrayBuffer. */
function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not ${value}`);
  return value;
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
  res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`${text}\n`);
}
