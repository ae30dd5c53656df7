import type { PolicyDecision } from '../../../../shared/policy';
import { reasonMsgOf, wrapReason } from '../../policy/context';
import type { ParsedApproval } from '../../store/rows';
import type { PreparedCall } from '../../policy/prepare';
import type { AuthorizeVerdict } from '../authorizer';
import type { ApprovalsMode } from '../turn-context';
import { runOptionsOf } from '../run-options';
import { answered, goOn, type CallContext, type StepOutcome } from './call-context';
import { preToolHooks } from './pre-tool-hooks';
import { english, msg } from '../../../../shared/i18n/message';
import { blockedAnswer } from './answers';
import { contractAsk, isolationRefusal } from '../agents/isolation';

export type Verdict = AuthorizeVerdict | PolicyDecision;

export interface Decided {
  prepared: PreparedCall;
  verdict: Verdict;
  /** An approval an earlier run of this turn raised for this call (it survives restarts). */
  pendingApproval: ParsedApproval | null;
  /** The policy placed the call in the OS sandbox (a Bash command that runs confined); absent: it did not. */
  sandboxed?: boolean;
}

export function stripVerdict(v: Verdict): PolicyDecision {
  // A step after the policy (a hook) may have rewritten the English alone: its Msg then no longer says it.
  const reasonMsg = reasonMsgOf(v);
  return { decision: v.decision, rule: v.rule, source: v.source, reason: v.reason, ...(reasonMsg ? { reasonMsg } : {}) };
}

/** Headless runs answer "ask" themselves: `--approve all` approves it, `--approve never` blocks it. */
export function applyApprovalsMode(verdict: AuthorizeVerdict, mode: ApprovalsMode): AuthorizeVerdict {
  if (verdict.decision !== 'needs_approval') return verdict;
  switch (mode) {
    case 'ask':
      return verdict;
    case 'all':
      return { ...verdict, decision: 'auto_approved', source: 'cli', ...wrapReason(verdict, 'reasons.approvedAll') };
    case 'never':
      return { ...verdict, decision: 'blocked', source: 'cli', ...wrapReason(verdict, 'reasons.approveNever') };
    default: {
      const never: never = mode;
      throw new Error(`unknown approvals mode ${String(never)}`);
    }
  }
}

/**
 * A child's bounds on top of the policy: a write into its parent's checkout or a sibling's worktree is refused, and a
 * write outside its declared outputs asks (never silently allowed, whatever the mode said).
 */
function childBounds(c: CallContext, prepared: PreparedCall, verdict: AuthorizeVerdict, headless: boolean): AuthorizeVerdict {
  if (verdict.decision === 'blocked' || !c.session.parent_id) return verdict;
  const fenced = isolationRefusal(c.deps.store, c.session, prepared);
  if (fenced) return { ...verdict, decision: 'blocked', rule: null, source: 'builtin', reason: english(fenced), reasonMsg: fenced, alwaysRule: null, alwaysRules: [] };
  const outside = verdict.decision === 'auto_approved' ? contractAsk(c.deps.store, c.session, prepared) : null;
  if (!outside) return verdict;
  if (headless) return { ...verdict, decision: 'blocked', rule: null, source: 'cli', reason: english(outside), reasonMsg: outside, alwaysRule: null, alwaysRules: [] };
  return { ...verdict, decision: 'needs_approval', rule: null, source: 'builtin', reason: english(outside), reasonMsg: outside, alwaysRule: null, alwaysRules: [], onlyModeAsks: false };
}

/**
 * Step 1: what the call is and what the policy says about it. A call an earlier process left mid-run is never run
 * again; an unparsable or blocked call is answered here.
 */
export async function decideCall(c: CallContext): Promise<StepOutcome<Decided>> {
  const { deps, session, call, record } = c;
  const previous = record.previous;
  // An Agent call awaits a child that is its own session: resumed, it awaits that child again (never a second one).
  const awaitsChild = call.function.name === 'Agent' && deps.agents?.hasChild(session.id, call.id) === true;
  if (previous?.status === 'running' && !awaitsChild) {
    // Started in a process that stopped: its effects are unknown, so it is not run a second time.
    const interrupted = msg('notices.error.interrupted');
    record.answerUndecided(english(interrupted), interrupted);
    return answered;
  }

  const parsed = deps.tools.parse(call.function.name, call.function.arguments);
  if (!parsed.ok) {
    record.answerUndecided(parsed.error.message);
    return answered;
  }
  const { tool, input } = parsed.value;
  // Effects and the parsed shell command, made once and read by both the policy and the conflict gate.
  const prepared = await deps.tools.prepare(tool, input, session.workspace);

  const pendingApproval = previous?.status === 'waiting_approval' ? (deps.store.approvals.forToolCall(previous.id) ?? null) : null;
  let verdict: Verdict;
  let sandboxed = false;
  if (pendingApproval) {
    verdict = pendingApproval.decision;
    // The stored decision predates this start: where the call runs is asked again, so an approval answered after
    // a restart still runs the command confined when the sandbox is on.
    sandboxed = prepared.name === 'Bash' && (await deps.authorizer.decide({ call: prepared, sessionId: session.id, mode: session.chosen_mode ?? undefined, headless: false })).sandboxed === true;
  } else {
    // Read at each call: `prompt.resume` may have given the prompt other options since its turn began.
    const run = runOptionsOf(deps.store.prompts.get(c.prompt.id) ?? c.prompt, deps);
    // `--approve all` answers "ask" itself, so the policy must not turn it into a block first.
    const headless = run.headless && run.approvals !== 'all';
    const hooked = deps.hooks?.has(session.workspace, 'PreToolUse', tool.name) ?? false;
    const decided = await deps.authorizer.decide({
      call: prepared,
      sessionId: session.id,
      // Unset: the policy takes the settings' defaultMode (a session follows them until a person picks a mode).
      mode: session.chosen_mode ?? undefined,
      // With PreToolUse hooks the headless block comes after them (pre-tool-hooks.ts): a hook may answer the ask.
      headless: headless && !hooked,
    });
    verdict = applyApprovalsMode(childBounds(c, prepared, hooked ? await preToolHooks(c, tool.name, input, decided, headless) : decided, headless), run.approvals);
    record.decided(tool.name, input, stripVerdict(verdict));
    sandboxed = 'sandboxed' in verdict && verdict.sandboxed === true;
  }

  if (verdict.decision === 'blocked') {
    record.refuse(blockedAnswer(verdict));
    return answered;
  }
  return goOn({ prepared, verdict, pendingApproval, sandboxed });
}
