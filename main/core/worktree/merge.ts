import type { RequestOutput } from '../../../shared/api';
import { msg, type Msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import type { Git } from './git';
import { identityArgs } from './identity';
import { mergeTree } from './merge-tree';
import { checkedOutAt, dirtyPaths, isAncestor, resolveCommit } from './repo';
import { commitPending, commitTree, snapshotTree } from './snapshot';
import type { WorktreeRow } from '../store/worktrees';
import { checkMergeTreeSupport } from './version';

export type MergeOutcome = RequestOutput<'worktree.merge'>;

const short = (sha: string): string => sha.slice(0, 12);
/** The first `n` paths, then how many more (the paths stay as written). */
export const pathList = (paths: readonly string[], n = 10): string | Msg =>
  paths.length > n ? msg('engineErrors.worktree.andMore', { files: paths.slice(0, n).join(', '), more: paths.length - n }) : paths.join(', ');

export const pendingMessage = (ref: string): string => `paragents: session ${ref}`;
const mergeMessage = (ref: string, wt: WorktreeRow): string => `Merge paragents session ${ref} (branch ${wt.branch})`;

/**
 * Merges (or with `preview`, only reports on merging) an isolated session's work into its base branch. Never
 * discards anything: a merge that would conflict, or touch files with uncommitted changes in the base, is
 * refused before anything is written, and the session's work stays on its branch.
 */
export async function mergeWorktree(git: Git, wt: WorktreeRow, opts: { ref: string; preview: boolean }): Promise<Result<MergeOutcome>> {
  if (wt.state === 'removed') return err('invalid_state', msg('engineErrors.worktree.removed', { ref: opts.ref, branch: wt.branch }));
  const supported = await checkMergeTreeSupport(git);
  if (!supported.ok) return supported;
  const baseRef = wt.base_ref;
  if (!baseRef) {
    return err('invalid_state', msg('engineErrors.worktree.detachedHead', { ref: opts.ref, commit: short(wt.base_commit), repo: wt.base_repo, branch: wt.branch }));
  }
  const baseTip = await resolveCommit(git, wt.base_repo, `refs/heads/${baseRef}`);
  if (!baseTip) return err('invalid_state', msg('engineErrors.worktree.baseGone', { base: baseRef, repo: wt.base_repo, ref: opts.ref, branch: wt.branch }));

  let committed: string | null = null;
  let sessionCommit: string;
  if (opts.preview) {
    const snap = await snapshotTree(git, wt.path);
    if (!snap.ok) return snap;
    if (!snap.value.uncommitted) sessionCommit = snap.value.head;
    else {
      const c = await commitTree(git, wt.path, snap.value.tree, [snap.value.head], pendingMessage(opts.ref));
      if (!c.ok) return c;
      sessionCommit = c.value;
    }
  } else {
    const c = await commitPending(git, wt.path, pendingMessage(opts.ref));
    if (!c.ok) return c;
    committed = c.value;
    const head = await resolveCommit(git, wt.path, 'HEAD');
    if (!head) return err('internal', msg('engineErrors.worktree.cannotReadHead', { path: wt.path }));
    sessionCommit = head;
  }

  const outcome: MergeOutcome = {
    preview: opts.preview, branch: wt.branch, baseRef, baseCommit: baseTip, sessionCommit,
    upToDate: false, clean: true, conflicts: [], files: [], merged: false, mergeCommit: null, committed,
  };
  if (await isAncestor(git, wt.base_repo, sessionCommit, baseTip)) return ok({ ...outcome, upToDate: true });

  const m = await mergeTree(git, wt.base_repo, baseTip, sessionCommit);
  if (!m.ok) return m;
  const report = { ...outcome, clean: m.value.clean, conflicts: m.value.conflicts, files: m.value.files };
  if (opts.preview) return ok(report);
  if (!m.value.clean) {
    return err('conflict', msg('engineErrors.worktree.mergeConflict', { branch: wt.branch, base: baseRef, files: pathList(m.value.conflicts), path: wt.path }));
  }

  const at = await checkedOutAt(git, wt.base_repo, baseRef);
  if (!at.ok) return at;
  const merged = at.value
    ? await mergeInWorktree(git, at.value, baseRef, sessionCommit, m.value.files, mergeMessage(opts.ref, wt))
    : await mergeByRef(git, wt.base_repo, baseRef, baseTip, sessionCommit, m.value.tree, mergeMessage(opts.ref, wt));
  if (!merged.ok) return merged;
  return ok({ ...report, merged: true, mergeCommit: merged.value });
}

/** The base branch is checked out in `top`: `git merge --no-ff` there, unless the user has uncommitted changes to the same files. */
async function mergeInWorktree(git: Git, top: string, baseRef: string, commit: string, files: readonly string[], message: string): Promise<Result<string>> {
  const dirty = await dirtyPaths(git, top);
  if (!dirty.ok) return dirty;
  const touched = new Set(files);
  const overlap = dirty.value.filter((p) => touched.has(p));
  if (overlap.length > 0) {
    return err('conflict', msg('engineErrors.worktree.baseDirty', { repo: top, base: baseRef, files: pathList(overlap) }));
  }
  const run = await git.out(top, [...(await identityArgs(git, top)), 'merge', '--no-ff', '--no-edit', '--no-verify', '-m', message, commit], msg('engineErrors.git.mergingInto', { base: baseRef, repo: top }));
  if (!run.ok) {
    // git refuses before writing when local files are in the way; a conflict here means the base moved meanwhile.
    const inMerge = await git.out(top, ['rev-parse', '--verify', '--quiet', 'MERGE_HEAD'], msg('engineErrors.git.checkingMerge'));
    if (inMerge.ok && inMerge.value) await git.out(top, ['merge', '--abort'], msg('engineErrors.git.abortingMerge', { repo: top }));
    return err('conflict', msg('engineErrors.worktree.nothingMerged', { error: run.error.msg ?? run.error.message }));
  }
  return git.out(top, ['rev-parse', '--verify', 'HEAD^{commit}'], msg('engineErrors.git.readingHead', { path: top }));
}

/** The base branch is checked out nowhere: write the merge commit from the merged tree and move the branch, only if it has not moved. */
async function mergeByRef(git: Git, repo: string, baseRef: string, baseTip: string, commit: string, tree: string, message: string): Promise<Result<string>> {
  const c = await commitTree(git, repo, tree, [baseTip, commit], message);
  if (!c.ok) return c;
  const moved = await git.out(repo, ['update-ref', '-m', message, `refs/heads/${baseRef}`, c.value, baseTip], msg('engineErrors.git.updatingBranch', { base: baseRef, repo }));
  if (!moved.ok) return err('conflict', msg('engineErrors.worktree.baseMoved', { base: baseRef, error: moved.error.msg ?? moved.error.message }));
  return ok(c.value);
}
