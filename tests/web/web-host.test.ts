import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createEngine } from '../../main/core/engine';
import type { Engine } from '../../main/core/engine/types';
import { startWebHost, type WebHost } from '../../main/web/web-host';

let dir: string;
let engine: Engine;
let host: WebHost;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paragents-web-'));
  const staticDir = join(dir, 'static');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>panel</title>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'do not serve');
  mkdirSync(join(dir, 'ws1'));
  engine = await createEngine({ home: join(dir, 'home'), env: {}, approvals: 'ask' });
  host = await startWebHost({ engine, staticDir, port: 0 });
});

afterAll(async () => {
  await host?.close();
  await engine?.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function connect(opts: { token?: string; origin?: string; cookie?: string } = {}): Promise<WebSocket> {
  const query = opts.token === undefined ? '' : `?token=${encodeURIComponent(opts.token)}`;
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws${query}`, { origin: opts.origin ?? `http://127.0.0.1:${host.port}`, headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

type Reply = { id: number | string | null; result: { ok: boolean; value?: unknown; error?: { kind: string; message: string } } };

function call(ws: WebSocket, id: number, method: string, input: unknown): Promise<Reply> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const msg = JSON.parse(data.toString()) as Reply | { event: unknown };
      if ('id' in msg && msg.id === id) {
        ws.off('message', onMessage);
        resolve(msg);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, method, input }));
  });
}

describe('browser host', () => {
  it('prints a loopback URL with the token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses every request without the token, serves the panel with it, then by cookie', async () => {
    expect((await get('/')).status).toBe(401);
    expect((await get('/assets/app.js')).status).toBe(401);
    expect((await get('/?token=wrong')).status).toBe(401);
    const first = await get(`/?token=${host.token}`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(new RegExp(`^paragents_${host.port}=`));
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly');
    expect(String(first.headers['set-cookie'])).toContain('SameSite=Strict');
    const page = await get('/', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>panel</title>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    // Scripts: the host's own files only (inline styles are allowed, inline scripts and eval never).
    expect(csp.split('; ').find((d) => d.startsWith('script-src '))).toBe("script-src 'self'");
    const asset = await get('/assets/app.js', { cookie });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
  });

  it('never serves files outside the built renderer, and refuses foreign Host names', async () => {
    const cookie = `paragents_${host.port}=${host.token}`;
    expect((await get('/..%2Fsecret.txt', { cookie })).status).toBe(404);
    expect((await get('/../secret.txt', { cookie })).status).toBe(404);
    expect((await get(`/?token=${host.token}`, { host: `evil.example:${host.port}` })).status).toBe(421);
  });

  it('refuses the socket without the token or from another origin', async () => {
    await expect(connect({})).rejects.toThrow('HTTP 401');
    await expect(connect({ token: 'nope' })).rejects.toThrow('HTTP 401');
    await expect(connect({ token: host.token, origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(connect({ token: host.token, origin: `http://localhost:${host.port + 1}` })).rejects.toThrow('HTTP 403');
    const ws = await connect({ cookie: `paragents_${host.port}=${host.token}` });
    ws.close();
  });

  it('rejects unknown methods and invalid input with a typed error', async () => {
    const ws = await connect({ token: host.token });
    const unknown = await call(ws, 1, 'engine.shutdown', {});
    expect(unknown.result).toEqual({ ok: false, error: { kind: 'invalid_input', message: 'unknown request "engine.shutdown": it is not part of the Paragents contract' } });
    const bad = await call(ws, 2, 'session.create', { workspace: '' });
    expect(bad.result.ok).toBe(false);
    expect(bad.result.error?.kind).toBe('invalid_input');
    expect(bad.result.error?.message).toContain('workspace');
    const proto = await call(ws, 3, '__proto__', {});
    expect(proto.result.error?.kind).toBe('invalid_input');
    ws.send('not json');
    ws.close();
  });

  it('round-trips a request and pushes engine events to the socket', async () => {
    const ws = await connect({ token: host.token });
    const events: Array<{ type: string; workspace?: string }> = [];
    const createdEvent = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as { event?: { type: string; workspace?: string } };
        if (msg.event) events.push(msg.event);
        if (msg.event?.type === 'session_created') resolve();
      }),
    );
    const created = await call(ws, 7, 'session.create', { workspace: join(dir, 'ws1'), name: 'web' });
    expect(created.id).toBe(7);
    expect(created.result.ok).toBe(true);
    expect(created.result.value).toMatchObject({ name: 'web', status: 'idle' });
    const list = await call(ws, 8, 'session.list', {});
    expect((list.result.value as Array<{ name: string }>).map((s) => s.name)).toContain('web');
    await createdEvent;
    expect(events.map((e) => e.type)).toContain('session_created');
    ws.close();
  });
});
