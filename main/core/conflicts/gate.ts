import type { CallGate } from '../engine/turn-context';
import { isTerminal } from '../../../shared/status';
import type { ConflictContext } from './context';
import { bashEffects } from './bash-effects';
import { raiseConflict, sessionLabel, settleConflict } from './conflict-events';
import { sameVersion, snapshotFile, stampFile, type FileSnapshot, type FileStamp } from './file-stamp';
import { gitDirtyPaths } from './git-dirty';
import { realPathOf, shownPath } from './real-path';
import { decideRuntime, type RuntimeCall } from './runtime-decision';

type BeforeCall = Parameters<CallGate['beforeCall']>[0];
type AfterCall = Parameters<NonNullable<CallGate['afterCall']>>[0];
type GateAnswer = Awaited<ReturnType<CallGate['beforeCall']>>;

interface PendingRead {
  kind: 'read';
  path: string;
  pre: FileStamp;
}

interface PendingWrite {
  kind: 'write';
  tool: string;
  workspace: string;
  targets: { path: string; before: FileSnapshot; known: FileStamp | undefined }[];
  release: () => void;
}

const PROCEED: GateAnswer = { proceed: true };
const exclusiveKey = (workspace: string): string => `\u0000exclusive:${workspace}`;

export interface ConflictGate extends CallGate {
  /** Drops what a prompt left behind (a call that never reached afterCall); called when the prompt ends. */
  forget(promptId: string): void;
}

/**
 * The runtime check before and after every tool call: write leases, stale reads, per-path locks around
 * check-and-write, exclusive commands, destructive git; and the change journal after each write.
 */
export function createConflictGate(ctx: ConflictContext): ConflictGate {
  const pending = new Map<string, PendingRead | PendingWrite>();
  const exclusiveRunning = new Map<string, string>();

  async function guardDestructive(call: RuntimeCall, ws: string, command: string): Promise<string | null> {
    for (;;) {
      const git = await gitDirtyPaths(ws);
      if (!git) return null;
      const bySession = new Map<string, string[]>();
      for (const w of ctx.cstore.latestWritersUnder(git.root)) {
        if (w.sessionId === call.sessionId || !git.dirty.has(w.path)) continue;
        bySession.set(w.sessionId, [...(bySession.get(w.sessionId) ?? []), w.path]);
      }
      if (bySession.size === 0) return null;
      const sessions = [...bySession.keys()];
      const blockers = sessions.flatMap((s) => ctx.store.listPrompts(s).filter((p) => !isTerminal(p.status)).map((p) => p.id));
      const paths = [...bySession.values()].flat().map((p) => shownPath(ws, p));
      const detail = `\`${command}\` would discard uncommitted changes by ${sessions.map((s) => sessionLabel(ctx, s)).join(', ')} in ${paths.join(', ')}`;
      const outcome = await decideRuntime(ctx, call, {
        kind: 'git_destructive',
        otherSessionId: sessions[0] ?? null,
        blockers,
        paths,
        detail,
        refusal: `${detail}, so it was not run. Leave those changes alone (use a command that does not touch them) or ask the user to commit them first.`,
      });
      if (outcome.kind === 'proceed') return null;
      if (outcome.kind === 'refused') return outcome.error;
    }
  }

  /** Other sessions' leases on `writes`, by holding prompt, leaving out holders this call may override. */
  function foreignLeases(writes: string[], sessionId: string, accepted: Set<string>): Map<string, { sessionId: string; paths: string[] }> {
    const held = new Map<string, { sessionId: string; paths: string[] }>();
    for (const p of writes) {
      const lease = ctx.leases.foreign(p, sessionId);
      if (!lease || accepted.has(lease.promptId)) continue;
      const entry = held.get(lease.promptId) ?? { sessionId: lease.sessionId, paths: [] };
      entry.paths.push(p);
      held.set(lease.promptId, entry);
    }
    return held;
  }

  function staleError(call: RuntimeCall, ws: string, path: string, known: FileStamp | undefined, now: FileStamp): string {
    const shown = shownPath(ws, path);
    const last = ctx.cstore.latestFor(path);
    const writer = last && last.sessionId !== call.sessionId && last.afterSha === now.sha256 ? last.sessionId : null;
    const by = writer ? `modified by ${sessionLabel(ctx, writer)}` : 'modified outside Paragents, e.g. in an editor';
    const error = known
      ? `${shown} changed since you read it (${by}); Read it again before writing, then redo your change on the current content.`
      : `${shown} already exists and you have not read it in this session; Read it first, then write, so that no one's changes are lost.`;
    const rec = raiseConflict(ctx, {
      sessionId: call.sessionId,
      promptId: call.promptId,
      kind: 'stale_read',
      otherSessionId: writer,
      blockingPrompts: [],
      paths: [shown],
      detail: error,
    });
    settleConflict(ctx, rec, 'block');
    return error;
  }

  async function guardWrites(
    call: BeforeCall,
    ws: string,
    writes: string[],
    opts: { staleCheck: boolean; exclusive: string | null; destructive: string | null },
  ): Promise<GateAnswer> {
    if (opts.destructive) {
      const refused = await guardDestructive(call, ws, opts.destructive);
      if (refused) return { proceed: false, error: refused };
    }
    const accepted = new Set<string>();
    let release: () => void;
    for (;;) {
      const held = foreignLeases(writes, call.sessionId, accepted);
      if (held.size > 0) {
        const first = [...held.values()][0] as { sessionId: string; paths: string[] };
        const paths = [...new Set([...held.values()].flatMap((h) => h.paths))].map((p) => shownPath(ws, p));
        const owners = [...new Set([...held.values()].map((h) => sessionLabel(ctx, h.sessionId)))].join(', ');
        const outcome = await decideRuntime(ctx, call, {
          kind: 'write_write',
          otherSessionId: first.sessionId,
          blockers: [...held.keys()],
          paths,
          detail: `${paths.join(', ')} ${paths.length === 1 ? 'is' : 'are'} being written by ${owners} (leased until its turn ends)`,
          refusal:
            `${paths.join(', ')} ${paths.length === 1 ? 'is' : 'are'} being changed by ${owners} in its current turn, so this write was not done. ` +
            'Work on other files, or end your turn and let the user decide.',
        });
        if (outcome.kind === 'refused') return { proceed: false, error: outcome.error };
        if (outcome.kind === 'proceed') for (const id of held.keys()) accepted.add(id);
        continue;
      }
      const keys = opts.exclusive ? [...writes, exclusiveKey(ws)] : writes;
      let announced = false;
      release = await ctx.locks.lockAll(keys, call.promptId, call.signal, (key, holder) => {
        if (key !== exclusiveKey(ws) || announced || !opts.exclusive) return;
        announced = true;
        announceExclusive(call, holder, opts.exclusive);
      });
      // A lease taken while this call waited for the lock is a new conflict.
      if (foreignLeases(writes, call.sessionId, accepted).size === 0) break;
      release();
    }
    if (opts.exclusive) exclusiveRunning.set(call.promptId, opts.exclusive);
    try {
      const targets: PendingWrite['targets'] = [];
      for (const path of writes) {
        targets.push({ path, before: await snapshotFile(path), known: ctx.stamps.get(call.sessionId, path) });
      }
      if (opts.staleCheck) {
        for (const t of targets) {
          if (t.before.stamp.sha256 === null || t.before.special) continue;
          if (t.known && sameVersion(t.known, t.before.stamp)) continue;
          const error = staleError(call, ws, t.path, t.known, t.before.stamp);
          exclusiveRunning.delete(call.promptId);
          release();
          return { proceed: false, error };
        }
      }
      const releaseAll = (): void => {
        exclusiveRunning.delete(call.promptId);
        release();
      };
      pending.set(call.promptId, { kind: 'write', tool: call.tool.name, workspace: ws, targets, release: releaseAll });
      return PROCEED;
    } catch (e) {
      exclusiveRunning.delete(call.promptId);
      release();
      throw e;
    }
  }

  function announceExclusive(call: RuntimeCall, holderPrompt: string, command: string): void {
    const holder = ctx.store.getPrompt(holderPrompt);
    const theirs = exclusiveRunning.get(holderPrompt);
    const detail =
      `\`${command}\` waits: ${sessionLabel(ctx, holder?.session_id ?? null)} is running ` +
      `${theirs ? `\`${theirs}\`` : 'a command'} in this folder, and installs and git index commands run one at a time`;
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
      const after = await snapshotFile(t.path);
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
      const knowsNow = (call.ok && p.tool === 'Write') || (changed && knewBefore);
      if (knowsNow && after.stamp.sha256 !== null) ctx.stamps.set(call.sessionId, t.path, after.stamp);
      else if (changed) ctx.stamps.forget(call.sessionId, t.path);
    }
  }

  return {
    async beforeCall(call) {
      const ws = realPathOf(call.workspace);
      const effects = call.tool.effects(call.input, { workspace: call.workspace });
      switch (call.tool.name) {
        case 'Read': {
          const target = effects.reads[0];
          if (!target) return PROCEED;
          const path = realPathOf(target);
          pending.set(call.promptId, { kind: 'read', path, pre: await stampFile(path) });
          return PROCEED;
        }
        case 'Write':
        case 'Edit':
          return guardWrites(call, ws, [...new Set(effects.writes.map(realPathOf))], { staleCheck: true, exclusive: null, destructive: null });
        case 'Bash': {
          const be = bashEffects(effects.command ?? '', call.workspace, ctx.exclusivePatterns(ws));
          if (be.writes.length === 0 && !be.exclusive && !be.destructiveGit) return PROCEED;
          const writes = [...new Set(be.writes.map(realPathOf))];
          return guardWrites(call, ws, writes, { staleCheck: false, exclusive: be.exclusive, destructive: be.destructiveGit });
        }
        default:
          return PROCEED;
      }
    },

    async afterCall(call) {
      const p = pending.get(call.promptId);
      if (!p) return;
      pending.delete(call.promptId);
      if (p.kind === 'read') {
        if (!call.ok) return;
        // Recorded only when the file did not change while it was read, so the model saw exactly this version.
        const post = await stampFile(p.path);
        if (post.sha256 !== null && sameVersion(p.pre, post)) ctx.stamps.set(call.sessionId, p.path, post);
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
