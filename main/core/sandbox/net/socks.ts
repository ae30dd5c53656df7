import net from 'node:net';
import type { ConnectionVerdict } from './proxy';

/** Reads exactly n bytes (or gives null when the client went away first). */
function reader(socket: net.Socket): (n: number) => Promise<Buffer | null> {
  let buffered = Buffer.alloc(0);
  let want: { n: number; done: (b: Buffer | null) => void } | null = null;
  const drain = (): void => {
    if (want && buffered.length >= want.n) {
      const out = buffered.subarray(0, want.n);
      buffered = buffered.subarray(want.n);
      const w = want;
      want = null;
      w.done(out);
    }
  };
  const onData = (d: Buffer): void => {
    buffered = Buffer.concat([buffered, d]);
    drain();
  };
  socket.on('data', onData);
  socket.once('close', () => want?.done(null));
  return (n) =>
    new Promise<Buffer | null>((done) => {
      want = { n, done };
      drain();
    });
}

const reply = (code: number): Buffer => Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0]);

/** SOCKS5 without authentication, CONNECT only (what `curl --socks5-hostname`, git and package managers use). */
export function handleSocks(
  socket: net.Socket,
  decide: (host: string, port: number) => Promise<ConnectionVerdict>,
  track: (s: net.Socket) => void,
): void {
  const read = reader(socket);
  void (async () => {
    const hello = await read(2);
    if (!hello || hello[0] !== 5) return socket.destroy();
    const methods = await read(hello[1] as number);
    if (!methods) return;
    if (!methods.includes(0)) return void socket.end(Buffer.from([5, 0xff]));
    socket.write(Buffer.from([5, 0]));
    const head = await read(4);
    if (!head) return;
    if (head[1] !== 1) return void socket.end(reply(7));
    let host: string;
    switch (head[3]) {
      case 1: {
        const a = await read(4);
        if (!a) return;
        host = [...a].join('.');
        break;
      }
      case 3: {
        const len = await read(1);
        const name = len ? await read(len[0] as number) : null;
        if (!name) return;
        host = name.toString('latin1');
        break;
      }
      case 4: {
        const a = await read(16);
        if (!a) return;
        host = (a.toString('hex').match(/.{4}/g) ?? []).join(':');
        break;
      }
      default:
        return void socket.end(reply(8));
    }
    const p = await read(2);
    if (!p) return;
    const port = p.readUInt16BE(0);
    const v = await decide(host, port);
    // 2: "connection not allowed by ruleset".
    if (!v.allow) return void socket.end(reply(2));
    socket.removeAllListeners('data');
    const upstream = net.connect({ host: v.address, port });
    track(upstream);
    upstream.once('connect', () => {
      socket.write(reply(0));
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => (upstream.connecting ? socket.end(reply(5)) : socket.destroy()));
    socket.on('error', () => upstream.destroy());
  })();
}
