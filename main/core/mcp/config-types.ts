import type { Msg } from '../../../shared/i18n/message';
/** Where a server's configuration came from: `$PARAGENTS_HOME/mcp.json` (user) or `<workspace>/.mcp.json` (project). */
export type McpScope = 'user' | 'project';

/** How Paragents talks to the server: a child process on stdio, or a URL (Streamable HTTP, falling back to SSE). */
export type McpTransportConfig =
  | {
      kind: 'stdio';
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd: string | null;
      /** `"sandbox": true` (or `{ "allowedDomains": [...] }`): the server runs confined, writing only in its cwd. */
      sandbox?: { allowedDomains: string[] };
    }
  /** `sse` only for `"type": "sse"`; `http` tries Streamable HTTP first and falls back to SSE for older servers. */
  | { kind: 'http' | 'sse'; url: string; headers: Record<string, string> };

/** One entry of `mcpServers` as written: strings still hold their `${VAR}` references. */
export interface McpServerEntry {
  name: string;
  scope: McpScope;
  /** The file the entry is in. */
  file: string;
  /** The workspace of a project server; null for a user server. */
  workspace: string | null;
  transport: McpTransportConfig;
  /** Longest a tool call may take, in milliseconds. */
  timeoutMs: number | null;
  /** Longest the server may take to start and list its tools, in milliseconds. */
  startupTimeoutMs: number | null;
  /** How long the server may sit unused before it is stopped, in milliseconds. */
  idleTimeoutMs: number | null;
  /** The entry's JSON as written: what a person approves for a project server (a change asks again). */
  raw: unknown;
}

/** A problem with a configuration file or one of its entries: one sentence naming the file and the field. */
export interface McpConfigProblem {
  file: string;
  /** The server the problem is about; null for the file as a whole. */
  server: string | null;
  message: string;
  /** The same sentence as data, for clients to render; what the system said of an unreadable file stays a value. */
  msg: Msg;
}

/** One parsed mcp.json. */
export interface McpConfigFile {
  file: string;
  exists: boolean;
  servers: McpServerEntry[];
  /** `mcpIdleMinutes` (user file only): how long an unused server keeps running. */
  idleMinutes: number | null;
  problems: McpConfigProblem[];
}
