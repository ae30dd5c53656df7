import type { RequestOutput } from '../../../shared/api';
import { err, ok, type Result } from '../../../shared/result';
import type { Git } from './git';
import { pendingMessage } from './merge';
import { dirtyPaths, isAncestor, resolveCommit } from './repo';
import { commitPending } from './snapshot';
import type { WorktreeRow } from './types';

export type RemoveOutcome = RequestOutput<'worktree.remove'>;

/**
 * Removes the worktree folder. Without `force` only when everything in it is merged into the base branch (then
 * the merged branch is deleted too); with `force`, uncommitted files are first committed and the branch is kept.
 */
export async function removeWorktree(git: Git, wt: WorktreeRow, opts: { ref: string; force: boolean }): Promise<Result<RemoveOutcome>> {
  if (wt.state === 'removed') return err('invalid_state', `the worktree of session ${opts.ref} was already removed; its work is on branch ${wt.branch}`);
  const dirty = await dirtyPaths(git, wt.path);
  if (!dirty.ok) return dirty;
  const head = await resolveCommit(git, wt.path, 'HEAD');
  if (!head) return err('internal', `cannot read HEAD of worktree ${wt.path}`);
  const baseTip = wt.base_ref ? await resolveCommit(git, wt.base_repo, `refs/heads/${wt.base_ref}`) : null;
  const merged = dirty.value.length === 0 && baseTip !== null && (await isAncestor(git, wt.base_repo, head, baseTip));
  if (!merged && !opts.force) {
    const why = dirty.value.length > 0 ? `uncommitted changes to ${dirty.value.slice(0, 10).join(', ')}` : `commits not in ${wt.base_ref ?? 'any base branch'}`;
    return err('invalid_state', `session ${opts.ref}'s worktree ${wt.path} has ${why}; merge it first, or remove with force (the work is committed and kept on branch ${wt.branch})`);
  }
  let committed: string | null = null;
  if (dirty.value.length > 0) {
    const c = await commitPending(git, wt.path, pendingMessage(opts.ref));
    if (!c.ok) return c;
    committed = c.value;
  }
  // Clean now; git deletes ignored files with the folder. `--force` only when asked (e.g. submodules).
  const removed = await git.out(wt.base_repo, ['worktree', 'remove', ...(opts.force ? ['--force'] : []), wt.path], `removing worktree ${wt.path}`);
  if (!removed.ok) return removed;
  const deleted = merged ? (await git.run(wt.base_repo, ['branch', '-d', wt.branch])).code === 0 : false;
  return ok({ branch: wt.branch, branchDeleted: deleted, committed });
}
