// A WebSocket client on a plain TCP socket that does only what the test says: it completes the upgrade, then reads
// frames or stops reading (pause), and never answers a ping or a close on its own.
import { connect, type Socket } from 'node:net';
import { upgradeRequest } from './raw-http';

export type Frame =
  | { kind: 'text'; text: string }
  | { kind: 'ping' }
  | { kind: 'pong' }
  | { kind: 'close'; code: number | null; reason: string }
  | { kind: 'other'; opcode: number };

export interface RawWs {
  socket: Socket;
  /** Every frame read so far, in order. */
  frames: Frame[];
  /** Stops reading: what the host sends waits in its buffers (a paused tab, a dead tunnel). */
  pause(): void;
  resume(): void;
  /** Resolves with the first frame (already read or still to come) the predicate accepts; rejects if the socket closes first. */
  frame(pred: (f: Frame) => boolean): Promise<Frame>;
  /** Resolves once the host ended the connection (with or without a close frame). */
  closed: Promise<void>;
}

/** An authenticated upgrade from the host's own origin; resolves after the 101 with the socket reading frames. */
export function openRawWs(port: number, token: string): Promise<RawWs> {
  const socket = connect({ host: '127.0.0.1', port });
  const frames: Frame[] = [];
  const watchers: { pred: (f: Frame) => boolean; resolve(f: Frame): void; reject(e: Error): void }[] = [];
  let buffer: Buffer = Buffer.alloc(0);
  let upgraded = false;
  let isClosed = false;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => socket.destroy());

  const push = (f: Frame): void => {
    frames.push(f);
    for (const w of [...watchers]) {
      if (!w.pred(f)) continue;
      watchers.splice(watchers.indexOf(w), 1);
      w.resolve(f);
    }
  };

  const client: RawWs = {
    socket,
    frames,
    pause: () => socket.pause(),
    resume: () => socket.resume(),
    frame(pred) {
      const seen = frames.find(pred);
      if (seen) return Promise.resolve(seen);
      if (isClosed) return Promise.reject(new Error('the connection closed before the frame came'));
      return new Promise((resolve, reject) => watchers.push({ pred, resolve, reject }));
    },
    closed,
  };

  return new Promise<RawWs>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('latin1');
        buffer = buffer.subarray(end + 4);
        if (!head.startsWith('HTTP/1.1 101 ')) {
          reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
          socket.destroy();
          return;
        }
        upgraded = true;
        resolve(client);
      }
      for (let f = takeFrame(); f; f = takeFrame()) push(f);
    });
    socket.once('close', () => {
      isClosed = true;
      if (!upgraded) reject(new Error('the host closed the connection before the upgrade'));
      for (const w of watchers.splice(0)) w.reject(new Error('the connection closed before the frame came'));
    });
    socket.write(upgradeRequest('/ws', [`Host: 127.0.0.1:${port}`, `Origin: http://127.0.0.1:${port}`, `Cookie: paragents_${port}=${token}`]));
  });

  /** One whole frame off the front of the buffer (the host's frames are unmasked and unfragmented), or null. */
  function takeFrame(): Frame | null {
    if (buffer.length < 2) return null;
    const opcode = buffer[0]! & 0x0f;
    let length = buffer[1]! & 0x7f;
    let at = 2;
    if (length === 126) {
      if (buffer.length < 4) return null;
      length = buffer.readUInt16BE(2);
      at = 4;
    } else if (length === 127) {
      if (buffer.length < 10) return null;
      length = Number(buffer.readBigUInt64BE(2));
      at = 10;
    }
    if (buffer.length < at + length) return null;
    const payload = buffer.subarray(at, at + length);
    buffer = buffer.subarray(at + length);
    switch (opcode) {
      case 0x1:
        return { kind: 'text', text: payload.toString('utf8') };
      case 0x8:
        return { kind: 'close', code: payload.length >= 2 ? payload.readUInt16BE(0) : null, reason: payload.subarray(2).toString('utf8') };
      case 0x9:
        return { kind: 'ping' };
      case 0xa:
        return { kind: 'pong' };
      default:
        return { kind: 'other', opcode };
    }
  }
}
