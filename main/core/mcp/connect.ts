import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { HostEnv } from '../host-env';
import type { McpTransportConfig } from './config-types';
import { ProcessTransport } from './stdio-transport';
import { msg } from '../../../shared/i18n/message';
import { MsgError } from '../../../shared/msg-error';

const CLIENT_INFO = { name: 'paragents', version: '0.1.0' };

export interface Connected {
  client: Client;
  transport: Transport;
  /** The server's process, for a stdio server. */
  pid: number | null;
  /** Which way an HTTP server answered (`sse` after falling back). */
  via: 'stdio' | 'http' | 'sse';
}

/** A stdio server's process as spawned: the program, its arguments, environment and folder. */
export interface StdioLaunch {
  command: string;
  args: string[];
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Wraps a server's launch so the OS sandbox confines it to its folder and hosts; `release` once it has ended. */
export type StdioConfiner = (launch: StdioLaunch, allowedDomains: readonly string[]) => Promise<StdioLaunch & { release(): void }>;

export interface ConnectOptions {
  host: HostEnv;
  /** The OS sandbox (it refuses in one sentence when it cannot run); without it a `"sandbox": true` server cannot start. */
  confine?: StdioConfiner;
  timeoutMs: number;
  onStderr(line: string): void;
  /** Set on the client before it connects, so a close during the handshake is heard too. */
  prepare(client: Client): void;
}

async function attempt(transport: Transport, opts: ConnectOptions): Promise<Client> {
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  opts.prepare(client);
  try {
    await client.connect(transport, { timeout: opts.timeoutMs });
  } catch (e) {
    await transport.close().catch(() => undefined);
    throw e;
  }
  return client;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Starts (stdio) or reaches (HTTP) one server and runs the protocol's handshake. An HTTP server is tried with
 * Streamable HTTP first and, when that fails, with the older HTTP+SSE transport (servers written before 2025-03).
 */
export async function connectServer(t: McpTransportConfig, opts: ConnectOptions): Promise<Connected> {
  switch (t.kind) {
    case 'stdio': {
      let launch: StdioLaunch & { release?(): void } = { command: t.command, args: t.args, env: { ...opts.host.env, ...t.env }, cwd: t.cwd ?? opts.host.home };
      if (t.sandbox) {
        if (!opts.confine) throw new MsgError(msg('sandbox.mcp.unavailable', { reason: msg('sandbox.unavailable.notProbed') }));
        launch = await opts.confine(launch, t.sandbox.allowedDomains);
      }
      const transport = new ProcessTransport({ ...launch, onStderr: opts.onStderr, onExit: launch.release });
      const client = await attempt(transport, opts);
      return { client, transport, pid: transport.pid, via: 'stdio' };
    }
    case 'http': {
      const url = new URL(t.url);
      const init = { headers: t.headers };
      try {
        const transport = new StreamableHTTPClientTransport(url, { requestInit: init });
        return { client: await attempt(transport, opts), transport, pid: null, via: 'http' };
      } catch (first) {
        try {
          const transport = new SSEClientTransport(url, { requestInit: init });
          return { client: await attempt(transport, opts), transport, pid: null, via: 'sse' };
        } catch (second) {
          // What each transport's failure said stays as written, inside the engine's sentence.
          throw new MsgError(msg('engineErrors.mcp.bothFailed', { http: message(first), sse: message(second) }));
        }
      }
    }
    case 'sse': {
      const transport = new SSEClientTransport(new URL(t.url), { requestInit: { headers: t.headers } });
      return { client: await attempt(transport, opts), transport, pid: null, via: 'sse' };
    }
    default: {
      const never: never = t;
      return never;
    }
  }
}
