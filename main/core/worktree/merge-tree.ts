import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { gitFailure, splitZ, type Git } from './git';

export interface TreeMerge {
  clean: boolean;
  /** The merged tree (with conflict markers where not clean). */
  tree: string;
  conflicts: string[];
  /** Files whose content the merge changes relative to `ours`. */
  files: string[];
}

/** `git merge-tree --write-tree`: merges two commits in the object store only; no working tree or index is touched. */
export async function mergeTree(git: Git, repo: string, ours: string, theirs: string): Promise<Result<TreeMerge>> {
  const run = await git.run(repo, ['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', ours, theirs]);
  if (run.code !== 0 && run.code !== 1) return err('internal', gitFailure(msg('engineErrors.git.previewMerge', { theirs: theirs.slice(0, 12), ours: ours.slice(0, 12), repo }), run));
  const [tree, ...conflicts] = splitZ(run.stdout);
  if (!tree) return err('internal', msg('engineErrors.worktree.noTree', { theirs: theirs.slice(0, 12), ours: ours.slice(0, 12), repo }));
  const changed = await git.out(repo, ['diff', '--name-only', '--no-renames', '-z', ours, tree], msg('engineErrors.git.listingMergeChanges', { repo }));
  if (!changed.ok) return changed;
  return ok({ clean: run.code === 0, tree, conflicts: [...new Set(conflicts)], files: splitZ(changed.value) });
}
