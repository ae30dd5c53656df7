import type { ConflictKind } from '../../../shared/events';
import type { ConflictContext, RuntimeMessage } from './context';
import { raiseConflict, settleConflict } from './conflict-events';
import { Mailbox } from './mailbox';
import type { SlotLease } from '../kernel/slots';
import { msg, type Msg } from '../../../shared/i18n/message';

export interface RuntimeCall {
  sessionId: string;
  promptId: string;
  signal: AbortSignal;
  /** The turn's concurrency slot, given up while the call waits on another session or a person. */
  lease: SlotLease;
}

export interface RuntimeConflict {
  kind: ConflictKind;
  /** The session named in the event (the first holder when there are several). */
  otherSessionId: string | null;
  /** Prompts whose end would clear the conflict. */
  blockers: string[];
  paths: string[];
  detail: Msg;
  /** The tool error when the call is refused (block, or a wait that cannot happen). */
  refusal: Msg;
}

/** proceed: run the call now; waited: the blockers ended, check again; refused: answer the model with `error`. */
export type RuntimeOutcome = { kind: 'proceed' } | { kind: 'waited' } | { kind: 'refused'; error: Msg };

/** True when one of `blockers` waits, directly or through others, on `me`: waiting would never end. */
export function wouldDeadlock(ctx: ConflictContext, me: string, blockers: readonly string[]): boolean {
  const seen = new Set<string>();
  const stack = [...blockers];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (id === me) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of ctx.waitsFor.get(id) ?? []) stack.push(next);
  }
  return false;
}

/** The refusal of a wait that would never end: the call's own refusal, then why it cannot wait. */
const deadlock = (refusal: Msg): Msg => msg('reasons.deadlock', { refusal });

/** Waits (without holding a concurrency slot) until every blocker has ended. */
async function waitOut(ctx: ConflictContext, call: RuntimeCall, blockers: string[]): Promise<void> {
  ctx.waitsFor.set(call.promptId, new Set(blockers));
  try {
    await call.lease.away(call.signal, () => ctx.ends.waitAll(blockers, call.signal));
  } finally {
    ctx.waitsFor.delete(call.promptId);
  }
}

/**
 * A runtime conflict of one tool call: recorded and published, then answered by `--on-conflict` when headless,
 * or by a person through `conflict.resolve` (the prompt shows status `conflict` meanwhile).
 */
export async function decideRuntime(ctx: ConflictContext, call: RuntimeCall, c: RuntimeConflict): Promise<RuntimeOutcome> {
  const rec = raiseConflict(ctx, {
    sessionId: call.sessionId,
    promptId: call.promptId,
    kind: c.kind,
    otherSessionId: c.otherSessionId,
    blockingPrompts: c.blockers,
    paths: c.paths,
    detail: c.detail,
  });

  const preset = ctx.autoFor(call.promptId);
  if (preset !== null) {
    // A headless run never discards another session's uncommitted work: waiting would not protect it.
    const auto = c.kind === 'git_destructive' && preset === 'wait' ? 'block' : preset;
    if (auto === 'override') {
      settleConflict(ctx, rec, 'override');
      return { kind: 'proceed' };
    }
    if (auto === 'block') {
      settleConflict(ctx, rec, 'block');
      return { kind: 'refused', error: c.refusal };
    }
    if (wouldDeadlock(ctx, call.promptId, c.blockers)) {
      settleConflict(ctx, rec, 'block');
      return { kind: 'refused', error: deadlock(c.refusal) };
    }
    settleConflict(ctx, rec, 'wait');
    await waitOut(ctx, call, c.blockers);
    return { kind: 'waited' };
  }

  return askPerson(ctx, call, c, rec);
}

async function askPerson(
  ctx: ConflictContext,
  call: RuntimeCall,
  c: RuntimeConflict,
  rec: ReturnType<typeof raiseConflict>,
): Promise<RuntimeOutcome> {
  const box = new Mailbox<RuntimeMessage>();
  ctx.mailboxes.set(call.promptId, box);
  // Waiting for a person counts as waiting on the holders, for other sessions' deadlock checks.
  ctx.waitsFor.set(call.promptId, new Set(c.blockers));
  ctx.prompts.transition(call.promptId, 'conflict');
  call.lease.release();
  let stopWatching: (() => void) | null = null;
  try {
    for (;;) {
      const said = await box.take(call.signal);
      if (said === 'override') {
        settleConflict(ctx, rec, 'override');
        return { kind: 'proceed' };
      }
      if (said === 'cancel') {
        settleConflict(ctx, rec, 'cancel');
        ctx.abort(call.promptId, msg('reasons.cancelledByUserAtConflict'));
        throw call.signal.reason;
      }
      if (said === 'ended') return { kind: 'waited' };
      // wait: resolved when the holders end; the person may still override or cancel meanwhile.
      if (wouldDeadlock(ctx, call.promptId, c.blockers)) {
        settleConflict(ctx, rec, 'block');
        return { kind: 'refused', error: deadlock(c.refusal) };
      }
      if (rec.resolution !== 'wait') {
        settleConflict(ctx, rec, 'wait');
        rec.resolution = 'wait';
      }
      stopWatching ??= ctx.ends.whenAllEnded(c.blockers, () => box.push('ended'));
    }
  } finally {
    stopWatching?.();
    ctx.mailboxes.delete(call.promptId);
    ctx.waitsFor.delete(call.promptId);
    // A turn cancelled while in conflict does not wait for a free slot just to end.
    if (!call.signal.aborted) await call.lease.acquire(call.signal);
    if (!call.signal.aborted) ctx.prompts.transition(call.promptId, 'running');
  }
}
