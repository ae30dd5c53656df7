import type { HostEnv } from '../../host-env';
import { HookApprovals, HookConfig, HookRunner, type HookConfiner } from '../../hooks';
import type { EventBus } from '../../kernel/event-bus';
import type { PolicyEngine } from '../../policy';
import { managedSettingsPath } from '../../policy/settings/sources';

export interface HookParts {
  /** The hook commands a person approved, per workspace. */
  approvals: HookApprovals;
  config: HookConfig;
  runner: HookRunner;
}

/**
 * The settings' hooks: project hooks run once the workspace is trusted and a person approved their commands, and
 * where `confine` places them (confined by the OS sandbox where the workspace turns it on).
 */
export function buildHooks(d: {
  home: string;
  host: HostEnv;
  policy: PolicyEngine;
  bus: EventBus;
  /** Where a project hook runs, and whether a workspace's run confined (the sandbox's parts, from the root). */
  confine?: HookConfiner;
  confines?: (workspace: string) => boolean;
}): HookParts {
  const { policy } = d;
  const approvals = new HookApprovals(d.home);
  const config = new HookConfig({ home: d.home, managedFile: managedSettingsPath(undefined, d.host.env), isTrusted: (w) => policy.isTrusted(w), approvals, confines: d.confines });
  const runner = new HookRunner({ config, host: d.host, emit: (draft) => d.bus.emit(draft), modeOf: (s) => policy.sessionMode(s.workspace, s.chosen_mode).mode, confine: d.confine });
  return { approvals, config, runner };
}
