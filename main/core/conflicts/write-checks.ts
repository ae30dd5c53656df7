import { isTerminal } from '../../../shared/status';
import type { ConflictContext } from './context';
import { listOf, raiseConflict, sessionLabel, sessionsLabel, settleConflict } from './conflict-events';
import { sameVersion, type FileStamp } from './file-stamp';
import { gitDirtyPaths } from './git-dirty';
import { shownPath } from './real-path';
import { decideRuntime, type RuntimeCall } from './runtime-decision';
import { msg, type Msg } from '../../../shared/i18n/message';

/** The runtime checks of a write that need no lock: other sessions' leases, destructive git, stale reads. */

/** Other sessions' leases on `writes`, by holding prompt, leaving out holders this call may override. */
export function foreignLeases(
  ctx: ConflictContext,
  writes: readonly string[],
  sessionId: string,
  accepted: ReadonlySet<string>,
): Map<string, { sessionId: string; paths: string[] }> {
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

/**
 * Raises a `write_write` conflict for each set of leases other sessions hold on `writes` until none is left
 * (the holders ended, or the person / `--on-conflict` overrode them: those holders are added to `accepted`).
 * Returns the refusal for the model, or null when the call may go on.
 */
export async function settleLeases(
  ctx: ConflictContext,
  call: RuntimeCall,
  ws: string,
  writes: readonly string[],
  accepted: Set<string>,
): Promise<Msg | null> {
  for (;;) {
    const held = foreignLeases(ctx, writes, call.sessionId, accepted);
    if (held.size === 0) return null;
    const first = [...held.values()][0] as { sessionId: string; paths: string[] };
    const paths = [...new Set([...held.values()].flatMap((h) => h.paths))].map((p) => shownPath(ws, p));
    const owners = sessionsLabel(ctx, [...held.values()].map((h) => h.sessionId));
    const vars = { paths: paths.join(', '), count: paths.length, owners };
    const outcome = await decideRuntime(ctx, call, {
      kind: 'write_write',
      otherSessionId: first.sessionId,
      blockers: [...held.keys()],
      paths,
      detail: msg('reasons.conflictLeased', vars),
      refusal: msg('reasons.writeRefused', vars),
    });
    if (outcome.kind === 'refused') return outcome.error;
    if (outcome.kind === 'proceed') for (const id of held.keys()) accepted.add(id);
  }
}

/**
 * A destructive git command while other sessions have uncommitted edits in the worktree: asks (or applies
 * `--on-conflict`) until those edits are gone or overridden. `clear`: nothing to protect; `overridden`: a
 * person or `--on-conflict override` let it through; otherwise the refusal for the model.
 */
export async function settleDestructive(
  ctx: ConflictContext,
  call: RuntimeCall,
  ws: string,
  command: string,
): Promise<'clear' | 'overridden' | { error: Msg }> {
  for (;;) {
    const git = await gitDirtyPaths(ws, ctx.host.env);
    if (!git) return 'clear';
    const bySession = new Map<string, string[]>();
    for (const w of ctx.cstore.latestWritersUnder(git.root)) {
      if (w.sessionId === call.sessionId || !git.dirty.has(w.path)) continue;
      bySession.set(w.sessionId, [...(bySession.get(w.sessionId) ?? []), w.path]);
    }
    if (bySession.size === 0) return 'clear';
    const sessions = [...bySession.keys()];
    const blockers = sessions.flatMap((s) => ctx.store.prompts.list(s).filter((p) => !isTerminal(p.status)).map((p) => p.id));
    const paths = [...bySession.values()].flat().map((p) => shownPath(ws, p));
    const detail = msg('reasons.conflictDiscard', { command: `\`${command}\``, sessions: listOf(sessions.map((s) => sessionLabel(ctx, s))), paths: paths.join(', ') });
    const outcome = await decideRuntime(ctx, call, {
      kind: 'git_destructive',
      otherSessionId: sessions[0] ?? null,
      blockers,
      paths,
      detail,
      refusal: msg('reasons.discardRefused', { detail }),
    });
    if (outcome.kind === 'proceed') return 'overridden';
    if (outcome.kind === 'refused') return { error: outcome.error };
  }
}

/** True when the session may change the file as it is now: it does not exist, or the session knows this version. */
export function knowsVersion(now: FileStamp, special: boolean, known: FileStamp | undefined): boolean {
  if (now.sha256 === null || special) return true;
  return known !== undefined && sameVersion(known, now);
}

/** Records a `stale_read` conflict (settled as `block`) and returns the error telling the model to Read first. */
export function staleError(ctx: ConflictContext, call: RuntimeCall, ws: string, path: string, known: FileStamp | undefined, now: FileStamp): Msg {
  const shown = shownPath(ws, path);
  const last = ctx.cstore.latestFor(path);
  const writer = last && last.sessionId !== call.sessionId && last.afterSha === now.sha256 ? last.sessionId : null;
  const by = writer ? msg('reasons.modifiedBy', { who: sessionLabel(ctx, writer) }) : msg('reasons.modifiedOutside');
  const error = known ? msg('reasons.staleChanged', { path: shown, by }) : msg('reasons.staleUnread', { path: shown });
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
