import type { SessionSandboxPolicy } from '../policy/sandbox-policy';
import type { BashSandbox } from '../tools/types';
import { findRefusals } from './refusals';
import type { CommandSandbox } from './runtime';

/** The Bash tool's sandbox for one call of one session: the runtime, held to that session's lists. */
export function sessionBashSandbox(runtime: CommandSandbox, policy: SessionSandboxPolicy): BashSandbox {
  return {
    async confine(command, opts) {
      const wrapped = await runtime.wrap(command, policy, opts);
      return {
        argv: wrapped.argv,
        env: wrapped.env,
        refusals: (output) => findRefusals(output, { cwd: opts.cwd, denyRead: policy.denyRead, denyWrite: policy.denyWrite, proxyLines: wrapped.proxyLines() }),
        release: wrapped.release,
      };
    },
  };
}
