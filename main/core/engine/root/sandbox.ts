import path from 'node:path';
import type { HostEnv } from '../../host-env';
import type { PolicyEngine } from '../../policy';
import type { SandboxReadiness } from '../../policy/sandbox-decide';
import { probeSandbox, type SandboxAvailability } from '../../sandbox/availability';
import { sessionBashSandbox } from '../../sandbox/bash-sandbox';
import { createCommandSandbox, type CommandSandbox } from '../../sandbox/runtime';
import { readinessOf } from '../../sandbox/readiness';
import type { SessionRow } from '../../store/rows';
import type { Store } from '../../store/store';
import type { BashSandbox } from '../../tools/types';

export interface SandboxParts {
  /** What the probe found: the sandbox's programs, or what is missing and how to install it. */
  availability: () => SandboxAvailability;
  /** The same, as the policy decides with it. */
  readiness: () => SandboxReadiness;
  runtime: CommandSandbox;
}

/**
 * Looks once whether shell commands can be confined here: when first asked (a workspace with the sandbox on, the
 * sandbox view), so an engine that never needs it never starts bubblewrap. The runtime starts at the first
 * confined call.
 */
export function openSandbox(host: HostEnv): SandboxParts {
  let found: SandboxAvailability | null = null;
  const availability = (): SandboxAvailability => (found ??= probeSandbox(host.env));
  const readiness = (): SandboxReadiness => readinessOf(availability());
  return { availability, readiness, runtime: createCommandSandbox() };
}

/** Each open session's own temp folder, under the data folder, so sessions never meet in a shared /tmp. */
export const sessionTmpdir = (home: string, sessionId: string): string => path.join(home, 'sandbox-tmp', sessionId);

/** The folders of the other open sessions: their workspaces and worktrees, which a confined command may not write. */
export function otherSessionFolders(store: Store, sessionId: string): string[] {
  const out: string[] = [];
  for (const s of store.sessions.list(false)) {
    if (s.id === sessionId) continue;
    out.push(s.workspace);
    const wt = store.worktrees.get(s.id);
    if (wt && wt.state !== 'removed') out.push(wt.path);
  }
  return [...new Set(out)];
}

/** Whether a workspace's Bash commands run confined now: the sandbox on in its settings and able to run here. */
export function confinesIn(policy: PolicyEngine, sandbox: SandboxParts): (workspace: string) => boolean {
  return (workspace) => policy.sandboxSettings(workspace).enabled.value && sandbox.readiness().available;
}

/** The Bash sandbox of a session, built for each confined call from the lists in force at that moment. */
export function sessionSandboxes(d: { home: string; store: Store; policy: PolicyEngine; sandbox: SandboxParts }): (session: SessionRow) => BashSandbox {
  return (session) =>
    sessionBashSandbox(
      d.sandbox.runtime,
      d.policy.sandboxPolicy(session.workspace, session.id, {
        tmpdir: sessionTmpdir(d.home, session.id),
        otherFolders: otherSessionFolders(d.store, session.id),
      }),
    );
}
