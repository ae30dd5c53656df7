// A real engine (temp home) behind a real browser host on 127.0.0.1, serving a two-file panel.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createEngine } from '../../main/core/engine';
import type { Engine } from '../../main/core/engine/types';
import { startWebHost, type WebHost, type WebHostOptions } from '../../main/web/web-host';

export interface TestHost {
  dir: string;
  engine: Engine;
  web: WebHost;
  /** Every exception a guard caught (the host reports them instead of throwing). */
  internalErrors: Array<{ name: string; error: unknown }>;
  close(): Promise<void>;
}

export function writePanel(staticDir: string): void {
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>panel</title>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
}

export async function startTestHost(options: Partial<Omit<WebHostOptions, 'engine' | 'staticDir'>> = {}): Promise<TestHost> {
  const dir = mkdtempSync(join(tmpdir(), 'paragents-web-'));
  const staticDir = join(dir, 'static');
  writePanel(staticDir);
  writeFileSync(join(dir, 'secret.txt'), 'do not serve');
  const engine = await createEngine({ home: join(dir, 'home'), env: {}, approvals: 'ask' });
  const internalErrors: TestHost['internalErrors'] = [];
  const web = await startWebHost({ engine, staticDir, port: 0, onInternalError: (name, error) => internalErrors.push({ name, error }), ...options });
  return {
    dir,
    engine,
    web,
    internalErrors,
    async close() {
      await web.close();
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Reply = { id: number | string | null; result: { ok: boolean; value?: unknown; error?: { kind: string; message: string } } };

/** An authenticated socket from the host's own origin (cookie, as the panel has after its first load). */
export function openSocket(port: number, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { origin: `http://127.0.0.1:${port}`, headers: { cookie: `paragents_${port}=${token}` } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Sends one request and waits for the reply with its id (pushed events and other replies are skipped). */
export function call(ws: WebSocket, id: number | string, method: string, input: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const msg = JSON.parse(data.toString()) as Reply | { event: unknown };
      if ('id' in msg && msg.id === id) {
        ws.off('message', onMessage);
        ws.off('close', onClose);
        resolve(msg);
      }
    };
    const onClose = (code: number) => reject(new Error(`socket closed (${code}) before the reply to ${String(id)}`));
    ws.on('message', onMessage);
    ws.once('close', onClose);
    ws.send(JSON.stringify({ id, method, input }));
  });
}

/** The host still works: an authenticated GET serves the panel and a socket answers session.list. */
export async function expectServing(port: number, token: string): Promise<{ page: number; list: Reply }> {
  const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { cookie: `paragents_${port}=${token}` } });
  await page.text();
  const ws = await openSocket(port, token);
  try {
    return { page: page.status, list: await call(ws, 'alive', 'session.list', {}) };
  } finally {
    ws.close();
  }
}
