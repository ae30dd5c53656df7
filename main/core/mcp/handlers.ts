import path from 'node:path';
import type { RequestHandlers, RequestInput } from '../../../shared/api';
import type { McpServerView } from '../../../shared/mcp';
import { msg, type Msg, type MsgValue } from '../../../shared/i18n/message';
import type { PolicyDecision } from '../../../shared/policy';
import { err, ok, type Result } from '../../../shared/result';
import type { PolicyEngine } from '../policy';
import { reasonMsgOf } from '../policy/context';
import { policySourceWord } from '../policy/source-word';
import type { Store } from '../store/store';
import type { McpManager } from './manager';
import type { ConfiguredServer } from './resolve';
import { modelToolName } from './tool-names';

export type McpRequestNames = 'mcp.list' | 'mcp.tools' | 'mcp.call' | 'mcp.restart' | 'mcp.setEnabled' | 'mcp.approve';

export interface McpHandlerDeps {
  manager: McpManager;
  store: Store;
  policy: Pick<PolicyEngine, 'check'>;
  /** The folder a call that names no workspace is checked in (the user's home): user and managed rules apply. */
  fallbackWorkspace: string;
}

type Ref = RequestInput<'mcp.tools'>;

/** The MCP view's and `paragents mcp`'s requests: list, start and list tools, call, restart, turn off, approve. */
export function createMcpHandlers(d: McpHandlerDeps): Pick<RequestHandlers, McpRequestNames> {
  const { manager, store } = d;
  const sessionName = (id: string): { ref: string; name: string | null } | null => {
    const s = store.sessions.get(id);
    return s ? { ref: s.ref, name: s.name } : null;
  };
  const view = (c: ConfiguredServer): McpServerView => manager.view(c, sessionName);

  /** The workspace a request means: its session's, the one it names, or none (user servers only). */
  const workspaceOf = (input: { workspace?: string; session?: string }): Result<string | null> => {
    if (input.session) {
      const s = store.sessions.resolve(input.session);
      return s.ok ? ok(s.value.workspace) : s;
    }
    return ok(input.workspace ? path.resolve(input.workspace) : null);
  };

  const find = (input: Ref): Result<ConfiguredServer> => {
    const ws = workspaceOf(input);
    if (!ws.ok) return ws;
    const found = manager.find(input.server, ws.value);
    if (found) return ok(found);
    const where = ws.value ? msg('notices.request.mcpWhereWorkspace', { workspace: ws.value }) : msg('notices.request.mcpWhereUser');
    return err('not_found', msg('notices.request.noMcpServer', { server: input.server, where }));
  };

  return {
    'mcp.list': (input) => {
      const ws = workspaceOf(input);
      if (!ws.ok) return ws;
      const workspaces = ws.value !== null ? [ws.value] : [...new Set(store.sessions.list().map((s) => s.workspace))];
      const { servers, problems } = manager.configured(workspaces);
      return ok({ workspace: ws.value, servers: servers.map(view), problems });
    },
    'mcp.tools': async (input) => {
      const c = find(input);
      if (!c.ok) return c;
      if (c.value.standing.kind !== 'usable') return err('invalid_state', msg('notices.error.mcpNotRunning', { server: input.server, reason: c.value.standing.reasonMsg }));
      await manager.start(c.value);
      return ok(view(c.value));
    },
    'mcp.call': async (input) => {
      const c = find(input);
      if (!c.ok) return c;
      const standing = c.value.standing;
      if (standing.kind !== 'usable') return err('invalid_state', msg('notices.error.mcpNotRunning', { server: input.server, reason: standing.reasonMsg }));
      // The person who asked is the approval; deny rules (and plan mode) still hold.
      const ws = workspaceOf(input);
      if (!ws.ok) return ws;
      const workspace = c.value.id.workspace ?? ws.value ?? d.fallbackWorkspace;
      const name = modelToolName(input.server, input.tool);
      const verdict = await d.policy.check({ tool: name, input: input.input, workspace, sessionId: null, headless: false });
      if (!verdict.ok) return verdict;
      if (verdict.value.decision === 'blocked') return err('policy', refusedByPolicy(verdict.value));
      const instance = manager.instanceFor(standing.server);
      const outcome = await instance.call(input.tool, input.input, new AbortController().signal, null);
      return ok(outcome.ok ? { ok: true, output: outcome.output, truncated: outcome.truncated ?? false } : { ok: false, output: outcome.error, truncated: false });
    },
    'mcp.restart': async (input) => {
      const c = find(input);
      if (!c.ok) return c;
      await manager.restart(c.value);
      return ok(view(c.value));
    },
    'mcp.setEnabled': async (input) => {
      const c = find(input);
      if (!c.ok) return c;
      await manager.setEnabled(c.value, input.enabled);
      const again = find(input);
      return again.ok ? ok(view(again.value)) : again;
    },
    'mcp.approve': async (input) => {
      const c = find(input);
      if (!c.ok) return c;
      if (c.value.id.scope !== 'project') return err('invalid_input', msg('engineErrors.request.userServer', { server: input.server }));
      await manager.setApproved(c.value, input.approved);
      const again = find(input);
      return again.ok ? ok(view(again.value)) : again;
    },
  };
}

/** A person's call the policy blocks: its reason as data while it still says the reason, and the rule that decided. */
function refusedByPolicy(verdict: Pick<PolicyDecision, 'rule' | 'source' | 'reason' | 'reasonMsg'>): Msg {
  const reason: MsgValue = reasonMsgOf(verdict) ?? verdict.reason;
  if (!verdict.rule) return msg('notices.error.refusedByPolicy', { reason });
  return msg('notices.error.refusedByPolicyRule', { reason, rule: verdict.rule, source: policySourceWord(verdict.source) });
}
