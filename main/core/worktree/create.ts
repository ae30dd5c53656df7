import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import type { Git } from './git';
import { inspectWorkspace, resolveCommit } from './repo';
import type { WorktreeRow } from '../store/worktrees';

/** Where isolated sessions' worktrees live: `<PARAGENTS_HOME>/worktrees/<session ref>`. */
export const worktreesDir = (home: string): string => path.resolve(home, 'worktrees');

export const sessionBranch = (ref: string): string => `paragents/${ref}`;

export interface NewWorktree {
  row: Omit<WorktreeRow, 'session_id'>;
  /** The session's workspace: the worktree folder, or the same sub-folder the user picked in the base. */
  workspace: string;
}

/**
 * `git worktree add -b paragents/<ref> <home>/worktrees/<ref> <HEAD commit>` for the repository holding `dir`.
 * Nothing is left behind on failure.
 */
export async function addWorktree(git: Git, opts: { home: string; dir: string; ref: string; now: string; commit?: string }): Promise<Result<NewWorktree>> {
  const base = await inspectWorkspace(git, opts.dir);
  if (!base.ok) return base;
  const branch = sessionBranch(opts.ref);
  if ((await resolveCommit(git, base.value.top, `refs/heads/${branch}`)) !== null) {
    return err('invalid_state', msg('engineErrors.worktree.branchExists', { branch, repo: base.value.top, ref: opts.ref }));
  }
  const parent = worktreesDir(opts.home);
  const target = path.join(parent, opts.ref);
  if (existsSync(target)) return err('invalid_state', msg('engineErrors.worktree.folderExists', { path: target, ref: opts.ref }));
  mkdirSync(parent, { recursive: true });
  // A child starts from a snapshot of its parent's workspace; a session a person isolates, from HEAD.
  const start = opts.commit ?? base.value.commit;
  const added = await git.out(base.value.top, ['worktree', 'add', '--quiet', '-b', branch, target, start], msg('engineErrors.git.creatingWorktree', { path: target, repo: base.value.top }));
  if (!added.ok) return added;
  const top = realpathSync(target);
  const workspace = path.join(top, base.value.rel);
  // A sub-folder with nothing committed in it is not checked out; the session still works there.
  mkdirSync(workspace, { recursive: true });
  return ok({
    workspace,
    row: {
      branch,
      base_ref: base.value.branch,
      base_commit: start,
      base_repo: base.value.top,
      base_workspace: opts.dir,
      path: top,
      state: 'active',
      merge_commit: null,
      created_at: opts.now,
      merged_at: null,
      removed_at: null,
    },
  });
}

/** Undoes `addWorktree` for a worktree nobody has worked in yet (a session that could not be recorded). */
export async function discardFreshWorktree(git: Git, row: Omit<WorktreeRow, 'session_id'>): Promise<void> {
  await git.run(row.base_repo, ['worktree', 'remove', '--force', row.path]);
  await git.run(row.base_repo, ['branch', '-D', row.branch]);
}
