// Bytes to the browser host over a plain TCP socket: what no well-behaved HTTP client would send.
import { connect } from 'node:net';

export interface RawAnswer {
  /** The status of the first response line, or null when the host closed without answering. */
  status: number | null;
  /** Header lines of that response, lower-cased names (the last of each name wins). */
  headers: Record<string, string>;
  text: string;
  /** The socket was still open when the wait ran out and was destroyed by the caller. */
  timedOut: boolean;
}

export function parseAnswer(bytes: Buffer, timedOut = false): RawAnswer {
  const text = bytes.toString('latin1');
  const head = text.split('\r\n\r\n')[0] ?? '';
  const [statusLine = '', ...lines] = head.split('\r\n');
  const m = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: m ? Number(m[1]) : null, headers, text, timedOut };
}

/**
 * Writes `request` and collects everything the host answers until it closes the connection. By default the
 * socket is half-closed after the request, so the host sees the end of what the peer will send (an incomplete
 * request is then answered at once); Node's HTTP server drops a response still being streamed when the peer
 * half-closes, so a request expecting a file sends `Connection: close` and `halfClose: false` instead.
 * `waitMs` only bounds a host that never closes; callers do not assert on it.
 */
export function rawExchange(port: number, request: string | Buffer, options: { halfClose?: boolean; waitMs?: number } = {}): Promise<RawAnswer> {
  const waitMs = options.waitMs ?? 10_000;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let timedOut = false;
    const socket = connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, waitMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => socket.destroy()); // a reset by the host still ends the exchange
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks), timedOut));
    });
    socket.write(request);
    if (options.halfClose !== false) socket.end();
  });
}

/** A GET request with exactly these header lines (`name: value` strings, sent as given, in order). */
export function getRequest(target: string, headerLines: readonly string[]): string {
  return `GET ${target} HTTP/1.1\r\n${headerLines.map((l) => `${l}\r\n`).join('')}\r\n`;
}

/** A WebSocket upgrade request with a valid key and version plus these header lines. */
export function upgradeRequest(target: string, headerLines: readonly string[]): string {
  return getRequest(target, [
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    'Sec-WebSocket-Version: 13',
    ...headerLines,
  ]);
}
