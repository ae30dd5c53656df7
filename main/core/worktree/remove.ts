import type { RequestOutput } from '../../../shared/api';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import type { Git } from './git';
import { pendingMessage } from './merge';
import { dirtyPaths, isAncestor, resolveCommit } from './repo';
import { commitPending } from './snapshot';
import type { WorktreeRow } from '../store/worktrees';

export type RemoveOutcome = RequestOutput<'worktree.remove'>;

/**
 * Removes the worktree folder. Without `force` only when everything in it is merged into the base branch (then
 * the merged branch is deleted too); with `force`, uncommitted files are first committed and the branch is kept.
 */
export async function removeWorktree(git: Git, wt: WorktreeRow, opts: { ref: string; force: boolean }): Promise<Result<RemoveOutcome>> {
  if (wt.state === 'removed') return err('invalid_state', msg('engineErrors.worktree.alreadyRemoved', { ref: opts.ref, branch: wt.branch }));
  const dirty = await dirtyPaths(git, wt.path);
  if (!dirty.ok) return dirty;
  const head = await resolveCommit(git, wt.path, 'HEAD');
  if (!head) return err('internal', msg('engineErrors.worktree.cannotReadHead', { path: wt.path }));
  const baseTip = wt.base_ref ? await resolveCommit(git, wt.base_repo, `refs/heads/${wt.base_ref}`) : null;
  const merged = dirty.value.length === 0 && baseTip !== null && (await isAncestor(git, wt.base_repo, head, baseTip));
  if (!merged && !opts.force) {
    const why =
      dirty.value.length > 0 ? msg('engineErrors.worktree.uncommittedTo', { files: dirty.value.slice(0, 10).join(', ') })
      : wt.base_ref ? msg('engineErrors.worktree.commitsNotIn', { base: wt.base_ref })
      : msg('engineErrors.worktree.commitsNotInAny');
    return err('invalid_state', msg('engineErrors.worktree.hasWork', { ref: opts.ref, path: wt.path, why, branch: wt.branch }));
  }
  let committed: string | null = null;
  if (dirty.value.length > 0) {
    const c = await commitPending(git, wt.path, pendingMessage(opts.ref));
    if (!c.ok) return c;
    committed = c.value;
  }
  // Clean now; git deletes ignored files with the folder. `--force` only when asked (e.g. submodules).
  const removed = await git.out(wt.base_repo, ['worktree', 'remove', ...(opts.force ? ['--force'] : []), wt.path], msg('engineErrors.git.removingWorktree', { path: wt.path }));
  if (!removed.ok) return removed;
  const deleted = merged ? (await git.run(wt.base_repo, ['branch', '-d', wt.branch])).code === 0 : false;
  return ok({ branch: wt.branch, branchDeleted: deleted, committed });
}
