import { createHash } from 'node:crypto';
import path from 'node:path';
import { english, msg, type Msg } from '../../../../shared/i18n/message';
import type { EventBus } from '../../kernel/event-bus';
import { MsgError } from '../../../../shared/msg-error';
import type { StdioConfiner } from '../../mcp/connect';
import type { HostEnv } from '../../host-env';
import type { PolicyEngine } from '../../policy';
import type { SandboxReadiness } from '../../policy/sandbox-decide';
import { probeSandbox, type SandboxAvailability } from '../../sandbox/availability';
import { sessionBashSandbox } from '../../sandbox/bash-sandbox';
import { createCommandSandbox, shellQuote, type AskNetwork, type CommandSandbox } from '../../sandbox/runtime';
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
  return { availability, readiness, runtime: createCommandSandbox(availability) };
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

/**
 * Confines an MCP server whose entry asks for it: it may write only in its own folder and a temp folder of its
 * own, reach only the hosts its entry lists, and read what the settings of its folder let commands read.
 */
export function confineServer(d: { home: string; policy: PolicyEngine; sandbox: SandboxParts }): StdioConfiner {
  return async (launch, allowedDomains) => {
    const ready = d.sandbox.readiness();
    if (!ready.available) throw new MsgError(msg('sandbox.mcp.unavailable', { reason: ready.reason }));
    // One per server (its folder, command and hosts): the temp folder also names the network it is kept in.
    const key = JSON.stringify([launch.cwd, launch.command, launch.args, [...allowedDomains]]);
    const tmpdir = path.join(d.home, 'sandbox-tmp', `mcp-${createHash('sha256').update(key).digest('hex').slice(0, 12)}`);
    const lists = d.policy.sandboxPolicy(launch.cwd, null, { tmpdir, otherFolders: [] });
    const own = { ...lists, writeRoots: [launch.cwd, tmpdir], allowedDomains: [...allowedDomains] };
    const wrapped = await d.sandbox.runtime.wrap([launch.command, ...launch.args].map(shellQuote).join(' '), own, { cwd: launch.cwd, env: launch.env });
    const [command, ...args] = wrapped.argv;
    return { command: command as string, args, env: wrapped.env, cwd: launch.cwd, release: wrapped.release };
  };
}

/**
 * Says once per engine start why the sandbox is off where the settings turn it on (what is missing and the
 * command installing it): a `sandbox_off` event for the first session whose Bash call meets it, not one per call.
 */
export function sandboxOffNotice(bus: Pick<EventBus, 'emit'>): (sessionId: string, reason: Msg) => void {
  let said = false;
  return (sessionId, reason) => {
    if (said) return;
    said = true;
    bus.emit({ type: 'sandbox_off', sessionId, promptId: null, reason: english(reason), reasonMsg: reason });
  };
}

/** Whether a workspace's Bash commands run confined now: the sandbox on in its settings and able to run here. */
export function confinesIn(policy: PolicyEngine, sandbox: SandboxParts): (workspace: string) => boolean {
  return (workspace) => policy.sandboxSettings(workspace).enabled.value && sandbox.readiness().available;
}

/** The Bash sandbox of a session, built for each confined call from the lists in force at that moment. */
export function sessionSandboxes(d: { home: string; store: Store; policy: PolicyEngine; sandbox: SandboxParts }): (session: SessionRow, askNetwork?: AskNetwork) => BashSandbox {
  return (session, askNetwork) =>
    sessionBashSandbox(
      d.sandbox.runtime,
      d.policy.sandboxPolicy(session.workspace, session.id, {
        tmpdir: sessionTmpdir(d.home, session.id),
        otherFolders: otherSessionFolders(d.store, session.id),
      }),
      askNetwork,
    );
}
