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

export interface ConnectOptions {
  host: HostEnv;
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
      const transport = new ProcessTransport({
        command: t.command,
        args: t.args,
        env: { ...opts.host.env, ...t.env },
        cwd: t.cwd ?? opts.host.home,
        onStderr: opts.onStderr,
      });
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
