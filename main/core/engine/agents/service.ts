import type { IntegrationReport } from '../../../../shared/agents';
import type { Result } from '../../../../shared/result';
import type { AgentChildRow } from '../../store/agent-children';

/** The engine's children of Agent calls: starting, awaiting and integrating them (one writer of agent_children). */
export interface AgentsService {
  integrate(child: AgentChildRow, preview: boolean): Promise<Result<IntegrationReport>>;
}
