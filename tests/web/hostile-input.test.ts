import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { expectServing, openSocket, startTestHost, type TestHost } from './host-fixture';
import { getRequest, rawExchange, upgradeRequest } from './raw-http';

/*
 * Requests no browser would send, each written byte for byte on a raw socket. Every one gets a 4xx answer (never
 * a 5xx, never a dropped connection, never an exception out of the host), and the host keeps serving after it.
 * A cookie that is not valid percent-encoding and a target starting with `//` used to throw out of the GET and
 * upgrade handlers and end the process.
 */

let t: TestHost;
let port: number;
let token: string;

beforeAll(async () => {
  t = await startTestHost();
  port = t.web.port;
  token = t.web.token;
});

afterAll(async () => {
  await t?.close();
});

/** `status: 200` rows ask for `Connection: close` (see rawExchange) so the file arrives whole. */
type Row = { name: string; request: () => string; status: number };

const host = () => `Host: 127.0.0.1:${port}`;
const origin = () => `Origin: http://127.0.0.1:${port}`;
const cookie = (value: string) => `Cookie: paragents_${port}=${value}`;
const goodCookie = () => cookie(token);
const close = 'Connection: close';

const getRows: Row[] = [
  // Cookies: a value that cannot be decoded is no token.
  { name: 'cookie value `%`', request: () => getRequest('/', [host(), cookie('%')]), status: 401 },
  { name: 'cookie value `%zz`', request: () => getRequest('/', [host(), cookie('%zz')]), status: 401 },
  { name: 'cookie value encoding a lone surrogate', request: () => getRequest('/', [host(), cookie('%ED%A0%80')]), status: 401 },
  { name: 'quoted cookie value `"%"`', request: () => getRequest('/', [host(), cookie('"%"')]), status: 401 },
  { name: 'a bad cookie before the valid one', request: () => getRequest('/', [host(), close, `Cookie: paragents_${port}=%; paragents_${port}=${token}`]), status: 200 },
  { name: 'a bad cookie with the token in the query', request: () => getRequest(`/?token=${token}`, [host(), cookie('%')]), status: 303 },
  { name: 'two Cookie headers, one bad', request: () => getRequest('/', [host(), close, cookie('%'), goodCookie()]), status: 200 },
  { name: 'cookie with no name', request: () => getRequest('/', [host(), 'Cookie: =%; ;;=']), status: 401 },
  // Request targets.
  { name: 'path `//`', request: () => getRequest('/', [host(), goodCookie()]).replace('GET / ', 'GET // '), status: 400 },
  { name: 'path `//` with the token', request: () => getRequest(`//?token=${token}`, [host()]), status: 400 },
  { name: 'path `//evil.example/x`', request: () => getRequest('//evil.example/x', [host(), goodCookie()]), status: 400 },
  { name: 'path `//evil.example/x` with the token', request: () => getRequest(`//evil.example/x?token=${token}`, [host()]), status: 400 },
  { name: 'path `/\\evil.example`', request: () => getRequest('/\\evil.example', [host(), goodCookie()]), status: 400 },
  { name: 'path `/./\\evil.example`', request: () => getRequest('/./\\evil.example', [host(), goodCookie()]), status: 400 },
  { name: 'target `*`', request: () => getRequest('*', [host(), goodCookie()]), status: 400 },
  { name: 'absolute target', request: () => getRequest('http://evil.example/', [host(), goodCookie()]), status: 400 },
  { name: 'path `/%`', request: () => getRequest('/%', [host(), goodCookie()]), status: 404 },
  { name: 'path `/%00`', request: () => getRequest('/%00', [host(), goodCookie()]), status: 404 },
  { name: 'path `/index.html%00.js`', request: () => getRequest('/index.html%00.js', [host(), goodCookie()]), status: 404 },
  { name: 'path `/..%2fsecret.txt`', request: () => getRequest('/..%2fsecret.txt', [host(), goodCookie()]), status: 404 },
  { name: 'path `/%2e%2e/secret.txt`', request: () => getRequest('/%2e%2e/secret.txt', [host(), goodCookie()]), status: 404 },
  { name: 'path `/..\\secret.txt`', request: () => getRequest('/..\\secret.txt', [host(), goodCookie()]), status: 404 },
  // Query strings.
  { name: 'query `?token=%`', request: () => getRequest('/?token=%', [host()]), status: 401 },
  { name: 'query `?%=%&token`', request: () => getRequest('/?%=%&token', [host()]), status: 401 },
  { name: 'the token twice in the query', request: () => getRequest(`/?token=${token}&token=${token}`, [host()]), status: 401 },
  // Host header: missing, repeated, malformed, foreign.
  { name: 'no Host header', request: () => getRequest('/', [goodCookie()]), status: 400 },
  { name: 'two Host headers', request: () => getRequest('/', [host(), host(), goodCookie()]), status: 421 },
  { name: 'Host `[::1`', request: () => getRequest('/', ['Host: [::1', goodCookie()]), status: 421 },
  { name: 'Host with a path', request: () => getRequest('/', [`Host: 127.0.0.1:${port}/x`, goodCookie()]), status: 421 },
  { name: 'Host with user info', request: () => getRequest('/', [`Host: a@127.0.0.1:${port}`, goodCookie()]), status: 421 },
  { name: 'Host of another name', request: () => getRequest('/', [`Host: evil.example:${port}`, goodCookie()]), status: 421 },
  { name: 'Host with latin-1 bytes', request: () => getRequest('/', [`Host: \u00ff\u00fe:${port}`, goodCookie()]), status: 421 },
  { name: 'empty Host', request: () => getRequest('/', ['Host: ', goodCookie()]), status: 421 },
  // What the HTTP parser itself refuses.
  { name: 'a request line that is not HTTP', request: () => 'GARBAGE\r\n\r\n', status: 400 },
  { name: 'a header line without a colon', request: () => getRequest('/', [host(), 'Bad Header']), status: 400 },
  { name: 'a NUL in the target', request: () => getRequest('/\0', [host(), goodCookie()]), status: 400 },
  { name: 'headers cut off by the end of the stream', request: () => `GET / HTTP/1.1\r\n${host()}\r\nCook`, status: 400 },
];

const upgradeRows: Row[] = [
  { name: 'cookie value `%`', request: () => upgradeRequest('/ws', [host(), origin(), cookie('%')]), status: 401 },
  { name: 'cookie value `%zz`', request: () => upgradeRequest('/ws', [host(), origin(), cookie('%zz')]), status: 401 },
  { name: 'a bad cookie before the valid one', request: () => upgradeRequest('/ws', [host(), origin(), `Cookie: paragents_${port}=%; paragents_${port}=${token}`]), status: 101 },
  { name: 'path `//`', request: () => upgradeRequest('//', [host(), origin(), goodCookie()]), status: 400 },
  { name: 'path `//evil.example/x`', request: () => upgradeRequest('//evil.example/x', [host(), origin(), goodCookie()]), status: 400 },
  { name: 'path `//evil.example/ws`', request: () => upgradeRequest('//evil.example/ws', [host(), origin(), goodCookie()]), status: 400 },
  { name: 'target `*`', request: () => upgradeRequest('*', [host(), origin(), goodCookie()]), status: 400 },
  { name: 'query `?token=%`', request: () => upgradeRequest('/ws?token=%', [host(), origin()]), status: 401 },
  { name: 'no Host header', request: () => upgradeRequest('/ws', [origin(), goodCookie()]), status: 421 },
  { name: 'two Host headers', request: () => upgradeRequest('/ws', [host(), host(), origin(), goodCookie()]), status: 421 },
  { name: 'Host `[::1`', request: () => upgradeRequest('/ws', ['Host: [::1', origin(), goodCookie()]), status: 421 },
  { name: 'no Origin', request: () => upgradeRequest('/ws', [host(), goodCookie()]), status: 403 },
  { name: 'two Origin headers', request: () => upgradeRequest('/ws', [host(), origin(), origin(), goodCookie()]), status: 403 },
  { name: 'Origin `null`', request: () => upgradeRequest('/ws', [host(), 'Origin: null', goodCookie()]), status: 403 },
  { name: 'POST', request: () => upgradeRequest('/ws', [host(), origin(), goodCookie()]).replace(/^GET/, 'POST'), status: 405 },
  { name: 'an unknown WebSocket version', request: () => upgradeRequest('/ws', [host(), origin(), goodCookie()]).replace('Version: 13', 'Version: 99'), status: 400 },
  { name: 'an Upgrade that is not websocket', request: () => upgradeRequest('/ws', [host(), origin(), goodCookie()]).replace('Upgrade: websocket', 'Upgrade: h2c'), status: 400 },
];

describe('the browser host refuses hostile requests with a 4xx and keeps serving', () => {
  it.each(getRows)('GET: $name → $status', async (row) => {
    const answer = await rawExchange(port, row.request(), { halfClose: row.status !== 200 });
    expect(answer.status, answer.text.slice(0, 300)).toBe(row.status);
    if (row.status === 200) expect(answer.text).toContain('<title>panel</title>');
    if (row.status === 303) expect(answer.headers.location).toBe('/');
    expect(t.internalErrors).toEqual([]);
    const still = await expectServing(port, token);
    expect(still.page).toBe(200);
    expect(still.list.result.ok).toBe(true);
  });

  it.each(upgradeRows)('upgrade: $name → $status', async (row) => {
    const answer = await rawExchange(port, row.request());
    expect(answer.status, answer.text.slice(0, 300)).toBe(row.status);
    expect(t.internalErrors).toEqual([]);
    const still = await expectServing(port, token);
    expect(still.page).toBe(200);
    expect(still.list.result.ok).toBe(true);
  });
});

type Frame = { name: string; send: string | Buffer; reply: { id: unknown; message: string } };

const frameRows: Frame[] = [
  { name: 'not JSON', send: 'not json', reply: { id: null, message: 'message is not JSON' } },
  { name: 'JSON cut short', send: '{"id":1,"method":"session.list"', reply: { id: null, message: 'message is not JSON' } },
  { name: 'a number', send: '42', reply: { id: null, message: 'message must be an object' } },
  { name: 'null', send: 'null', reply: { id: null, message: 'message must be an object' } },
  { name: 'an array', send: '[1,2]', reply: { id: null, message: 'message needs an id (number or string)' } },
  { name: 'an object id', send: '{"id":{},"method":"session.list"}', reply: { id: null, message: 'message needs an id (number or string)' } },
  { name: 'no method', send: '{"id":5}', reply: { id: 5, message: 'a request needs a name (a string), got undefined' } },
  { name: 'a method of the prototype', send: '{"id":"p","method":"__proto__"}', reply: { id: 'p', message: 'unknown request "__proto__": it is not part of the Paragents contract' } },
  { name: 'input of the wrong shape', send: '{"id":6,"method":"session.get","input":[]}', reply: { id: 6, message: 'session.get: invalid input' } },
  { name: 'deeply nested JSON', send: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, reply: { id: null, message: 'message needs an id (number or string)' } },
  { name: 'a binary frame', send: Buffer.from([0xff, 0x00, 0x7b]), reply: { id: null, message: 'binary messages are not accepted' } },
];

describe('socket frames of the wrong kind get a typed refusal, and the socket stays usable', () => {
  it.each(frameRows)('$name', async (row) => {
    const ws = await openSocket(port, token);
    try {
      const reply = new Promise<{ id: unknown; result: { ok: boolean; error: { kind: string; message: string } } }>((resolve) => {
        ws.on('message', (data) => {
          const msg = JSON.parse(data.toString()) as { id?: unknown; result?: never };
          if (msg.result) resolve(msg as never);
        });
      });
      ws.send(row.send, { binary: Buffer.isBuffer(row.send) });
      const got = await reply;
      expect(got.id).toEqual(row.reply.id);
      expect(got.result.ok).toBe(false);
      expect(got.result.error.kind).toBe('invalid_input');
      expect(got.result.error.message).toContain(row.reply.message);
    } finally {
      ws.close();
    }
    expect(t.internalErrors).toEqual([]);
    expect((await expectServing(port, token)).list.result.ok).toBe(true);
  });

  it('a message over 4 MiB closes that socket with 1009, and the host keeps serving', async () => {
    const ws = await openSocket(port, token);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(4 * 1024 * 1024 + 1));
    expect(await closed).toBe(1009);
    expect((await expectServing(port, token)).list.result.ok).toBe(true);
  });

  it('a text frame that is not UTF-8 closes that socket with 1007, and the host keeps serving', async () => {
    const handshake = upgradeRequest('/ws', [`Host: 127.0.0.1:${port}`, `Origin: http://127.0.0.1:${port}`, `Cookie: paragents_${port}=${token}`]);
    const bytes = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      const socket = connect({ host: '127.0.0.1', port });
      socket.on('data', (c: Buffer) => {
        chunks.push(c);
        if (chunks.length === 1) socket.write(Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xc3, 0x28])); // masked text frame, invalid UTF-8
      });
      socket.on('error', () => socket.destroy());
      socket.on('close', () => resolve(Buffer.concat(chunks)));
      socket.write(handshake);
    });
    const text = bytes.toString('latin1');
    expect(text).toMatch(/^HTTP\/1\.1 101 /);
    const close = bytes.subarray(text.indexOf('\r\n\r\n') + 4);
    expect(close[0]).toBe(0x88); // a close frame
    expect(close.readUInt16BE(2)).toBe(1007);
    expect((await expectServing(port, token)).list.result.ok).toBe(true);
  });
});
