import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/*
 * The last line of defence of the browser host: whatever a handler throws, whatever a peer does to its socket,
 * the request gets an HTTP answer (or its connection is closed) and the exception stays inside this module. An
 * exception escaping an HTTP server's event handler ends the whole process, and with it every running session.
 */

export type ReportError = (name: string, error: unknown) => void;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  421: 'Misdirected Request',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
};

function report(onError: ReportError | undefined, name: string, error: unknown): void {
  try {
    onError?.(name, error);
  } catch {
    // A failing reporter must not undo the guard it reports for.
  }
}

/** A raw HTTP answer on a socket the HTTP server no longer writes to (an upgrade, a parse error). */
export function endSocketWithStatus(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  // Something was already written (a response under way, an accepted handshake): a status line would corrupt it.
  const written = (socket as Duplex & { bytesWritten?: number }).bytesWritten ?? 0;
  if (!socket.writable || written > 0) {
    socket.destroy();
    return;
  }
  const text = STATUS_TEXT[status] ?? 'Error';
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${text.length + 1}\r\n\r\n${text}\n`);
}

/** Answers 500 if nothing was sent yet; otherwise the half-sent response is cut off. */
function failResponse(res: ServerResponse): void {
  try {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
    res.end('internal error\n');
  } catch {
    res.destroy();
  }
}

/** An HTTP request listener whose handler may throw or reject: the client gets a 500, the error is reported. */
export function guardRequest(
  handle: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
  onError?: ReportError,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // A peer resetting the connection mid-request emits 'error' here; unheard, it would be thrown.
    req.on('error', () => res.destroy());
    res.on('error', () => res.destroy());
    const fail = (error: unknown) => {
      report(onError, 'http request', error);
      failResponse(res);
    };
    try {
      const pending = handle(req, res);
      if (pending) pending.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/** An upgrade listener whose handler may throw: the socket gets a 500 status line, the error is reported. */
export function guardUpgrade(
  handle: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
  onError?: ReportError,
): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    // Once upgraded, the HTTP server no longer listens for this socket's errors (a reset would be thrown).
    socket.on('error', () => socket.destroy());
    try {
      handle(req, socket, head);
    } catch (error) {
      report(onError, 'websocket upgrade', error);
      endSocketWithStatus(socket, 500);
    }
  };
}

/**
 * The HTTP parser could not read a request (bad request line, header, encoding) or the peer misbehaved: answer
 * with a status line when the socket can still take one, never throw. Node answers the same way when nobody
 * listens; listening keeps it explicit and covered by the tests.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  try {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    endSocketWithStatus(socket, status);
  } catch {
    socket.destroy();
  }
}
