import type { RequestOutput } from '../../../shared/api';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { gitFailure, splitZ, type Git } from './git';
import { resolveCommit } from './repo';
import { snapshotTree } from './snapshot';
import type { WorktreeRow } from '../store/worktrees';

export type WorktreeDiff = RequestOutput<'worktree.diff'>;
type Change = WorktreeDiff['files'][number]['change'];

/** Diff text beyond this is cut (the file list stays complete). */
export const MAX_DIFF_BYTES = 2 * 1024 * 1024;

const CHANGES: Record<string, Change> = { A: 'added', M: 'modified', D: 'deleted', T: 'type_changed' };

/**
 * Where the session's work starts: the merge base of its HEAD and the base branch (so work merged earlier is
 * not shown again), else the commit the worktree was forked from.
 */
export async function forkPoint(git: Git, wt: WorktreeRow, head: string): Promise<string> {
  const baseTip = wt.base_ref ? await resolveCommit(git, wt.base_repo, `refs/heads/${wt.base_ref}`) : null;
  if (!baseTip) return wt.base_commit;
  const mb = await git.run(wt.path, ['merge-base', head, baseTip]);
  return mb.code === 0 && mb.stdout.trim() ? mb.stdout.trim() : wt.base_commit;
}

/** The session's committed and uncommitted changes against its fork point; the worktree is not modified. */
export async function worktreeDiff(git: Git, wt: WorktreeRow): Promise<Result<WorktreeDiff>> {
  if (wt.state === 'removed') return err('invalid_state', msg('engineErrors.worktree.diffRemoved', { branch: wt.branch }));
  const snap = await snapshotTree(git, wt.path);
  if (!snap.ok) return snap;
  const base = await forkPoint(git, wt, snap.value.head);
  const names = await git.out(wt.path, ['diff', '--name-status', '--no-renames', '-z', base, snap.value.tree], msg('engineErrors.git.listingChanges', { branch: wt.branch }));
  if (!names.ok) return names;
  const parts = splitZ(names.value);
  const files: WorktreeDiff['files'] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    files.push({ path: parts[i + 1] as string, change: CHANGES[(parts[i] as string)[0] ?? 'M'] ?? 'modified' });
  }
  const text = await git.run(wt.path, ['diff', '--no-color', '--no-ext-diff', '--no-renames', base, snap.value.tree]);
  if (text.code !== 0) return err('internal', gitFailure(msg('engineErrors.git.diffing', { branch: wt.branch }), text));
  const truncated = Buffer.byteLength(text.stdout) > MAX_DIFF_BYTES;
  return ok({
    branch: wt.branch,
    baseRef: wt.base_ref,
    base,
    head: snap.value.head,
    uncommitted: snap.value.uncommitted,
    files,
    diff: truncated ? Buffer.from(text.stdout).subarray(0, MAX_DIFF_BYTES).toString('utf8') : text.stdout,
    truncated,
  });
}
