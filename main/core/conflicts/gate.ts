import type { CallGate as KernelCallGate, GateAnswer, GateCall as KernelGateCall, PrecheckCarry } from '../kernel/call-gate';
import type { PreparedCall } from '../policy/prepare';
import type { ConflictContext } from './context';
import { callEffects, type CallEffects } from './call-effects';
import { raiseConflict, sessionLabel, settleConflict } from './conflict-events';
import { sameVersion, type FileSnapshot, type FileStamp } from './file-stamp';
import { realPathOf } from './real-path';
import type { RuntimeCall } from './runtime-decision';
import { foreignLeases, knowsVersion, settleDestructive, settleLeases, staleError } from './write-checks';
import { english, msg, type Msg } from '../../../shared/i18n/message';

/** The gate reads each call's prepared effects and command. */
type CallGate = KernelCallGate<PreparedCall>;
type GateCall = KernelGateCall<PreparedCall>;
type AfterCall = Parameters<NonNullable<CallGate['afterCall']>>[0];
type PrecheckAnswer = Awaited<ReturnType<NonNullable<CallGate['precheck']>>>;
type WriteEffects = Extract<CallEffects, { kind: 'write' }>;

interface PendingRead {
  kind: 'read';
  /** Each file read, with its version before the call. */
  files: { path: string; pre: FileStamp }[];
}

interface PendingWrite {
  kind: 'write';
  tool: string;
  workspace: string;
  targets: { path: string; before: FileSnapshot; known: FileStamp | undefined }[];
  /** Written in full when the call succeeds (see CallEffects). */
  wholeContent: ReadonlySet<string>;
  release: () => void;
}

const PROCEED: GateAnswer = { proceed: true };
/** A call not run: the model reads the English, people the sentence in their language. */
const refuse = (m: Msg): { proceed: false; error: string; errorMsg: Msg } => ({ proceed: false, error: english(m), errorMsg: m });
const exclusiveKey = (workspace: string): string => `\u0000exclusive:${workspace}`;

export interface ConflictGate extends CallGate {
  /** Before an approval card: the checks that need no approval (see precheck below). */
  precheck(call: GateCall): Promise<PrecheckAnswer>;
  /** Drops what a prompt left behind (a call that never reached afterCall); called when the prompt ends. */
  forget(promptId: string): void;
}

/**
 * The runtime check before and after every tool call: write leases, stale reads, per-path locks around
 * check-and-write, exclusive commands, destructive git; and the change journal after each write. A call that
 * needs approval is prechecked before its card is raised, and checked again under the locks once approved.
 */
export function createConflictGate(ctx: ConflictContext): ConflictGate {
  const pending = new Map<string, PendingRead | PendingWrite>();
  const exclusiveRunning = new Map<string, string>();
  const effectsOf = (call: GateCall, ws: string): CallEffects => callEffects(call.prepared, ctx.exclusivePatterns(ws));

  async function guardWrites(call: GateCall, ws: string, eff: WriteEffects, carried: PrecheckCarry | null): Promise<GateAnswer> {
    if (eff.destructive && !carried?.destructiveOverridden) {
      const d = await settleDestructive(ctx, call, ws, eff.destructive);
      if (typeof d === 'object') return refuse(d.error);
    }
    // Holders already overridden at the precheck are not asked about again.
    const accepted = new Set(carried?.overriddenPrompts ?? []);
    let release: () => void;
    for (;;) {
      const refused = await settleLeases(ctx, call, ws, eff.writes, accepted);
      if (refused !== null) return refuse(refused);
      const keys = eff.exclusive ? [...eff.writes, exclusiveKey(ws)] : eff.writes;
      let announced = false;
      release = await ctx.locks.lockAll(keys, call.promptId, call.signal, (key, holder) => {
        if (key !== exclusiveKey(ws) || announced || !eff.exclusive) return;
        announced = true;
        announceExclusive(call, holder, eff.exclusive);
      });
      // A lease taken while this call waited for the lock is a new conflict.
      if (foreignLeases(ctx, eff.writes, call.sessionId, accepted).size === 0) break;
      release();
    }
    if (eff.exclusive) exclusiveRunning.set(call.promptId, eff.exclusive);
    try {
      const targets: PendingWrite['targets'] = [];
      for (const path of eff.writes) {
        targets.push({ path, before: await ctx.files.snapshot(path), known: ctx.stamps.get(call.sessionId, path) });
      }
      for (const t of targets) {
        if (!eff.mustKnow.has(t.path) || knowsVersion(t.before.stamp, t.before.special, t.known)) continue;
        const error = staleError(ctx, call, ws, t.path, t.known, t.before.stamp);
        exclusiveRunning.delete(call.promptId);
        release();
        return refuse(error);
      }
      const releaseAll = (): void => {
        exclusiveRunning.delete(call.promptId);
        release();
      };
      pending.set(call.promptId, {
        kind: 'write',
        tool: call.prepared.name,
        workspace: ws,
        targets,
        wholeContent: eff.wholeContent,
        release: releaseAll,
      });
      return PROCEED;
    } catch (e) {
      exclusiveRunning.delete(call.promptId);
      release();
      throw e;
    }
  }

  /**
   * The checks that need neither the call's approval nor the per-path locks, run before an approval card is
   * raised (conflicts come before approval): destructive git over others' uncommitted edits, other
   * sessions' leases (each may raise its own conflict card and wait), and stale reads. Nothing is locked or
   * written here; beforeCall repeats the checks under the locks once the call is approved, given the returned
   * carry so that the person is not asked twice about the same holders.
   */
  async function precheck(call: GateCall): Promise<PrecheckAnswer> {
    const ws = realPathOf(call.prepared.workspace);
    const eff = effectsOf(call, ws);
    const carry = (accepted: Set<string>, destructiveOverridden: boolean): PrecheckAnswer => ({
      proceed: true,
      carry: { promptId: call.promptId, callId: call.callId, overriddenPrompts: [...accepted], destructiveOverridden },
    });
    if (eff.kind !== 'write') return carry(new Set(), false);
    let destructiveOverridden = false;
    if (eff.destructive) {
      const d = await settleDestructive(ctx, call, ws, eff.destructive);
      if (typeof d === 'object') return refuse(d.error);
      destructiveOverridden = d === 'overridden';
    }
    const accepted = new Set<string>();
    const refused = await settleLeases(ctx, call, ws, eff.writes, accepted);
    if (refused !== null) return refuse(refused);
    // A file the session does not know now cannot become known while the call waits for approval (this turn
    // is blocked meanwhile), so a stale read found here is final.
    for (const path of eff.writes) {
      if (!eff.mustKnow.has(path)) continue;
      const snap = await ctx.files.versionOf(path);
      const known = ctx.stamps.get(call.sessionId, path);
      if (!knowsVersion(snap.stamp, snap.special, known)) return refuse(staleError(ctx, call, ws, path, known, snap.stamp));
    }
    return carry(accepted, destructiveOverridden);
  }

  function announceExclusive(call: RuntimeCall, holderPrompt: string, command: string): void {
    const holder = ctx.store.prompts.get(holderPrompt);
    const theirs = exclusiveRunning.get(holderPrompt);
    const detail = msg('reasons.exclusiveWaits', {
      command: `\`${command}\``,
      who: sessionLabel(ctx, holder?.session_id ?? null),
      theirs: theirs ? `\`${theirs}\`` : msg('reasons.aCommand'),
    });
    const rec = raiseConflict(ctx, {
      sessionId: call.sessionId,
      promptId: call.promptId,
      kind: 'exclusive_command',
      otherSessionId: holder?.session_id ?? null,
      blockingPrompts: holder ? [holder.id] : [],
      paths: [],
      detail,
    });
    settleConflict(ctx, rec, 'wait');
  }

  async function settleWrite(call: AfterCall, p: PendingWrite): Promise<void> {
    for (const t of p.targets) {
      const after = await ctx.files.versionOf(t.path);
      if (after.special) continue;
      const changed = after.stamp.sha256 !== t.before.stamp.sha256;
      if (changed) {
        ctx.cstore.addJournal(
          { sessionId: call.sessionId, promptId: call.promptId, tool: p.tool, workspace: p.workspace, path: t.path, beforeSha: t.before.stamp.sha256, afterSha: after.stamp.sha256 },
          t.before.content,
        );
        ctx.leases.grant(t.path, { sessionId: call.sessionId, promptId: call.promptId });
      }
      // The session knows the new version when it wrote all of it (Write), or changed a version it knew
      // (Edit after the stale check; a shell command on a file it had read or that did not exist).
      const knewBefore = t.before.stamp.sha256 === null || (t.known !== undefined && sameVersion(t.known, t.before.stamp));
      const knowsNow = (call.ok && p.wholeContent.has(t.path)) || (changed && knewBefore);
      if (knowsNow && after.stamp.sha256 !== null) ctx.stamps.set(call.sessionId, t.path, after.stamp);
      else if (changed) ctx.stamps.forget(call.sessionId, t.path);
    }
  }

  return {
    precheck,

    async beforeCall(call, prechecked) {
      const ws = realPathOf(call.prepared.workspace);
      const eff = effectsOf(call, ws);
      switch (eff.kind) {
        case 'none':
          return PROCEED;
        case 'read': {
          const files = [];
          for (const path of eff.paths) files.push({ path, pre: await ctx.files.stamp(path) });
          pending.set(call.promptId, { kind: 'read', files });
          return PROCEED;
        }
        case 'write': {
          // Only the call that was prechecked inherits its overrides.
          const mine = prechecked !== null && prechecked.promptId === call.promptId && prechecked.callId === call.callId;
          return guardWrites(call, ws, eff, mine ? prechecked : null);
        }
        default: {
          const never: never = eff;
          return never;
        }
      }
    },

    async afterCall(call) {
      const p = pending.get(call.promptId);
      if (!p) return;
      pending.delete(call.promptId);
      if (p.kind === 'read') {
        if (!call.ok) return;
        // Recorded only when the file did not change while it was read, so the model saw exactly this version.
        for (const f of p.files) {
          const post = await ctx.files.stamp(f.path);
          if (post.sha256 !== null && sameVersion(f.pre, post)) ctx.stamps.set(call.sessionId, f.path, post);
        }
        return;
      }
      try {
        await settleWrite(call, p);
      } catch (e) {
        console.error('paragents: recording a write failed:', e);
      } finally {
        p.release();
      }
    },

    forget(promptId) {
      const p = pending.get(promptId);
      pending.delete(promptId);
      if (p?.kind === 'write') p.release();
      exclusiveRunning.delete(promptId);
    },
  };
}
