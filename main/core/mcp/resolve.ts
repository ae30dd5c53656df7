import { english, msg, type Msg } from '../../../shared/i18n/message';
import { createHash } from 'node:crypto';
import type { HostEnv } from '../host-env';
import { realDir } from '../policy/paths';
import { McpChoices, type ServerIdentity } from './choices';
import { McpConfigReader, projectMcpFile, userMcpFile } from './config-files';
import type { McpConfigProblem, McpServerEntry, McpTransportConfig } from './config-types';
import { ExpandError, expandTransport } from './expand-vars';
import { FileCache } from '../file-cache';
import { managedRefusal, readManagedMcpLists, type ManagedMcpLists } from './managed-lists';

export const DEFAULT_CALL_TIMEOUT_MS = 600_000;
export const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;
export const DEFAULT_IDLE_MINUTES = 10;

/** A server ready to be started: its transport with `${VAR}`s expanded, its limits, and the key of its process. */
export interface ResolvedServer {
  id: ServerIdentity;
  entry: McpServerEntry;
  transport: McpTransportConfig;
  /** One process per key: the name with the expanded transport, so sessions that resolve alike share it. */
  key: string;
  callTimeoutMs: number;
  startupTimeoutMs: number;
  idleMs: number;
}

/** Why a configured server runs or does not run for a workspace. */
export type ServerStanding =
  | { kind: 'usable'; server: ResolvedServer }
  /** `reason`: why not, in English; `reasonMsg`: the same sentence as data, for clients to render. */
  | { kind: 'disabled'; reason: string; reasonMsg: Msg }
  /** A project server waiting for a person to approve its command line. */
  | { kind: 'needs_approval'; reason: string; reasonMsg: Msg }
  | { kind: 'untrusted'; reason: string; reasonMsg: Msg }
  | { kind: 'refused'; reason: string; reasonMsg: Msg }
  | { kind: 'invalid'; reason: string; reasonMsg: Msg }
  | { kind: 'shadowed'; reason: string; reasonMsg: Msg };

/** A standing that keeps a server from running, its reason as data and in English. */
const notUsable = <K extends Exclude<ServerStanding['kind'], 'usable'>>(kind: K, m: Msg) => ({ kind, reason: english(m), reasonMsg: m });

export interface ConfiguredServer {
  id: ServerIdentity;
  entry: McpServerEntry;
  standing: ServerStanding;
}

export interface WorkspaceServers {
  servers: ConfiguredServer[];
  problems: McpConfigProblem[];
}

/**
 * How a server starts: the command line (with its environment), or the URL. `values`: show the environment's
 * values, as a person approving an entry as written must see them; an expanded transport may hold secrets.
 */
export function describeTransport(t: McpTransportConfig, values = true): string {
  switch (t.kind) {
    case 'stdio': {
      const quote = (s: string): string => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`);
      const env = Object.entries(t.env).map(([k, v]) => `${k}=${values ? quote(v) : '…'}`);
      return [...env, quote(t.command), ...t.args.map(quote)].join(' ');
    }
    case 'http':
      return t.url;
    case 'sse':
      return `${t.url} (SSE)`;
    default: {
      const never: never = t;
      return never;
    }
  }
}

export interface ResolverOptions {
  home: string;
  host: HostEnv;
  managedFile: string;
  isTrusted(workspace: string): boolean;
  choices: McpChoices;
}

/** Reads the user, project and managed configuration into the servers a workspace may use, each with its standing. */
export class McpResolver {
  private readonly reader = new McpConfigReader();
  /** The managed lists, read again only when the managed settings file changed (it is asked for at every turn). */
  private readonly managedLists = new FileCache<ManagedMcpLists>(4);

  constructor(private readonly opts: ResolverOptions) {}

  /** `mcpIdleMinutes` of the user file, in milliseconds. */
  defaultIdleMs(): number {
    const user = this.reader.read(userMcpFile(this.opts.home), 'user', null);
    return (user.idleMinutes ?? DEFAULT_IDLE_MINUTES) * 60_000;
  }

  private resolve(entry: McpServerEntry, id: ServerIdentity, base: string): ServerStanding {
    let transport: McpTransportConfig;
    try {
      transport = expandTransport(entry, this.opts.host.env, base, this.opts.host.home);
    } catch (e) {
      if (e instanceof ExpandError) return notUsable('invalid', e.msg);
      throw e;
    }
    const key = createHash('sha256').update(JSON.stringify([entry.name, transport])).digest('hex').slice(0, 24);
    return {
      kind: 'usable',
      server: {
        id, entry, transport, key,
        callTimeoutMs: entry.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
        startupTimeoutMs: entry.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS,
        idleMs: entry.idleTimeoutMs ?? this.defaultIdleMs(),
      },
    };
  }

  /**
   * The servers of the user file, then those of `<workspace>/.mcp.json` (null: user servers only). A project
   * server runs only in a trusted workspace, once a person approved its entry; one named like a user server is
   * left out, so rules written for the user's server never reach a project's. Managed lists and a person's
   * "disable" apply to both.
   */
  forWorkspace(workspaceIn: string | null): WorkspaceServers {
    const { home, choices } = this.opts;
    const managedFile = this.opts.managedFile;
    const lists = this.managedLists.get(managedFile, () => readManagedMcpLists(managedFile));
    const user = this.reader.read(userMcpFile(home), 'user', null);
    const problems: McpConfigProblem[] = [...lists.problems, ...user.problems];
    const servers: ConfiguredServer[] = [];
    const standingOf = (entry: McpServerEntry, id: ServerIdentity, base: string, extra: () => ServerStanding | null): ServerStanding => {
      const refused = managedRefusal(lists, entry.name);
      if (refused) return notUsable('refused', refused);
      if (choices.isDisabled(id)) return notUsable('disabled', msg('notices.mcp.turnedOff', { name: entry.name }));
      return extra() ?? this.resolve(entry, id, base);
    };
    for (const entry of user.servers) {
      const id: ServerIdentity = { name: entry.name, scope: 'user', workspace: null };
      servers.push({ id, entry, standing: standingOf(entry, id, this.opts.host.home, () => null) });
    }
    if (workspaceIn !== null) {
      const workspace = realDir(workspaceIn);
      const project = this.reader.read(projectMcpFile(workspace), 'project', workspace);
      problems.push(...project.problems);
      const userNames = new Set(user.servers.map((s) => s.name));
      const trusted = this.opts.isTrusted(workspace);
      for (const entry of project.servers) {
        const id: ServerIdentity = { name: entry.name, scope: 'project', workspace };
        const standing = standingOf(entry, id, workspace, () => {
          if (userNames.has(entry.name)) return notUsable('shadowed', msg('notices.mcp.shadowed', { file: entry.file, name: entry.name }));
          if (!trusted) return notUsable('untrusted', msg('notices.mcp.untrusted', { workspace }));
          if (!choices.isApproved(workspace, entry)) return notUsable('needs_approval', msg('notices.mcp.needsApproval', { name: entry.name }));
          return null;
        });
        servers.push({ id, entry, standing });
      }
    }
    return { servers, problems };
  }
}
