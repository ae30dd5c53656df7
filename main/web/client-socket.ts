import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { missingCase } from '../../shared/result';
import type { ServerMessage } from './ws-protocol';

/** Why the host ended a client's socket: too much waited unsent to it, or it stopped answering pings. */
export type DropReason = 'fell_behind' | 'no_pong';

/** 1013 Try Again Later: the condition is the client's own backlog, so it may reconnect at once. */
export const FELL_BEHIND_CODE = 1013;

export interface ClientSocketOptions {
  /** The client is closed once more than this waits unsent to it. */
  maxUnsentBytes: number;
  /** A client that sent nothing for this long is pinged; one that has not answered by the next tick is ended. */
  pingIntervalMs: number;
  onDropped(reason: DropReason): void;
}

export interface ClientSocket {
  /** Queues one message, unless the socket is closing; past the limit, closes the client instead of holding more. */
  send(message: ServerMessage): void;
  /** Anything the client sends shows it is there: no ping is needed until it has been quiet for an interval. */
  heard(): void;
  /** Stops the pings (the socket has closed). */
  dispose(): void;
}

/** The close reason a client that fell behind reads (a WebSocket close reason holds at most 123 bytes). */
export function fellBehindReason(maxUnsentBytes: number): string {
  const mb = 1024 * 1024;
  const size = maxUnsentBytes % mb === 0 ? `${maxUnsentBytes / mb} MB` : `${maxUnsentBytes} bytes`;
  return `fell behind: more than ${size} of events waited unsent; reconnect and read session.events after the last seq`;
}

/**
 * One client's outgoing side. A client that stops reading (a paused tab, a dead tunnel) would otherwise make the
 * host hold every event for it: once its unsent bytes pass the limit it is closed with 1013 and a reason, and
 * nothing more is queued for it; when it comes back it reads the stored events after the last seq it saw, as the
 * panel does after any reconnect. A client that is quiet is pinged, and ended when the next tick finds it silent.
 */
export function clientSocket(ws: WebSocket, socket: Duplex, options: ClientSocketOptions): ClientSocket {
  // Events come in bursts (a step's writes, a frame's text): the frames sent in one turn of the event loop go
  // out in one write to the socket instead of one each.
  let corked = false;
  let heard = false;
  let awaitingPong = false;
  const drop = (reason: DropReason): void => {
    switch (reason) {
      case 'fell_behind':
        // The close frame waits behind what is queued; the ws close timer ends a client that never reads it.
        ws.close(FELL_BEHIND_CODE, fellBehindReason(options.maxUnsentBytes));
        break;
      case 'no_pong':
        ws.terminate();
        break;
      default:
        return missingCase(reason);
    }
    options.onDropped(reason);
  };
  ws.on('pong', () => {
    awaitingPong = false;
  });
  const timer = setInterval(() => {
    if (ws.readyState !== ws.OPEN) return;
    if (awaitingPong) return drop('no_pong');
    if (heard) {
      heard = false;
      return;
    }
    awaitingPong = true;
    ws.ping();
  }, options.pingIntervalMs);

  return {
    send(message) {
      if (ws.readyState !== ws.OPEN) return;
      if (!corked) {
        corked = true;
        socket.cork();
        setImmediate(() => {
          corked = false;
          socket.uncork();
        });
      }
      ws.send(JSON.stringify(message));
      if (ws.bufferedAmount > options.maxUnsentBytes) drop('fell_behind');
    },
    heard() {
      heard = true;
      awaitingPong = false;
    },
    dispose() {
      clearInterval(timer);
    },
  };
}
