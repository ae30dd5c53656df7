import type { Msg } from '../../../../shared/i18n/message';
import type { HostEnv } from '../../host-env';
import { createPolicyEngine, type EffectiveMode, type PolicyEngine } from '../../policy';
import { createShellAnalyzer } from '../../policy/shell/analyze';
import type { SessionRow } from '../../store/rows';
import type { Store } from '../../store/store';
import { createCallPreparer, type CallPreparer } from '../../policy/prepare';
import type { SandboxReadiness } from '../../policy/sandbox-decide';

export interface PolicyParts {
  /** Prepares each tool call once: its typed effects and its bash parse, shared by the policy and the conflict gate. */
  preparer: CallPreparer;
  policy: PolicyEngine;
  /** A session's mode as the policy decides with it: a person's pick, else the settings' defaultMode. */
  modeOf: (row: SessionRow) => EffectiveMode;
}

/** The permission engine and the call preparer it decides on. */
export function buildPolicy(d: {
  home: string;
  host: HostEnv;
  store: Store;
  sandbox: () => SandboxReadiness;
  sandboxOff: (sessionId: string, reason: Msg) => void;
}): PolicyParts {
  const { store } = d;
  // One bash parser for the engine: each call's command is parsed once, for the policy and the conflict gate.
  const preparer = createCallPreparer({ home: d.host.home, shell: createShellAnalyzer() });
  // "Allow for this session" answers live in SQLite, so they survive a restart with the session.
  const policy = createPolicyEngine({
    home: d.home,
    host: d.host,
    grants: { list: (sessionId) => store.sessions.listGrants(sessionId), add: (sessionId, rule) => store.sessions.addGrant(sessionId, rule) },
    preparer,
    sandbox: d.sandbox,
    sandboxOff: d.sandboxOff,
  });
  const modeOf = (row: SessionRow): EffectiveMode => policy.sessionMode(row.workspace, row.chosen_mode);
  return { preparer, policy, modeOf };
}
