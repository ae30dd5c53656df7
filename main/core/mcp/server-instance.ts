import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { english, msg, type Msg } from '../../../shared/i18n/message';
import type { McpServerState, McpToolHints } from '../../../shared/mcp';
import { MsgError, thrownSentence } from '../../../shared/msg-error';
import type { HostEnv } from '../host-env';
import type { ToolOutcome } from '../tools/types';
import { toolOutcome, type ToolResultLike } from './call-result';
import type { Connected, StdioConfiner } from './connect';
import type { ResolvedServer } from './resolve';

/** One tool as the server listed it. */
export interface McpToolInfo {
  name: string;
  description: string;
  inputSchema: unknown;
  hints: McpToolHints | null;
}

/**
 * The MCP SDK and the transports, loaded at the first server start rather than when the engine starts (they are
 * a large share of start-up, and most sessions never start a server). Errors and closes only come from a
 * connection, so once one exists this is loaded.
 */
async function loadSdk() {
  const [connect, stdio, types] = await Promise.all([import('./connect'), import('./stdio-transport'), import('@modelcontextprotocol/sdk/types.js')]);
  return { connectServer: connect.connectServer, ProcessTransport: stdio.ProcessTransport, McpError: types.McpError, ErrorCode: types.ErrorCode, ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema };
}
let sdk: Awaited<ReturnType<typeof loadSdk>> | null = null;

const STDERR_LINES = 40;
const STDERR_LINE_CHARS = 500;
const MAX_TOOL_PAGES = 50;

/** Wait before the n-th start after a crash or a failed start: none after the first, then 1 s, 2 s, 4 s … up to 60 s. */
export function restartDelayMs(failures: number): number {
  if (failures <= 1) return 0;
  return Math.min(60_000, 1000 * 2 ** (failures - 2));
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return abortable(new Promise<void>((resolve) => setTimeout(resolve, ms).unref()), signal);
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function hintsOf(tool: Tool): McpToolHints | null {
  const a = tool.annotations;
  if (!a) return null;
  const hints: McpToolHints = {};
  if (typeof a.title === 'string') hints.title = a.title;
  for (const k of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) if (typeof a[k] === 'boolean') hints[k] = a[k];
  return Object.keys(hints).length > 0 ? hints : null;
}

export interface InstanceDeps {
  host: HostEnv;
  /** The OS sandbox for servers whose entry asks for it (see connect.ts). */
  confine?: StdioConfiner;
  /** Called after every change a person could see: state, tools, users. */
  changed(instance: McpServerInstance): void;
}

/**
 * One running MCP server, shared by every session that uses it. It is the one writer of its state: started on
 * first use, answered from while ready, marked failed when its process exits or its connection drops (calls in
 * flight fail with a tool error) and started again on the next use after a backoff, stopped when unused for its
 * idle time, on restart, and when the engine closes — with its whole process group.
 */
export class McpServerInstance {
  state: McpServerState = 'stopped';
  tools: McpToolInfo[] = [];
  pid: number | null = null;
  error: string | null = null;
  /** The same failure as data, for people: what the server or the system said stays a value inside it. */
  errorMsg: Msg | null = null;
  readonly stderr: string[] = [];
  /** Sessions that listed or called its tools since it was created. */
  readonly users = new Set<string>();

  private connected: Connected | null = null;
  private starting: Promise<void> | null = null;
  /** Bumped on every start and stop: events of an older connection are ignored. */
  private generation = 0;
  /** Crashes and failed starts since it last answered a call or a listing. */
  private failures = 0;
  private retryAt = 0;
  private inFlight = 0;
  private lastUsed = Date.now();
  private idleTimer: NodeJS.Timeout | null = null;
  private stopping: { generation: number; why: string } | null = null;
  private closed = false;

  constructor(
    public server: ResolvedServer,
    private readonly deps: InstanceDeps,
  ) {}

  get name(): string {
    return this.server.entry.name;
  }

  /** Notes a use by a session (a listing for its turn, or a call), which keeps the server from going idle. */
  touch(sessionId: string | null): void {
    this.lastUsed = Date.now();
    if (sessionId !== null && !this.users.has(sessionId)) {
      this.users.add(sessionId);
      this.deps.changed(this);
    }
    this.armIdle();
  }

  /** A new state; a failure comes as its sentence (its English is `error`), any other state clears it. */
  private setState(state: McpServerState, error: Msg | null = null): void {
    this.state = state;
    this.errorMsg = error;
    this.error = error ? english(error) : null;
    this.deps.changed(this);
  }

  private addStderr(line: string): void {
    if (line.trim() === '') return;
    this.stderr.push(line.length > STDERR_LINE_CHARS ? `${line.slice(0, STDERR_LINE_CHARS)}…` : line);
    if (this.stderr.length > STDERR_LINES) this.stderr.splice(0, this.stderr.length - STDERR_LINES);
  }

  /** The server's last stderr lines, as it wrote them, to end a failure's sentence ('' when it wrote none). */
  private stderrTail(n = 5): Msg | '' {
    const tail = this.stderr.slice(-n);
    return tail.length > 0 ? msg('notices.mcp.stderrTail', { lines: tail.join(' | ') }) : '';
  }

  /** The server, ready to answer: started (or restarted after its backoff) when it is not. Throws with a sentence for the model. */
  async ready(signal?: AbortSignal): Promise<Client> {
    for (;;) {
      if (this.closed) throw new MsgError(msg('engineErrors.mcp.shuttingDown', { name: this.name }));
      if (this.state === 'ready' && this.connected) return this.connected.client;
      if (this.starting) {
        await abortable(this.starting, signal).catch((e: unknown) => {
          if (signal?.aborted) throw e;
        });
        if (this.state === 'failed' && !this.starting) {
          throw new MsgError(msg('engineErrors.mcp.couldNotStart', { name: this.name, error: this.errorMsg ?? msg('engineErrors.mcp.unknownError') }));
        }
        continue;
      }
      if (this.state === 'failed') await sleep(this.retryAt - Date.now(), signal);
      this.starting = this.launch().finally(() => {
        this.starting = null;
      });
    }
  }

  /**
   * The tools for a session's turn: starts the server if it is stopped (or failed and due for another try) and
   * waits for it; while a failed server waits out its backoff, the tools it last listed (calls start it again).
   */
  async toolsForTurn(sessionId: string, signal: AbortSignal): Promise<McpToolInfo[]> {
    this.touch(sessionId);
    if (this.state === 'failed' && !this.starting && Date.now() < this.retryAt) return this.tools;
    try {
      await this.ready(signal);
    } catch (e) {
      if (signal.aborted) throw e;
    }
    return this.tools;
  }

  private async launch(): Promise<void> {
    const generation = ++this.generation;
    this.pid = null;
    this.setState('starting');
    let connected: Connected;
    let loaded: NonNullable<typeof sdk>;
    try {
      loaded = sdk ??= await loadSdk();
      connected = await loaded.connectServer(this.server.transport, {
        host: this.deps.host,
        ...(this.deps.confine ? { confine: this.deps.confine } : {}),
        timeoutMs: this.server.startupTimeoutMs,
        onStderr: (line) => this.addStderr(line),
        prepare: (client) => {
          client.onclose = () => this.connectionClosed(generation);
          client.onerror = (error) => this.addStderr(`[paragents] ${messageOf(error)}`);
        },
      });
    } catch (e) {
      if (generation === this.generation) this.failed(msg('notices.mcp.couldNotStart', { error: thrownSentence(e), rest: this.stderrTail() }));
      return;
    }
    if (generation !== this.generation || this.closed) {
      await connected.client.close().catch(() => undefined);
      return;
    }
    this.connected = connected;
    this.pid = connected.pid;
    try {
      this.tools = await this.listTools(connected.client);
    } catch (e) {
      if (generation !== this.generation) return;
      this.stopping = { generation, why: 'its tools could not be listed' };
      this.connected = null;
      await connected.client.close().catch(() => undefined);
      this.failed(msg('notices.mcp.couldNotList', { error: thrownSentence(e), rest: this.stderrTail() }));
      return;
    }
    connected.client.setNotificationHandler(loaded.ToolListChangedNotificationSchema, async () => {
      if (generation !== this.generation || !this.connected) return;
      try {
        this.tools = await this.listTools(this.connected.client);
        this.deps.changed(this);
      } catch (e) {
        this.addStderr(`[paragents] listing the tools again failed: ${messageOf(e)}`);
      }
    });
    this.failures = 0;
    this.setState('ready');
    this.armIdle();
  }

  private async listTools(client: Client): Promise<McpToolInfo[]> {
    const out: McpToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const res = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: this.server.startupTimeoutMs });
      for (const t of res.tools) out.push({ name: t.name, description: t.description ?? t.annotations?.title ?? '', inputSchema: t.inputSchema, hints: hintsOf(t) });
      cursor = res.nextCursor;
      if (!cursor) break;
    }
    return out;
  }

  private failed(error: Msg): void {
    this.failures++;
    this.retryAt = Date.now() + restartDelayMs(this.failures);
    this.clearIdle();
    this.setState('failed', error);
  }

  /** The connection ended: a stop we asked for, or a crash. */
  private connectionClosed(generation: number): void {
    if (generation !== this.generation) return;
    const transport = this.connected?.transport;
    const ending = sdk && transport instanceof sdk.ProcessTransport ? transport.ending : null;
    this.connected = null;
    if (this.stopping?.generation === generation) return;
    const rest = this.stderrTail();
    this.failed(
      ending
        ? ending.signal
          ? msg('notices.mcp.stoppedBy', { signal: ending.signal, rest })
          : msg('notices.mcp.exited', { code: ending.code ?? 'null', rest })
        : msg('notices.mcp.closedConnection', { rest }),
    );
  }

  /** Calls one tool; every failure comes back as a tool error written for the model (a cancel too: the caller sees its signal). */
  async call(tool: string, args: Record<string, unknown>, signal: AbortSignal, sessionId: string | null): Promise<ToolOutcome> {
    this.inFlight++;
    this.touch(sessionId);
    try {
      let client: Client;
      try {
        client = await this.ready(signal);
      } catch (e) {
        return { ok: false, error: signal.aborted ? 'cancelled' : messageOf(e) };
      }
      const generation = this.generation;
      // One signal per call: the SDK never removes the listener it adds, and a turn's signal serves many calls.
      const own = new AbortController();
      const forward = (): void => own.abort(signal.reason);
      if (signal.aborted) forward();
      else signal.addEventListener('abort', forward, { once: true });
      try {
        const result = await client.callTool({ name: tool, arguments: args }, undefined, { signal: own.signal, timeout: this.server.callTimeoutMs });
        this.failures = 0;
        return toolOutcome(result as ToolResultLike);
      } catch (e) {
        return { ok: false, error: signal.aborted ? `${tool} was cancelled` : this.callError(tool, e, generation) };
      } finally {
        signal.removeEventListener('abort', forward);
      }
    } finally {
      this.inFlight--;
      this.touch(null);
    }
  }

  private callError(tool: string, e: unknown, generation: number): string {
    const server = `the MCP server "${this.name}"`;
    const McpError = sdk?.McpError;
    const ErrorCode = sdk?.ErrorCode;
    if (McpError && ErrorCode && e instanceof McpError && e.code === ErrorCode.RequestTimeout) {
      return `${tool} on ${server} took longer than ${this.server.callTimeoutMs} ms (its "timeout") and was cancelled.`;
    }
    if (McpError && ErrorCode && e instanceof McpError && e.code === ErrorCode.ConnectionClosed) {
      const stop = this.stopping?.generation === generation ? this.stopping.why : null;
      if (stop) return `${server} was stopped while ${tool} was running (${stop}); the call did not finish.`;
      return `${server} stopped while ${tool} was running: ${this.error ?? 'the connection closed'}. The call did not finish; the server is started again on the next call.`;
    }
    if (McpError && e instanceof McpError) return `${server} refused the call to ${tool}: ${e.message}`;
    return `the call to ${tool} on ${server} failed: ${messageOf(e)}`;
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** Stops the server once it has been unused for its idle time (calls in flight keep it). */
  private armIdle(): void {
    this.clearIdle();
    if (this.state !== 'ready' || this.inFlight > 0 || this.closed) return;
    const wait = Math.max(0, this.lastUsed + this.server.idleMs - Date.now());
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.inFlight > 0 || this.state !== 'ready') return;
      if (Date.now() - this.lastUsed < this.server.idleMs) {
        this.armIdle();
        return;
      }
      void this.stop(`unused for ${Math.round(this.server.idleMs / 1000)} s`);
    }, wait);
    this.idleTimer.unref();
  }

  /** Stops the server and its process group; `why` is what calls in flight are told. */
  async stop(why: string): Promise<void> {
    this.clearIdle();
    const generation = ++this.generation;
    const connected = this.connected;
    this.connected = null;
    this.stopping = { generation: generation - 1, why };
    this.failures = 0;
    if (connected) await connected.client.close().catch(() => undefined);
    // Shown as stopped once its processes are gone, unless it was started again meanwhile.
    if (generation === this.generation && this.state !== 'stopped') {
      this.pid = null;
      this.setState('stopped');
    }
  }

  /** Stops and starts it again now (a person's "restart"). */
  async restart(): Promise<void> {
    await this.stop('a person restarted it');
    this.retryAt = 0;
    await this.ready().catch(() => undefined);
  }

  /** For engine close: stops it and refuses every later use. */
  async close(): Promise<void> {
    this.closed = true;
    await this.stop('Paragents is shutting down');
  }
}
