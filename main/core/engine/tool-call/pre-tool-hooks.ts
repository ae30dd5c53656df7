import { applyPreToolHooks } from '../../hooks';
import { wrapReason } from '../../policy/context';
import type { AuthorizeVerdict } from '../authorizer';
import type { CallContext } from './call-context';

/**
 * Step 1b, for a call some PreToolUse hook matches: the hooks run with the call on stdin and may tighten the
 * policy's verdict, or answer an ask that comes from the mode alone (hooks/pre-tool.ts). A blocked call runs no
 * hook. Headless, an ask left after the hooks is blocked, as the policy blocks it when no hook is configured.
 */
export async function preToolHooks(c: CallContext, tool: string, input: unknown, verdict: AuthorizeVerdict, headless: boolean): Promise<AuthorizeVerdict> {
  const hooks = c.deps.hooks;
  if (!hooks || verdict.decision === 'blocked') return verdict;
  const at = { session: c.session, prompt: { id: c.prompt.id, ref: c.prompt.ref }, signal: c.signal, force: c.force };
  const runs = await hooks.run('PreToolUse', at, tool, { tool_name: tool, tool_input: input, tool_use_id: c.call.id }, tool);
  if (c.signal.aborted) throw c.signal.reason;
  const after = applyPreToolHooks(verdict, runs, hooks.lockedRules(c.session.workspace));
  if (headless && after.decision === 'needs_approval') {
    return { ...after, decision: 'blocked', ...wrapReason(after, 'reasons.headless') };
  }
  return after;
}
