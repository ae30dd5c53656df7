import type { HostEnv } from '../../host-env';
import type { EventBus } from '../../kernel/event-bus';
import { McpManager } from '../../mcp';
import type { PolicyEngine } from '../../policy';
import { managedSettingsPath } from '../../policy/settings/sources';
import type { StdioConfiner } from '../../mcp/connect';
import type { SandboxParts } from './sandbox';
import { confineServer } from './sandbox';

export interface McpParts {
  manager: McpManager;
  /** Stops every server; their state changes are no longer published from then on. */
  close: () => Promise<void>;
}

/** One process per MCP server for the whole engine, shared by every session that uses it. */
export function buildMcp(d: { home: string; host: HostEnv; policy: PolicyEngine; bus: EventBus; sandbox: SandboxParts }): McpParts {
  const confine: StdioConfiner = confineServer({ home: d.home, policy: d.policy, sandbox: d.sandbox });
  let closed = false;
  const manager = new McpManager({
    home: d.home,
    host: d.host,
    managedFile: managedSettingsPath(undefined, d.host.env),
    isTrusted: (workspace) => d.policy.isTrusted(workspace),
    confine,
    onChange: ({ key: _key, ...change }) => {
      if (!closed) d.bus.emit({ type: 'mcp_server_state', sessionId: '', promptId: null, ...change });
    },
  });
  const close = async (): Promise<void> => {
    await manager.close();
    closed = true;
  };
  return { manager, close };
}
