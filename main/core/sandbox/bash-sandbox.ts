import type { SessionSandboxPolicy } from '../policy/sandbox-policy';
import type { BashSandbox } from '../tools/types';
import { findRefusals } from './refusals';
import type { AskNetwork, CommandSandbox } from './runtime';

/**
 * The Bash tool's sandbox for one call of one session: the runtime, held to that session's lists, asking a person
 * (through `askNetwork`) about a host they do not name.
 */
export function sessionBashSandbox(runtime: CommandSandbox, policy: SessionSandboxPolicy, askNetwork?: AskNetwork): BashSandbox {
  return {
    async confine(command, opts) {
      const wrapped = await runtime.wrap(command, policy, { ...opts, ...(askNetwork ? { askNetwork } : {}) });
      return {
        argv: wrapped.argv,
        env: wrapped.env,
        refusals: (output) => [
          ...findRefusals(output, { cwd: opts.cwd, denyRead: policy.denyRead, denyWrite: policy.denyWrite, proxyLines: wrapped.proxyLines() }),
          ...wrapped.removedFiles().map((target) => ({ kind: 'write' as const, target })),
        ],
        release: wrapped.release,
      };
    },
  };
}
