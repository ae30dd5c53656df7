import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { SandboxManager, type SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import { english, msg } from '../../../shared/i18n/message';
import type { SessionSandboxPolicy } from '../policy/sandbox-policy';

/** A command made ready to run confined: the program and arguments to spawn, and its environment. */
export interface WrappedCommand {
  argv: string[];
  env: Record<string, string | undefined>;
  /** The proxy's records of connections it refused this command (`deny network-outbound host:port (reason)`). */
  proxyLines(): string[];
  /** Call when the command has ended (or never started): its network allow list stops applying. */
  release(): void;
}

export interface CommandSandbox {
  /** Wraps `bash -c command` so the OS confines it, and everything it starts, to the session's policy. */
  wrap(command: string, policy: SessionSandboxPolicy, opts: { cwd: string; env: Readonly<Record<string, string | undefined>> }): Promise<WrappedCommand>;
  /** Stops the filtering proxies. */
  close(): Promise<void>;
}

/**
 * What the runtime set for the sandbox itself (proxy variables and the like): it starts from this process's
 * environment, but the command runs with the engine's (whose HOME is the home the policy resolved `~` to).
 */
function addedBySandbox(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) if (process.env[k] !== v) out[k] = v;
  return out;
}

/** Single-quotes a word for bash. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** A host matches a pattern as the sandbox's proxy matches it: exactly, or below a `*.` pattern. */
function matchesHost(host: string, pattern: string): boolean {
  const p = pattern.replace(/:\d+$/, '');
  if (p === '*') return true;
  if (p.startsWith('*.')) return host.endsWith(p.slice(1));
  return host === p;
}

/**
 * The sandbox runtime's manager, which holds one process-wide configuration and its proxies: each command gets
 * the lists of its own session (filesystem rules per wrap, network allows per invocation id), so sessions with
 * different workspaces and settings share the one manager without sharing what they may touch.
 */
export function createCommandSandbox(): CommandSandbox {
  let started: Promise<void> | null = null;
  const base: SandboxRuntimeConfig = {
    network: { allowedDomains: [], deniedDomains: [] },
    filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
  } as SandboxRuntimeConfig;
  // The proxy answers a refused connection with this phrase in its 403, which is what the command (and so the
  // model) reads: English, like everything a tool says to the model.
  const refused = english(msg('sandbox.network.notAllowed'));
  const start = (): Promise<void> => (started ??= SandboxManager.initialize(base, async () => ({ allow: false as const, reason: refused })));

  return {
    async wrap(command, policy, opts) {
      await start();
      mkdirSync(policy.tmpdir, { recursive: true, mode: 0o700 });
      // At least 128 random bits: the proxy binds a connection to an allow list by this id alone.
      const commandId = randomBytes(16).toString('base64url');
      // A session's deny wins over its allow, as it does for WebFetch: such hosts are left out of the allow list.
      const allowed = policy.allowedDomains.filter((d) => !policy.deniedDomains.some((x) => matchesHost(d.replace(/^\*\./, ''), x)));
      SandboxManager.registerCommandNetworkLists(commandId, { allowedDomains: allowed });
      const custom = {
        filesystem: { allowWrite: policy.writeRoots, denyWrite: policy.denyWrite, denyRead: policy.denyRead, allowRead: policy.allowRead },
        network: { allowedDomains: allowed, deniedDomains: policy.deniedDomains, allowLocalBinding: policy.allowLocalBinding, allowUnixSockets: policy.allowUnixSockets },
      } as Partial<SandboxRuntimeConfig>;
      try {
        // TMPDIR is the session's own folder; the runtime's shared default would let sessions meet in /tmp.
        const inner = `export TMPDIR=${shellQuote(policy.tmpdir)}; ${command}`;
        const wrapped = await SandboxManager.wrapWithSandboxArgv(inner, 'bash', custom, undefined, opts.cwd, { commandId, commandText: command });
        return {
          argv: wrapped.argv,
          env: { ...opts.env, ...addedBySandbox(wrapped.env) },
          proxyLines: () => SandboxManager.getSandboxViolationStore().getViolationsForCommand(commandId).map((v) => v.line),
          release: () => SandboxManager.unregisterCommandNetworkLists(commandId),
        };
      } catch (e) {
        SandboxManager.unregisterCommandNetworkLists(commandId);
        throw e;
      }
    },
    async close() {
      if (!started) return;
      await started.catch(() => undefined);
      started = null;
      await SandboxManager.reset();
    },
  };
}
