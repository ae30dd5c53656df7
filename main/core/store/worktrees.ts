import type { WorktreeInfo } from '../../../shared/models';

export type WorktreeState = WorktreeInfo['state'];

/** One row of `session_worktrees` (migration 003): where an isolated session works and what it forked from. */
export interface WorktreeRow {
  session_id: string;
  branch: string;
  /** The base branch (short name), null when the base repository was on a detached HEAD. */
  base_ref: string | null;
  base_commit: string;
  /** Top-level folder of the base repository's worktree the session was created from. */
  base_repo: string;
  base_workspace: string;
  /** Top-level folder of the session's worktree. */
  path: string;
  state: WorktreeState;
  merge_commit: string | null;
  created_at: string;
  merged_at: string | null;
  removed_at: string | null;
}

export function worktreeInfo(row: WorktreeRow): WorktreeInfo {
  return {
    branch: row.branch,
    baseRef: row.base_ref,
    baseCommit: row.base_commit,
    baseWorkspace: row.base_workspace,
    path: row.path,
    state: row.state,
  };
}
