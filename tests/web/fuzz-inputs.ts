// Seeded random input for the browser host's fuzz test: request lines, paths, headers, upgrade requests and
// WebSocket frames built from pieces known to upset parsers, mixed with plain random bytes. The same seed gives
// the same sequence, so a failure can be replayed with FUZZ_SEED.

/** mulberry32: small, fast, good enough to spread inputs; not for secrets. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Fuzz {
  private readonly next: () => number;

  constructor(
    seed: number,
    private readonly port: number,
    private readonly token: string,
  ) {
    this.next = prng(seed);
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Mostly what a browser sends (so the request gets past the parser to the host's own checks), else one of `odd`. */
  usually<T>(good: T, odd: readonly T[]): T {
    return this.chance(0.75) ? good : this.pick(odd);
  }

  bytes(max: number): Buffer {
    const b = Buffer.alloc(this.int(max + 1));
    for (let i = 0; i < b.length; i++) b[i] = this.int(256);
    return b;
  }

  /** Latin-1 text of random bytes (every byte value, CR, LF and NUL included). */
  junk(max: number): string {
    return this.bytes(max).toString('latin1');
  }

  private printable(max: number): string {
    let s = '';
    for (let n = this.int(max + 1); n > 0; n--) s += String.fromCharCode(0x21 + this.int(0x5e));
    return s;
  }

  path(): string {
    const pieces = [
      '/', '//', '///', '/ws', '//evil.example/x', '/\\', '\\', '%', '%0', '%00', '%zz', '%2f', '%2F', '%5c', '%ED%A0%80',
      '..', '.', '%2e%2e', '%2e', '?', '&', '=', '#', '@', ':', ';', '+', ' ', '\0', '\u00ff', 'index.html', 'assets',
      'app.js', 'token', `token=${this.token}`, 'token=%', 'x=1', '*', 'http://evil.example', 'evil.example',
    ];
    if (this.chance(0.3)) return this.pick(['/', '/index.html', '/assets/app.js', '/?x=1&y', `/?token=${this.token}`, `/assets/app.js?a=%&token=${this.token}`, '/missing']);
    let p = this.chance(0.85) ? '/' : '';
    for (let n = 1 + this.int(8); n > 0; n--) p += this.chance(0.15) ? this.printable(6) : this.pick(pieces);
    return this.chance(0.05) ? this.junk(40) : p;
  }

  host(): string {
    const port = this.port;
    return this.usually(`127.0.0.1:${port}`, [
      `localhost:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1',
      `evil.example:${port}`, '', '[::1', `[::1]:${port}:${port}`, `127.0.0.1:${port}.`, `a@127.0.0.1:${port}`, ':',
      `127.0.0.1:99999999999`, this.printable(20), this.junk(20),
    ]);
  }

  origin(): string {
    return this.usually(`http://127.0.0.1:${this.port}`, [
      `http://localhost:${this.port}`, `https://127.0.0.1:${this.port}`, 'null', '',
      'http://evil.example', `http://127.0.0.1:${this.port}/`, this.printable(20), this.junk(20),
    ]);
  }

  cookie(): string {
    const name = `paragents_${this.port}`;
    const value = this.pick([this.token, '%', '%zz', '%ED%A0%80', `"${this.token}"`, '"%"', '', this.printable(30), this.junk(30)]);
    const own = `${name}=${value}`;
    return this.usually(`${name}=${this.token}`, [own, `${own}; ${name}=${this.token}`, `x=%; ${own}`, `${name}`, `=${value}`, ';;;=;', this.junk(40)]);
  }

  /**
   * One request: request line, a random choice of the headers the host reads, maybe a body, maybe mangled.
   * `clean` requests carry only printable header values and no body, so they are complete as sent: they can ask
   * for `Connection: close` instead of being half-closed (see rawExchange) and get a served file whole.
   */
  request(upgrade: boolean): { bytes: Buffer; clean: boolean } {
    let clean = true;
    const method = this.usually('GET', ['HEAD', 'POST', 'PUT', 'OPTIONS', 'CONNECT', 'PRI', 'get', this.printable(8)]);
    const version = this.usually('HTTP/1.1', ['HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1 x', '']);
    const target = upgrade && this.chance(0.7) ? this.usually('/ws', ['/ws?token=' + this.token, '/ws?token=%', '//ws', '//evil.example/ws', '/ws/..']) : this.path();
    const lines = [`${method} ${target} ${version}`];
    const headers: string[] = [];
    if (this.chance(0.95)) headers.push(`Host: ${this.host()}`);
    if (this.chance(0.05)) headers.push(`Host: ${this.host()}`);
    if (this.chance(0.8)) headers.push(`Cookie: ${this.cookie()}`);
    if (this.chance(0.1)) headers.push(`Cookie: ${this.cookie()}`);
    if (upgrade || this.chance(0.2)) headers.push(`Origin: ${this.origin()}`);
    if (upgrade) {
      headers.push(`Upgrade: ${this.usually('websocket', ['WebSocket', 'h2c', '', this.printable(10)])}`);
      headers.push(`Connection: ${this.usually('Upgrade', ['keep-alive, Upgrade', 'close', ''])}`);
      headers.push(`Sec-WebSocket-Key: ${this.usually('dGhlIHNhbXBsZSBub25jZQ==', ['', this.printable(24)])}`);
      headers.push(`Sec-WebSocket-Version: ${this.usually('13', ['8', '', this.printable(4)])}`);
      if (this.chance(0.2)) headers.push(`Sec-WebSocket-Extensions: ${this.pick(['permessage-deflate', 'permessage-deflate; server_max_window_bits=99', this.printable(20)])}`);
      if (this.chance(0.2)) headers.push(`Sec-WebSocket-Protocol: ${this.printable(20)}`);
    }
    for (let n = this.chance(0.7) ? 0 : this.int(3); n > 0; n--) {
      const junk = this.chance(0.5);
      clean &&= !junk;
      headers.push(`${this.printable(12)}: ${junk ? this.junk(30) : this.printable(30)}`);
    }
    let body = '';
    if (this.chance(0.15)) {
      clean = false;
      const payload = this.junk(64);
      if (this.chance(0.5)) {
        headers.push(`Content-Length: ${this.pick([String(payload.length), String(payload.length + 10), '-1', 'x', '99999999999999999999'])}`);
        body = payload;
      } else {
        headers.push('Transfer-Encoding: chunked');
        body = this.chance(0.5) ? `${payload.length.toString(16)}\r\n${payload}\r\n0\r\n\r\n` : payload;
      }
    }
    for (let i = headers.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [headers[i], headers[j]] = [headers[j]!, headers[i]!];
    }
    if (clean && !upgrade) headers.push('Connection: close');
    const text = `${[...lines, ...headers].join('\r\n')}\r\n\r\n${body}`;
    const buf = Buffer.from(text, 'latin1');
    if (this.chance(0.15)) return { bytes: this.mangle(buf), clean: false };
    return { bytes: buf, clean };
  }

  /** A few flipped, inserted and deleted bytes. */
  mangle(buf: Buffer): Buffer {
    let b = Buffer.from(buf);
    for (let n = 1 + this.int(5); n > 0; n--) {
      const at = this.int(b.length + 1);
      const op = this.int(3);
      if (op === 0 && at < b.length) b[at] = this.int(256);
      else if (op === 1) b = Buffer.concat([b.subarray(0, at), this.bytes(4), b.subarray(at)]);
      else b = Buffer.concat([b.subarray(0, at), b.subarray(at + 1 + this.int(4))]);
    }
    return b;
  }

  /** A JSON value of random shape: what a confused or hostile page could put in a message. */
  json(depth = 0): unknown {
    const kind = this.int(depth > 3 ? 5 : 8);
    switch (kind) {
      case 0: return null;
      case 1: return this.chance(0.5);
      case 2: return this.pick([0, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, this.int(1000)]);
      case 3: return this.pick(['', this.printable(20), this.junk(20), '__proto__', 'constructor', this.token, '/', '../..']);
      case 4: return this.pick([[], {}, '\u0000', '\ud800']);
      case 5: return Array.from({ length: this.int(4) }, () => this.json(depth + 1));
      default: {
        const o: Record<string, unknown> = {};
        for (let n = this.int(4); n > 0; n--) o[this.pick(['id', 'sessionId', 'workspace', 'input', 'method', '__proto__', 'constructor', this.printable(8)])] = this.json(depth + 1);
        return o;
      }
    }
  }

  /** One text WebSocket message: broken JSON, a wrong envelope, or a request of random method and input. */
  message(methods: readonly string[]): string {
    switch (this.int(6)) {
      case 0: return this.junk(200);
      case 1: return JSON.stringify(this.json());
      case 2: return `{"id":${this.int(100)},"method":"session.list","input":${this.printable(30)}`;
      case 3: return '['.repeat(1 + this.int(5000)) + ']'.repeat(this.int(5000));
      case 4: return JSON.stringify({ id: this.json(3), method: this.pick(methods), input: this.json() });
      default: return JSON.stringify({ id: this.int(1_000_000), method: this.chance(0.2) ? this.printable(20) : this.pick(methods), input: this.json() });
    }
  }

  /** Bytes after an accepted handshake: well-formed frames of random opcode, flags and payload, or garbage. */
  frames(): Buffer {
    const parts: Buffer[] = [];
    for (let n = 1 + this.int(4); n > 0; n--) {
      if (this.chance(0.3)) {
        parts.push(this.bytes(64));
        continue;
      }
      const payload = this.chance(0.5) ? Buffer.from(this.junk(100), 'latin1') : Buffer.from(JSON.stringify({ id: 1, method: 'session.list' }));
      const opcode = this.pick([0x0, 0x1, 0x1, 0x2, 0x3, 0x8, 0x9, 0xa, 0xb, 0xf]);
      const first = (this.chance(0.8) ? 0x80 : 0) | (this.chance(0.1) ? 0x70 & (this.int(8) << 4) : 0) | opcode;
      const masked = this.chance(0.9);
      const len = payload.length;
      const head = len < 126 ? Buffer.from([first, (masked ? 0x80 : 0) | len]) : Buffer.from([first, (masked ? 0x80 : 0) | 126, len >> 8, len & 0xff]);
      const key = Buffer.from([this.int(256), this.int(256), this.int(256), this.int(256)]);
      const body = Buffer.from(payload.map((byte, i) => (masked ? byte ^ key[i % 4]! : byte)));
      parts.push(head, masked ? key : Buffer.alloc(0), body);
    }
    return Buffer.concat(parts);
  }
}
