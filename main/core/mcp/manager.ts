import type { Msg } from '../../../shared/i18n/message';
import type { StdioConfiner } from './connect';
import type { McpServerState, McpServerView } from '../../../shared/mcp';
import type { HostEnv } from '../host-env';
import { realDir } from '../policy/paths';
import { McpChoices, type ServerIdentity } from './choices';
import type { McpConfigProblem } from './config-types';
import { describeTransport, McpResolver, type ConfiguredServer, type ResolvedServer } from './resolve';
import { McpServerInstance } from './server-instance';
import { modelToolName } from './tool-names';

/** What the MCP view and the `mcp_server_state` event say about a server's process. */
export interface McpStateChange {
  server: string;
  scope: 'user' | 'project';
  workspace: string | null;
  key: string;
  state: McpServerState;
  pid: number | null;
  error: string | null;
  /** The failure as data, for people; `error` is its English. */
  errorMsg?: Msg;
  tools: number;
}

export interface McpManagerOptions {
  /** PARAGENTS_HOME: mcp.json and mcp-choices.json. */
  home: string;
  host: HostEnv;
  /** The managed settings file (allowedMcpServers / deniedMcpServers). */
  managedFile: string;
  isTrusted(workspace: string): boolean;
  /** Every change of a server's state, tools or users. */
  onChange(change: McpStateChange): void;
  /** The OS sandbox for servers whose entry asks for it; absent, such a server cannot start. */
  confine?: StdioConfiner;
}

/** A server a session's turn may use, with the instance that runs it. */
export interface SessionServer {
  server: ResolvedServer;
  instance: McpServerInstance;
}

/**
 * The engine's MCP servers: one instance per resolved configuration (name, command line or URL, environment),
 * shared by every session whose workspace resolves to it — never one process per session. Instances start on
 * first use and are the one writer of their own state; the manager creates them, finds them, and closes them
 * all with the engine.
 */
export class McpManager {
  readonly choices: McpChoices;
  readonly resolver: McpResolver;
  private readonly instances = new Map<string, McpServerInstance>();
  private closed = false;

  constructor(private readonly opts: McpManagerOptions) {
    this.choices = new McpChoices(opts.home);
    this.resolver = new McpResolver({ home: opts.home, host: opts.host, managedFile: opts.managedFile, isTrusted: opts.isTrusted, choices: this.choices });
  }

  /** The instance of a resolved server (created, not started); its limits follow the configuration as last read. */
  instanceFor(server: ResolvedServer): McpServerInstance {
    let instance = this.instances.get(server.key);
    if (!instance) {
      instance = new McpServerInstance(server, {
        host: this.opts.host,
        ...(this.opts.confine ? { confine: this.opts.confine } : {}),
        changed: (i) => this.opts.onChange(this.change(i)),
      });
      this.instances.set(server.key, instance);
    } else instance.server = server;
    return instance;
  }

  /** The running instance for a key, if any. */
  instance(key: string): McpServerInstance | undefined {
    return this.instances.get(key);
  }

  private change(i: McpServerInstance): McpStateChange {
    const id = i.server.id;
    return {
      server: id.name,
      scope: id.scope,
      workspace: id.workspace,
      key: i.server.key,
      state: i.state,
      pid: i.pid,
      error: i.error,
      ...(i.errorMsg ? { errorMsg: i.errorMsg } : {}),
      tools: i.tools.length,
    };
  }

  /** Every process id of the servers now running (for tests and the view). */
  pids(): number[] {
    return [...this.instances.values()].flatMap((i) => (i.pid === null ? [] : [i.pid]));
  }

  /**
   * The servers a session's turn may use, started (or waited for) now: listing the tools for a turn is a use.
   * A server that cannot start leaves its tools out; the turn goes on with the others.
   */
  async serversForTurn(session: { id: string; workspace: string }, signal: AbortSignal): Promise<SessionServer[]> {
    if (this.closed) return [];
    const usable = this.resolver
      .forWorkspace(session.workspace)
      .servers.flatMap((c) => (c.standing.kind === 'usable' ? [c.standing.server] : []));
    const servers = usable.map((server) => ({ server, instance: this.instanceFor(server) }));
    await Promise.all(servers.map((s) => s.instance.toolsForTurn(session.id, signal)));
    return servers;
  }

  /** Looks a configured server up by name in a workspace (null: among the user's); the user's wins a clash. */
  find(name: string, workspace: string | null): ConfiguredServer | null {
    const all = this.resolver.forWorkspace(workspace).servers.filter((s) => s.entry.name === name);
    return all.find((s) => s.standing.kind !== 'shadowed') ?? all[0] ?? null;
  }

  /** The running (or last) instance of a configured server, when it resolves to one. */
  private instanceOf(c: ConfiguredServer): McpServerInstance | undefined {
    return c.standing.kind === 'usable' ? this.instances.get(c.standing.server.key) : undefined;
  }

  /** Instances of a server identity, whatever configuration they were started with. */
  private instancesOf(id: ServerIdentity): McpServerInstance[] {
    return [...this.instances.values()].filter((i) => i.server.id.name === id.name && i.server.id.scope === id.scope && i.server.id.workspace === id.workspace);
  }

  view(c: ConfiguredServer, sessionName: (id: string) => { ref: string; name: string | null } | null): McpServerView {
    const instance = this.instanceOf(c);
    const standing = c.standing;
    const tools = (instance?.tools ?? []).map((t) => ({ name: modelToolName(c.entry.name, t.name), tool: t.name, description: t.description, hints: t.hints }));
    return {
      name: c.entry.name,
      scope: c.id.scope,
      workspace: c.id.workspace,
      file: c.entry.file,
      launch: describeTransport(c.entry.transport),
      standing: standing.kind,
      reason: standing.kind === 'usable' ? null : standing.reason,
      ...(standing.kind === 'usable' ? {} : { reasonMsg: standing.reasonMsg }),
      enabled: !this.choices.isDisabled(c.id),
      state: instance?.state ?? 'stopped',
      pid: instance?.pid ?? null,
      error: instance?.error ?? null,
      ...(instance?.errorMsg ? { errorMsg: instance.errorMsg } : {}),
      stderr: [...(instance?.stderr ?? [])],
      tools,
      sessions: [...(instance?.users ?? [])].flatMap((id) => {
        const s = sessionName(id);
        return s ? [{ id, ...s }] : [];
      }),
    };
  }

  /** The configured servers of the user file and of each workspace given, each once, with the problems found. */
  configured(workspaces: readonly string[]): { servers: ConfiguredServer[]; problems: McpConfigProblem[] } {
    const seen = new Set<string>();
    const servers: ConfiguredServer[] = [];
    const problems: McpConfigProblem[] = [];
    const seenProblems = new Set<string>();
    const lists = workspaces.length > 0 ? workspaces.map((w) => this.resolver.forWorkspace(w)) : [this.resolver.forWorkspace(null)];
    for (const list of lists) {
      for (const s of list.servers) {
        const key = `${s.id.scope}:${s.id.workspace ?? ''}:${s.id.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        servers.push(s);
      }
      for (const p of list.problems) {
        if (seenProblems.has(p.message)) continue;
        seenProblems.add(p.message);
        problems.push(p);
      }
    }
    return { servers, problems };
  }

  /** Starts the server now (if it may run) and waits until it answers or fails. */
  async start(c: ConfiguredServer): Promise<McpServerInstance | null> {
    if (c.standing.kind !== 'usable' || this.closed) return null;
    const instance = this.instanceFor(c.standing.server);
    await instance.ready().catch(() => undefined);
    return instance;
  }

  async restart(c: ConfiguredServer): Promise<void> {
    for (const i of this.instancesOf(c.id)) await i.stop('a person restarted it');
    if (c.standing.kind === 'usable' && !this.closed) await this.instanceFor(c.standing.server).restart();
  }

  /** A person turns a server on or off; turning it off stops it. */
  async setEnabled(c: ConfiguredServer, enabled: boolean): Promise<void> {
    this.choices.setDisabled(c.id, !enabled);
    if (!enabled) for (const i of this.instancesOf(c.id)) await i.stop('a person turned it off');
  }

  /** A person approves (or withdraws approval of) a project server's entry as written; withdrawing stops it. */
  async setApproved(c: ConfiguredServer, approved: boolean): Promise<void> {
    if (c.id.scope !== 'project' || c.id.workspace === null) return;
    this.choices.setApproved(realDir(c.id.workspace), c.entry, approved);
    if (!approved) for (const i of this.instancesOf(c.id)) await i.stop('its approval was withdrawn');
  }

  /** Stops every server and its process group; later uses are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.instances.values()].map((i) => i.close()));
  }
}
