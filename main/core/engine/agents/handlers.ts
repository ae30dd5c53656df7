import type { RequestHandlers } from '../../../../shared/api';
import type { IntegrationReport } from '../../../../shared/agents';
import { msg } from '../../../../shared/i18n/message';
import { err, ok, type Result } from '../../../../shared/result';
import type { AgentChildRow } from '../../store/agent-children';
import type { Store } from '../../store/store';
import { childSummary } from './summary';

export type AgentsRequestNames = 'agents.list' | 'agents.integrate';

/** `agents.list` and `agents.integrate`: a session's children, and a person integrating one. */
export function createAgentsHandlers(d: {
  store: Store;
  integrate: (child: AgentChildRow, preview: boolean) => Promise<Result<IntegrationReport>>;
}): Pick<RequestHandlers, AgentsRequestNames> {
  const { store } = d;
  return {
    'agents.list': ({ session }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      return ok(store.agentChildren.ofParent(s.value.id).map((r) => childSummary(store, r)));
    },
    'agents.integrate': async ({ child, preview }) => {
      const s = store.sessions.resolve(child);
      if (!s.ok) return s;
      const row = store.agentChildren.get(s.value.id);
      if (!row) return err('invalid_input', msg('agents.notAChild', { ref: s.value.ref }));
      return d.integrate(row, preview ?? false);
    },
  };
}
