import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createNodeFetch } from '../../main/core/model/node-fetch';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const nodeFetch = createNodeFetch();

describe('the model client’s fetch', () => {
  it('posts the body with its headers and streams the answer chunk by chunk', async () => {
    let gate: () => void = () => {};
    const secondChunk = new Promise<void>((r) => (gate = r));
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', async () => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-seen': `${req.method} ${req.headers['authorization']} ${body}` });
        res.write('data: one\n\n');
        await secondChunk;
        res.end('data: two\n\n');
      });
    });
    const res = await nodeFetch(`${url}/v1/chat`, { method: 'POST', headers: { authorization: 'Bearer k', 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-seen')).toBe('POST Bearer k {"a":1}');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
    gate();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toBe('data: two\n\n');
  });

  it('decodes a gzip answer, gives a 204 no body, and leaves redirects to the global fetch', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/zipped') {
        res.writeHead(200, { 'content-encoding': 'gzip' });
        res.end(gzipSync('{"ok":true}'));
      } else if (req.url === '/empty') {
        res.writeHead(204);
        res.end();
      } else if (req.url === '/moved') {
        res.writeHead(307, { location: '/zipped' });
        res.end();
      }
    });
    expect(await (await nodeFetch(`${url}/zipped`)).json()).toEqual({ ok: true });
    const empty = await nodeFetch(`${url}/empty`);
    expect([empty.status, empty.body]).toEqual([204, null]);
    expect(await (await nodeFetch(`${url}/moved`)).json()).toEqual({ ok: true });
  });

  it('reports a refused connection, a cut answer and an abort as fetch does', async () => {
    const closed = await serve(() => undefined);
    await new Promise((r) => servers.pop()?.close(r));
    const refused = await nodeFetch(`${closed}/x`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');

    const url = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: partial\n\n', () => {
        if (req.url === '/cut') res.socket?.destroy();
      });
    });
    const cut = await nodeFetch(`${url}/cut`);
    const text = await cut.text().catch((e: unknown) => e);
    expect(text).toBeInstanceOf(TypeError);
    expect((text as Error).message).toBe('terminated');

    const controller = new AbortController();
    const held = await nodeFetch(`${url}/held`, { signal: controller.signal });
    const reading = held.text().catch((e: unknown) => e);
    controller.abort();
    expect(((await reading) as Error).name).toBe('AbortError');
    const before = await nodeFetch(`${url}/held`, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((before as Error).name).toBe('AbortError');
  });

  it('waits for an answer silent for longer than the idle-socket timeout, and drops the idle socket after it', async () => {
    let sockets = 0;
    let release: () => void = () => {};
    const late = new Promise<void>((r) => (release = r));
    const url = await serve(async (_req, res) => {
      await late;
      res.writeHead(200);
      res.end('late but whole');
    });
    let idleClosed: () => void = () => {};
    const firstClosed = new Promise<void>((r) => (idleClosed = r));
    servers[0]?.on('connection', (socket) => {
      sockets++;
      socket.once('close', idleClosed);
    });
    const quick = createNodeFetch({ idleSocketMs: 50 });
    const answer = quick(`${url}/slow`).then((r) => r.text());
    // Silent for several idle timeouts before the server answers (time passing is the point: there is no event).
    await new Promise((r) => setTimeout(r, 300));
    release();
    expect(await answer).toBe('late but whole');
    // The client drops the kept-alive socket once it has been idle.
    await firstClosed;
    expect(await (await quick(`${url}/again`)).text()).toBe('late but whole');
    // The kept-alive socket was closed while idle, so the second request needed a new connection.
    expect(sockets).toBe(2);
  });

  it('hands a fast stream on whole and lets the event loop turn while a slow reader drains it', async () => {
    // Written before the client reads a byte: one 1 MB write, and 3,000 small events one write each, as servers stream.
    const small = 'data: {"choices":[{"delta":{"content":"abcd"}}]}\n\n';
    const url = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (req.url === '/large') res.end(Buffer.alloc(1024 * 1024, 'x'));
      else {
        for (let i = 0; i < 3_000; i++) res.write(small);
        res.end();
      }
    });
    const large = await nodeFetch(`${url}/large`);
    expect(Buffer.from(await large.arrayBuffer()).equals(Buffer.alloc(1024 * 1024, 'x'))).toBe(true);

    // A reader that spends 1 ms on every piece: after at most 8 ms of it, the next piece waits for the next turn.
    const many = await nodeFetch(`${url}/many`);
    let turns = 0;
    let sinceTurn = 0;
    let mostInOneTurn = 0;
    const tick = (): void => {
      turns++;
      sinceTurn = 0;
      ticking = setImmediate(tick);
    };
    let ticking = setImmediate(tick);
    let text = '';
    const decoder = new TextDecoder();
    for await (const piece of many.body as ReadableStream<Uint8Array>) {
      text += decoder.decode(piece, { stream: true });
      const until = performance.now() + 1;
      while (performance.now() < until);
      sinceTurn++;
      mostInOneTurn = Math.max(mostInOneTurn, sinceTurn);
    }
    clearImmediate(ticking);
    expect(text).toBe(small.repeat(3_000));
    expect(turns).toBeGreaterThan(0);
    expect(mostInOneTurn).toBeLessThanOrEqual(9);
  });
});
