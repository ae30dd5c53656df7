import type { RequestOutput } from '../../../shared/api';
import { err, ok, type Result } from '../../../shared/result';
import type { Git } from './git';
import { identityArgs } from './identity';
import { mergeTree } from './merge-tree';
import { checkedOutAt, dirtyPaths, isAncestor, resolveCommit } from './repo';
import { commitPending, commitTree, snapshotTree } from './snapshot';
import type { WorktreeRow } from './types';
import { checkMergeTreeSupport } from './version';

export type MergeOutcome = RequestOutput<'worktree.merge'>;

const short = (sha: string): string => sha.slice(0, 12);
const list = (paths: readonly string[], n = 10): string =>
  paths.length > n ? `${paths.slice(0, n).join(', ')} and ${paths.length - n} more` : paths.join(', ');

export const pendingMessage = (ref: string): string => `paragents: session ${ref}`;
const mergeMessage = (ref: string, wt: WorktreeRow): string => `Merge paragents session ${ref} (branch ${wt.branch})`;

/**
 * Merges (or with `preview`, only reports on merging) an isolated session's work into its base branch. Never
 * discards anything: a merge that would conflict, or touch files with uncommitted changes in the base, is
 * refused before anything is written, and the session's work stays on its branch.
 */
export async function mergeWorktree(git: Git, wt: WorktreeRow, opts: { ref: string; preview: boolean }): Promise<Result<MergeOutcome>> {
  if (wt.state === 'removed') return err('invalid_state', `the worktree of session ${opts.ref} was removed; its work is on branch ${wt.branch}`);
  const supported = await checkMergeTreeSupport(git);
  if (!supported.ok) return supported;
  const baseRef = wt.base_ref;
  if (!baseRef) {
    return err('invalid_state', `session ${opts.ref} was created on a detached HEAD (${short(wt.base_commit)}) of ${wt.base_repo}, so there is no base branch to merge into; its work is on branch ${wt.branch}`);
  }
  const baseTip = await resolveCommit(git, wt.base_repo, `refs/heads/${baseRef}`);
  if (!baseTip) return err('invalid_state', `base branch ${baseRef} no longer exists in ${wt.base_repo}; the work of session ${opts.ref} stays on branch ${wt.branch}`);

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
    if (!head) return err('internal', `cannot read HEAD of worktree ${wt.path}`);
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
    return err('conflict', `merging ${wt.branch} into ${baseRef} would conflict in ${list(m.value.conflicts)}; nothing was merged and the work stays on ${wt.branch} (merge ${baseRef} into the worktree ${wt.path} and resolve there, then merge again)`);
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
    return err('conflict', `${top} (branch ${baseRef}) has uncommitted changes to ${list(overlap)}, which the merge would change; commit or stash them, then merge again (nothing was merged)`);
  }
  const run = await git.out(top, [...(await identityArgs(git, top)), 'merge', '--no-ff', '--no-edit', '--no-verify', '-m', message, commit], `merging into ${baseRef} in ${top}`);
  if (!run.ok) {
    // git refuses before writing when local files are in the way; a conflict here means the base moved meanwhile.
    const inMerge = await git.out(top, ['rev-parse', '--verify', '--quiet', 'MERGE_HEAD'], 'checking for a merge in progress');
    if (inMerge.ok && inMerge.value) await git.out(top, ['merge', '--abort'], `aborting the merge in ${top}`);
    return err('conflict', `${run.error.message}; nothing was merged`);
  }
  return git.out(top, ['rev-parse', '--verify', 'HEAD^{commit}'], `reading HEAD of ${top}`);
}

/** The base branch is checked out nowhere: write the merge commit from the merged tree and move the branch, only if it has not moved. */
async function mergeByRef(git: Git, repo: string, baseRef: string, baseTip: string, commit: string, tree: string, message: string): Promise<Result<string>> {
  const c = await commitTree(git, repo, tree, [baseTip, commit], message);
  if (!c.ok) return c;
  const moved = await git.out(repo, ['update-ref', '-m', message, `refs/heads/${baseRef}`, c.value, baseTip], `updating branch ${baseRef} in ${repo}`);
  if (!moved.ok) return err('conflict', `branch ${baseRef} moved while merging; nothing was merged, try again (${moved.error.message})`);
  return ok(c.value);
}
