import { msg } from '../../../../shared/i18n/message';
import type { HookConfiner } from '../../hooks';
import type { PolicyEngine } from '../../policy';
import type { Store } from '../../store/store';
import { confinesIn, otherSessionFolders, sessionTmpdir, type SandboxParts } from './sandbox';

/**
 * Where a session's project hooks run: where its Bash commands run confined, confined the same way (the session's
 * lists built at that moment: its folders, its temp folder, the other open sessions' folders denied); where the
 * sandbox is on but cannot run, as they are, unless the settings require it (`failIfUnavailable`), which keeps them
 * from running with the sentence a refused Bash call gets.
 */
export function confineHooks(d: { home: string; store: Store; policy: PolicyEngine; sandbox: SandboxParts }): HookConfiner {
  const confines = confinesIn(d.policy, d.sandbox);
  return async (command, session, run) => {
    if (confines(session.workspace)) {
      const lists = d.policy.sandboxPolicy(session.workspace, session.id, {
        tmpdir: sessionTmpdir(d.home, session.id),
        otherFolders: otherSessionFolders(d.store, session.id),
      });
      const wrapped = await d.sandbox.runtime.wrap(command, lists, run);
      return { kind: 'confined', argv: wrapped.argv, env: wrapped.env, release: wrapped.release };
    }
    const settings = d.policy.sandboxSettings(session.workspace);
    const ready = d.sandbox.readiness();
    if (settings.enabled.value && settings.failIfUnavailable.value && !ready.available) {
      return { kind: 'refused', reason: msg('sandbox.decision.mustRun', { reason: ready.reason }) };
    }
    return { kind: 'open' };
  };
}
