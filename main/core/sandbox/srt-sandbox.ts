import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { SandboxManager as Manager, SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import { english, msg } from '../../../shared/i18n/message';
import type { SessionSandboxPolicy } from '../policy/sandbox-policy';
import { matchesHost } from './net/host-lists';
import type { CommandSandbox } from './runtime';
import { shellQuote } from './shell-quote';

/**
 * What the runtime set for the sandbox itself (proxy variables and the like): it starts from this process's
 * environment, but the command runs with the engine's (whose HOME is the home the policy resolved `~` to).
 */
function addedBySandbox(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) if (process.env[k] !== v) out[k] = v;
  return out;
}

/** The lists of one session as the sandbox runtime's configuration (what macOS and Windows enforce). */
export function srtConfigFor(policy: SessionSandboxPolicy): Pick<SandboxRuntimeConfig, 'filesystem' | 'network'> {
  // A session's deny wins over its allow, as it does for WebFetch: such hosts are left out of the allow list.
  const allowed = policy.allowedDomains.filter((d) => !policy.deniedDomains.some((x) => matchesHost(d.replace(/^\*\./, ''), 0, x.replace(/:\d+$/, ''))));
  return {
    filesystem: { allowWrite: policy.writeRoots, denyWrite: policy.denyWrite, denyRead: policy.denyRead, allowRead: policy.allowRead },
    network: { allowedDomains: allowed, deniedDomains: policy.deniedDomains, allowLocalBinding: policy.allowLocalBinding, allowUnixSockets: policy.allowUnixSockets },
  } as Pick<SandboxRuntimeConfig, 'filesystem' | 'network'>;
}

/**
 * The sandbox runtime's manager, which holds one process-wide configuration and its proxies: each command gets
 * the lists of its own session (filesystem rules per wrap, network allows per invocation id), so sessions with
 * different workspaces and settings share the one manager without sharing what they may touch.
 */
export function createSrtSandbox(): CommandSandbox {
  let started: Promise<typeof Manager> | null = null;
  const base: SandboxRuntimeConfig = {
    network: { allowedDomains: [], deniedDomains: [] },
    filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
  } as SandboxRuntimeConfig;
  // The proxy answers a refused connection with this phrase in its 403, which is what the command (and so the
  // model) reads: English, like everything a tool says to the model.
  const refused = english(msg('sandbox.network.notAllowed'));
  // The runtime (and its proxy's TLS library) loads at the first sandboxed command, not when the engine starts.
  const start = (): Promise<typeof Manager> =>
    (started ??= import('@anthropic-ai/sandbox-runtime').then(async ({ SandboxManager }) => {
      await SandboxManager.initialize(base, async () => ({ allow: false as const, reason: refused }));
      return SandboxManager;
    }));

  return {
    async wrap(command, policy, opts) {
      const SandboxManager = await start();
      mkdirSync(policy.tmpdir, { recursive: true, mode: 0o700 });
      // At least 128 random bits: the proxy binds a connection to an allow list by this id alone.
      const commandId = randomBytes(16).toString('base64url');
      const custom = srtConfigFor(policy);
      SandboxManager.registerCommandNetworkLists(commandId, { allowedDomains: custom.network.allowedDomains });
      try {
        // TMPDIR is the session's own folder; the runtime's shared default would let sessions meet in /tmp.
        const inner = `export TMPDIR=${shellQuote(policy.tmpdir)}; ${command}`;
        const wrapped = await SandboxManager.wrapWithSandboxArgv(inner, 'bash', custom as Partial<SandboxRuntimeConfig>, undefined, opts.cwd, { commandId, commandText: command });
        return {
          argv: wrapped.argv,
          env: { ...opts.env, ...addedBySandbox(wrapped.env) },
          proxyLines: () => SandboxManager.getSandboxViolationStore().getViolationsForCommand(commandId).map((v) => v.line),
          // Seatbelt and the Windows account refuse a missing protected file's creation themselves.
          removedFiles: () => [],
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
      const { SandboxManager } = await import('@anthropic-ai/sandbox-runtime');
      await SandboxManager.reset();
    },
  };
}
