import path from 'node:path';
import type { RequestHandlers } from '../../../shared/api';
import { ok } from '../../../shared/result';
import type { PolicyEngine } from '../policy';
import type { SessionRow } from '../store/rows';
import type { Store } from '../store/store';
import type { SandboxAvailability } from './availability';
import { sandboxStatus } from './status';

export type SandboxRequestNames = 'sandbox.status';

export interface SandboxHandlerDeps {
  store: Store;
  policy: Pick<PolicyEngine, 'sandboxSettings' | 'sandboxPolicy'>;
  availability: () => SandboxAvailability;
  /** A session's temp folder and the other open sessions' folders, as its confined commands get them. */
  sessionLists: (session: SessionRow) => { tmpdir: string; otherFolders: string[] };
}

/** How many refusals the sandbox recorded for a session (its sandbox_violation events). */
const violationsOf = (store: Store, sessionId: string): number => store.events.countOfType(sessionId, 'sandbox_violation');

export function createSandboxHandlers(d: SandboxHandlerDeps): Pick<RequestHandlers, SandboxRequestNames> {
  return {
    'sandbox.status': ({ session, workspace }) => {
      const availability = d.availability();
      if (session !== undefined) {
        const row = d.store.sessions.resolve(session);
        if (!row.ok) return row;
        const lists = d.sessionLists(row.value);
        return ok(
          sandboxStatus({
            policy: d.policy,
            availability,
            workspace: row.value.workspace,
            session: { id: row.value.id, ...lists, violations: violationsOf(d.store, row.value.id) },
          }),
        );
      }
      return ok(sandboxStatus({ policy: d.policy, availability, workspace: workspace ? path.resolve(workspace) : null, session: null }));
    },
  };
}
