import { afterEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { McpManager } from '../../main/core/mcp';
import { startMcpHttpServer, type McpHttpServer } from '../fixtures/mcp-http-server';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { writeMcpJson } from './helpers';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  cleanupTempDirs();
});

async function serve(mode: 'streamable' | 'sse-only'): Promise<McpHttpServer> {
  const server = await startMcpHttpServer(mode);
  closers.push(() => server.close());
  return server;
}

function manager(servers: Record<string, unknown>, env: Record<string, string> = {}): McpManager {
  const home = tempDir('paragents-home-');
  writeMcpJson(join(home, 'mcp.json'), servers);
  const m = new McpManager({ home, host: { home, env }, managedFile: join(home, 'none.json'), isTrusted: () => false, onChange: () => undefined });
  closers.push(() => m.close());
  return m;
}

const never = new AbortController().signal;

it('talks Streamable HTTP with the configured headers (${VAR} expanded)', async () => {
  const http = await serve('streamable');
  const m = manager({ remote: { url: http.url, headers: { Authorization: 'Bearer ${API_TOKEN}' } } }, { API_TOKEN: 't0ken' });
  const [s] = await m.serversForTurn({ id: 's', workspace: tempDir() }, never);
  expect(s?.instance.state).toBe('ready');
  expect(s?.instance.tools.map((t) => t.name)).toEqual(['echo']);
  expect(await s!.instance.call('echo', { text: 'hi' }, never, 's')).toEqual({ ok: true, output: 'streamable echo: hi' });
  expect(new Set(http.authorizations)).toEqual(new Set(['Bearer t0ken']));
});

it('falls back to HTTP+SSE for a server that does not speak Streamable HTTP', async () => {
  const http = await serve('sse-only');
  const m = manager({ old: { url: http.url, headers: { Authorization: 'Bearer x' } } });
  const [s] = await m.serversForTurn({ id: 's', workspace: tempDir() }, never);
  expect(s?.instance.state).toBe('ready');
  expect(await s!.instance.call('echo', { text: 'hi' }, never, 's')).toEqual({ ok: true, output: 'sse echo: hi' });
  expect(http.authorizations.every((a) => a === 'Bearer x')).toBe(true);
});

it('an HTTP server that answers neither way fails with both reasons', async () => {
  const http = await serve('streamable');
  await http.close();
  const m = manager({ gone: { url: http.url } });
  const [s] = await m.serversForTurn({ id: 's', workspace: tempDir() }, never);
  expect(s?.instance.state).toBe('failed');
  expect(s?.instance.error).toMatch(/^could not start: Streamable HTTP failed \(.+\), and so did SSE \(.+\)/);
});
