import http from 'node:http';
import net from 'node:net';
import { rmSync } from 'node:fs';
import { handleSocks } from './socks';

/**
 * Why a connection was refused, as the proxy's record says it: a malformed or denied host, a name that does not
 * resolve, an address inside this machine or its networks, an unlisted host (no one to ask), a person's no.
 */
export type RefusalCode = 'malformed' | 'denied' | 'unresolved' | 'inner' | 'unlisted' | 'refused' | 'failed';

/** Where a connection may go: to this address (the one the check resolved, so a second lookup cannot differ), or nowhere. */
export type ConnectionVerdict = { allow: true; address: string } | { allow: false; why: RefusalCode };

export interface ProxyOptions {
  /** The unix socket the sandbox's relay forwards to; only this one command's processes can reach it. */
  socketPath: string;
  decide(host: string, port: number): Promise<ConnectionVerdict>;
  /** What the proxy answers a refused request with, for the program (and so the model) to read. */
  refusedText: string;
}

export interface CommandProxy {
  /** `deny network-outbound host:port (reason)` for each connection refused, in order. */
  refusedLines(): string[];
  close(): Promise<void>;
}

const HOP_HEADERS = ['proxy-authorization', 'proxy-connection', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade'];

/** Splits `host:port` (IPv6 in brackets) as a CONNECT line gives it. */
function authority(target: string): { host: string; port: number } | null {
  const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(target);
  if (!m) return null;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: m[1] as string, port } : null;
}

/**
 * A filtering HTTP and SOCKS5 proxy for one confined command, on its own unix socket: every connection the
 * command's processes make leaves the sandbox through here, so each is decided for that command (its session's
 * lists, a person's answer) and nothing else. The first byte tells the two protocols apart (SOCKS5 begins with 5).
 */
export async function startCommandProxy(opts: ProxyOptions): Promise<CommandProxy> {
  const refused: string[] = [];
  const sockets = new Set<net.Socket>();
  const decide = async (host: string, port: number): Promise<ConnectionVerdict> => {
    let v: ConnectionVerdict;
    try {
      v = await opts.decide(host, port);
    } catch {
      v = { allow: false, why: 'failed' };
    }
    if (!v.allow) refused.push(`deny network-outbound ${host.includes(':') ? `[${host}]` : host}:${port} (${v.why})`);
    return v;
  };
  const refuseHttp = (socket: net.Socket, status: string): void => {
    const body = `${opts.refusedText}\n`;
    socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  };

  const web = http.createServer();
  web.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const to = authority(req.url ?? '');
    if (!to) return refuseHttp(socket, '400 Bad Request');
    void decide(to.host, to.port).then((v) => {
      if (!v.allow) return refuseHttp(socket, '403 Forbidden');
      const upstream = net.connect({ host: v.address, port: to.port });
      sockets.add(upstream);
      upstream.once('connect', () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.on('error', () => (upstream.connecting ? refuseHttp(socket, '502 Bad Gateway') : socket.destroy()));
      upstream.once('close', () => sockets.delete(upstream));
      socket.on('error', () => upstream.destroy());
    });
  });
  web.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (url.protocol !== 'http:') return void res.writeHead(400).end();
    const port = url.port === '' ? 80 : Number(url.port);
    void decide(url.hostname, port).then((v) => {
      if (!v.allow) {
        res.writeHead(403, { 'content-type': 'text/plain' }).end(`${opts.refusedText}\n`);
        return;
      }
      const headers = { ...req.headers };
      for (const h of HOP_HEADERS) delete headers[h];
      const out = http.request({ host: v.address, port, method: req.method, path: `${url.pathname}${url.search}`, headers, setHost: false }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      out.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
      req.pipe(out);
    });
  });
  web.on('clientError', (_e, socket: net.Socket) => socket.destroy());

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      if (first[0] === 5) handleSocks(socket, decide, (s) => sockets.add(s));
      else web.emit('connection', socket);
      socket.resume();
    });
  });
  rmSync(opts.socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.socketPath, () => resolve());
  });
  return {
    refusedLines: () => [...refused],
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(opts.socketPath, { force: true });
    },
  };
}
