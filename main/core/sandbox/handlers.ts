import path from 'node:path';
import type { RequestHandlers } from '../../../shared/api';
import { english } from '../../../shared/i18n/message';
import { ok } from '../../../shared/result';
import type { PolicyEngine } from '../policy';
import type { SessionRow } from '../store/rows';
import type { Store } from '../store/store';
import type { SandboxAvailability } from './availability';
import { sandboxStatus } from './status';

export type SandboxRequestNames = 'sandbox.status' | 'sandbox.setEnabled' | 'sandbox.session';

export interface SandboxHandlerDeps {
  store: Store;
  policy: Pick<PolicyEngine, 'sandboxSettings' | 'sandboxPolicy' | 'setUserSandboxEnabled'>;
  availability: () => SandboxAvailability;
  /** Whether a workspace's Bash commands run confined now (engine/root/sandbox.ts confinesIn). */
  confines: (workspace: string) => boolean;
  /** Tells open pages that the user settings turned the sandbox on or off. */
  changed: (enabled: boolean) => void;
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
    'sandbox.setEnabled': ({ enabled }) => {
      const wrote = d.policy.setUserSandboxEnabled(enabled);
      if (!wrote.ok) return wrote;
      d.changed(enabled);
      return ok(sandboxStatus({ policy: d.policy, availability: d.availability(), workspace: null, session: null }));
    },
    'sandbox.session': ({ session }) => {
      const row = d.store.sessions.resolve(session);
      if (!row.ok) return row;
      const enabled = d.policy.sandboxSettings(row.value.workspace).enabled;
      // The probe runs only for a workspace that turns the sandbox on: a header never starts bubblewrap for nothing.
      if (!enabled.value) return ok({ sandboxed: false, enabled: false, enabledSource: enabled.source, reason: null });
      if (d.confines(row.value.workspace)) return ok({ sandboxed: true, enabled: true, enabledSource: enabled.source, reason: null });
      const a = d.availability();
      return ok({ sandboxed: false, enabled: true, enabledSource: enabled.source, ...(a.available ? { reason: null } : { reason: english(a.reason), reasonMsg: a.reason }) });
    },
  };
}
